// <head> of every page: the manifest for the PWA, icons, theme colour, and the blocking script
// that applies the saved theme before the first paint.
export default function Head() {
  return (
    <>
      <meta name="theme-color" content="#b3261e" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/icons/icon-192.png" />
      <script src="/theme-init.js" />
    </>
  );
}
