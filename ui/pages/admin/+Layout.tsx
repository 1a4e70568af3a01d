// The admin frame: the sign-in page alone, every other page under a header with the version,
// the user, navigation and logout. While the user is not yet known: 'Laddar...' (SPEC 2).
import { useEffect, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { navigate } from 'vike/client/router';
import '../../styles/admin.css';
import { ADMIN_VERSION } from '../../lib/adminTexts.js';
import { ADMIN_SCREENS, Loading, logout } from '../../components/admin/AdminFrame.js';
import { userAtom } from '../../state/auth.js';
import type { AdminData } from './+data.js';

export default function AdminLayout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  const data = useData<AdminData>();
  const [user, setUser] = useAtom(userAtom);
  useEffect(() => setUser(data.user), [data.user, setUser]);
  const current = user === undefined ? data.user : user;
  const onLogin = urlPathname === '/admin/login';

  useEffect(() => {
    if (!onLogin && current === null) void navigate('/admin/login', { overwriteLastHistoryEntry: true });
  }, [onLogin, current]);

  if (onLogin) return <main className="admin admin--login">{children}</main>;
  if (!current) return <Loading />;
  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header__inner">
          <a className="admin-brand" href="/admin">
            <img src="/favicon.svg" alt="" width="34" height="34" />
            <span>
              Pizzakiosken Admin <span className="admin-version">{ADMIN_VERSION}</span>
            </span>
          </a>
          <div className="admin-user">
            <span className="admin-user__name">{current.name}</span>
            <a className="btn btn--ghost btn--small" href="/">
              Till webbplatsen
            </a>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void logout(setUser)}>
              Logga ut
            </button>
          </div>
        </div>
        <nav className="admin-nav" aria-label="Admin">
          {ADMIN_SCREENS.map((screen) => (
            <a key={screen.href} href={screen.href} aria-current={urlPathname === screen.href ? 'page' : undefined}>
              {screen.label}
            </a>
          ))}
        </nav>
      </header>
      <main id="main" className="admin-main">
        {children}
      </main>
    </div>
  );
}
