// <head> of every page: the manifest for the PWA, icons, theme colour; the themes' styles, the
// script that applies the saved theme and the one that keeps what a person types before the
// page's scripts run (typed-ahead.js), all inline so that nothing blocks the first paint on a
// second request (the scripts' hashes are in the CSP: INLINE_SCRIPT_HASHES in
// api/http/securityHeaders.ts, test/ui/inlineHead.test.ts holds them equal).
import themeInit from '../public/theme-init.js?raw';
import typedAhead from '../public/typed-ahead.js?raw';
import themeStyles from '../styles/theme.css?inline';
import { useKiosk } from '../lib/kiosk.js';

export default function Head() {
  // The kiosk's own logo as the tab's icon where it uploaded one (rule: kiosk-identity).
  const { logo_url } = useKiosk();
  return (
    <>
      <meta name="theme-color" content="#b3261e" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {logo_url ? <link rel="icon" href={logo_url} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
      <link rel="apple-touch-icon" href="/icons/icon-192.png" />
      <style dangerouslySetInnerHTML={{ __html: themeStyles }} />
      <script dangerouslySetInnerHTML={{ __html: themeInit }} />
      <script dangerouslySetInnerHTML={{ __html: typedAhead }} />
    </>
  );
}
