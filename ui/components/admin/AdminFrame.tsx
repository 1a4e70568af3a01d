// The admin frame around every signed-in page: the header with the version, the user, the way
// back to the site and logout, and the navigation. While the user is not yet known: 'Laddar...'
// (SPEC 2).
import { DEFAULT_LOGO, named, useKiosk } from '../../lib/kiosk.js';
import type { ReactNode } from 'react';
import { roleMayOpen, type AdminRole } from '../../../domain/admins/roles.js';
import { ADMIN_SCREENS, ADMIN_VERSION, frameTexts } from './frameTexts.js';

/** The screens a role may open, in the nav's order (rule: admin-roles). */
export const screensFor = (role: AdminRole) => ADMIN_SCREENS.filter((screen) => roleMayOpen(role, screen.href));

export function Loading() {
  return (
    <div className="admin-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {frameTexts.loading}
    </div>
  );
}

/** The screen itself is the page; a screen's sub-page (/admin/calendar/closures) keeps its screen marked. */
function navCurrent(href: string, path: string): 'page' | 'true' | undefined {
  if (path === href) return 'page';
  return href !== '/admin' && path.startsWith(`${href}/`) ? 'true' : undefined;
}

export function AdminFrame({
  userName,
  role,
  currentPath,
  onLogout,
  accountAction,
  children,
}: {
  userName: string;
  role: AdminRole;
  currentPath: string;
  onLogout: () => void;
  /** The header's own-account control (the page passes the accounts feature's 'Byt lösenord'). */
  accountAction?: ReactNode;
  children: ReactNode;
}) {
  // The kiosk's own name and logo (rule: kiosk-identity).
  const kiosk = useKiosk();
  return (
    <div className="admin">
      {/* The customer pages' header bar (theme.css .site-header); admin-header is what print and tests find. */}
      <header className="site-header admin-header">
        <div className="admin-header__inner">
          <a className="admin-brand" href="/admin">
            <img src={kiosk.logo_url ?? DEFAULT_LOGO} alt="" width="34" height="34" />
            <span>
              {named(frameTexts.brand, kiosk.name)} <span className="admin-version">{ADMIN_VERSION}</span>
            </span>
          </a>
          <div className="admin-user">
            <span className="admin-user__name">{userName}</span>
            {accountAction}
            <a className="btn btn--ghost btn--small" href="/">
              {frameTexts.toSite}
            </a>
            <button type="button" className="btn btn--secondary btn--small" onClick={onLogout}>
              {frameTexts.logout}
            </button>
          </div>
        </div>
        <nav className="admin-nav" aria-label={frameTexts.nav}>
          {screensFor(role).map((screen) => (
            <a key={screen.href} href={screen.href} aria-current={navCurrent(screen.href, currentPath)}>
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

/** The link back to the dashboard that sub-screens show above their title. */
export function BackToOverview() {
  return (
    <p className="back-link">
      <a href="/admin">
        <span aria-hidden="true">←</span> {frameTexts.backToOverview}
      </a>
    </p>
  );
}
