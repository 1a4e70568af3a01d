// Paint first, then load the page's JavaScript. Vike ends each page with its client entry
// (`<script type="module" async>`) and a `<link rel="modulepreload">` for each of its chunks, so
// a browser fetches and runs the hydration's scripts while it is still laying out the server's
// HTML. The first screen needs none of them (it is the server's render), but on a slow phone their
// download shares the line with the page and their evaluation (React's hydration, the longest
// task) can run before the first frame and hold it back.
//
// Measured with Lighthouse 12 mobile on `/` (simulated slow 4G and a 4x slower CPU), 2026-11-28:
// the LCP element is the hero's text, painted in the first frame, and Lighthouse charged that
// paint with every script requested before it: LCP 2.0 to 2.2 s with the scripts in the HTML, 0.8
// to 1.1 s with them requested after the first contentful paint (docs/bench.md, "Paint first").
//
// So the page carries its scripts' addresses as data, and a small inline script (allowed by the
// CSP by its hash: securityHeaders.ts) requests them once the browser reports the first
// contentful paint, or after 3 s if it never does. A browser that does not report paints requests
// them after its first frame; a page opened in a background tab (which paints nothing until shown)
// requests them at once: there is no paint to wait for.
import { createHash } from 'node:crypto';

/** The inline loader: the same bytes on every page, so the CSP can name it by its hash. */
export const PAINT_FIRST_LOADER = `(function () {
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var assets = JSON.parse(document.getElementById('paint-first').textContent);
    var links = document.createDocumentFragment();
    assets.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.appendChild(link);
    });
    document.head.appendChild(links);
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = assets.entry;
    document.body.appendChild(entry);
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden') load();
  else if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(load, 3000);
  } else requestAnimationFrame(function () {
    setTimeout(load);
  });
})();`;

/** The loader as a CSP source. */
export const PAINT_FIRST_HASH = `'sha256-${createHash('sha256').update(PAINT_FIRST_LOADER).digest('base64')}'`;

const ENTRY = /<script src="([^"]+)" type="module" async><\/script>/;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;

/**
 * The page with its client entry and module preloads replaced by their addresses and the loader.
 * A page without a client entry (HTML only) is answered as it is.
 */
export function paintFirst(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const preload = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  // A data block is not run; '<' escaped, so nothing in it can end the block.
  const assets = JSON.stringify({ entry: entry[1], preload }).replace(/</g, '\\u003c');
  return html
    .replace(PRELOAD, '')
    .replace(
      ENTRY,
      () => `<script id="paint-first" type="application/json">${assets}</script><script>${PAINT_FIRST_LOADER}</script>`,
    );
}
