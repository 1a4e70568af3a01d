// The frame of the customer pages: the kiosk's header, the connection banners, the footer with
// the privacy notice and the accessibility statement (DIGG: reachable from every page, e.g. in a
// footer) and the service worker's update prompt.
import { lazy, Suspense, type ReactNode } from 'react';
import { ClientOnly } from 'vike-react/ClientOnly';
import { usePageContext } from 'vike-react/usePageContext';
import { Connectivity } from '../../components/Connectivity.js';
import { KIOSK, customerTexts } from '../../lib/texts.js';
import { DEFAULT_LOGO, useKiosk } from '../../lib/kiosk.js';
import { SellerFooter } from '../../components/seller/SellerFooter.js';
import { footerTexts } from '../../features/legal/footerTexts.js';
import { hasQueuedBookings } from '../../lib/offlineQueued.js';

// Loaded only in the browser: it registers the service worker and touches navigator at render.
const ReloadPrompt = lazy(() => import('../../components/ReloadPrompt.js'));

/**
 * Sends the bookings saved on this device while offline, when any wait: the code that sends them
 * loads only then, not on every customer page for a queue that is nearly always empty. When the
 * connection returns it loads online, and the service worker has it cached.
 */
const syncOfflineBookings = () =>
  hasQueuedBookings(localStorage)
    ? import('../../features/booking/api/offlineSync.js').then((sync) => sync.syncOfflineBookings())
    : Promise.resolve();

export default function Layout({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  const onBooking = urlPathname === '/' || urlPathname === '/booking';
  // The kiosk's own name, tagline and logo (rule: kiosk-identity).
  const kiosk = useKiosk();
  return (
    <>
      <a className="skip-link" href="#main">
        {customerTexts.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <a className="brand" href="/" aria-label={customerTexts.home(kiosk.name, kiosk.tagline)}>
            <img className="brand__logo" src={kiosk.logo_url ?? DEFAULT_LOGO} alt="" width="40" height="40" />
            <span className="brand__text">
              <span className="brand__name">{kiosk.name}</span>
              {kiosk.tagline && <span className="brand__tagline">{kiosk.tagline}</span>}
            </span>
          </a>
          <nav aria-label={customerTexts.mainMenu} className="site-nav">
            <a href="/" aria-current={onBooking ? 'page' : undefined}>
              {customerTexts.book}
            </a>
            <a href="/my-booking" aria-current={urlPathname === '/my-booking' ? 'page' : undefined}>
              {customerTexts.myBooking}
            </a>
          </nav>
        </div>
      </header>
      <Connectivity sync={syncOfflineBookings} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          {kiosk.name} · {customerTexts.since} ·{' '}
          <a href={KIOSK.socialUrl} rel="noopener">
            {KIOSK.socialLabel}
          </a>
        </p>
        <SellerFooter />
        <nav aria-label={footerTexts.about} className="site-footer__links">
          <a href="/integritet" aria-current={urlPathname === '/integritet' ? 'page' : undefined}>
            {footerTexts.privacy}
          </a>
          <a href="/tillganglighet" aria-current={urlPathname === '/tillganglighet' ? 'page' : undefined}>
            {footerTexts.accessibility}
          </a>
        </nav>
      </footer>
      <ClientOnly>
        <Suspense>
          <ReloadPrompt />
        </Suspense>
      </ClientOnly>
    </>
  );
}
