// The admin frame: the sign-in page alone, every other page in the frame with the signed-in user
// the server put in the first HTML (+data). A user who signs out elsewhere is sent to sign in.
import { useEffect, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { goTo, useToastAfterLoad } from '../../lib/goTo.js';
import '../../styles/admin.css';
import { AdminFrame, Loading } from '../../components/admin/AdminFrame.js';
import { useLogout } from '../../features/auth/components/useLogout.js';
import { ChangePasswordButton } from '../../features/accounts/components/ChangePasswordButton.js';
import { userAtom } from '../../state/auth.js';
import type { AdminData } from './+data.js';

export default function AdminLayout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  const data = useData<AdminData>();
  const [user, setUser] = useAtom(userAtom);
  const logout = useLogout();
  useToastAfterLoad();
  useEffect(() => setUser(data.user), [data.user, setUser]);
  const current = user === undefined ? data.user : user;
  const onLogin = urlPathname === '/admin/login';

  useEffect(() => {
    if (!onLogin && current === null) goTo('/admin/login', { replace: true });
  }, [onLogin, current]);

  if (onLogin) return <main className="admin admin--login">{children}</main>;
  if (!current) return <Loading />;
  return (
    <AdminFrame
      userName={current.name}
      role={current.role}
      currentPath={urlPathname}
      onLogout={() => void logout()}
      accountAction={<ChangePasswordButton />}
    >
      {children}
    </AdminFrame>
  );
}
