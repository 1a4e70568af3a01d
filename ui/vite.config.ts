// The UI build: Vike (SSR React) with the PWA plugin. Vite's root is ui/ so that Vike's
// filesystem routing starts at ui/pages; the output goes to dist/ui (client/ and server/), apart
// from tsc's dist/api, because Vite empties its out dir.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { VitePWA } from 'vite-plugin-pwa';

const uiDir = dirname(fileURLToPath(import.meta.url));
const root = join(uiDir, '..');

/** Where the client may import from outside ui/: the shared payload schemas, messages and their pure helpers. */
const SERVER_DIRS = ['api', 'read-models', 'projections', 'scripts', 'test'].map((d) => join(root, d) + sep);

/**
 * Fails the client build when server code would reach the browser bundle: the api, stores,
 * projections or any node: builtin. (The SSR build may import what it likes.)
 */
function clientStaysClean(): Plugin {
  return {
    name: 'pizzakiosken:client-stays-clean',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source.startsWith('node:'))
        this.error(`Server-only module "${source}" imported by ${importer} in the client bundle`);
      return null;
    },
    load(id) {
      if (SERVER_DIRS.some((dir) => id.startsWith(dir))) this.error(`Server code ${id} reached the client bundle`);
      return null;
    },
  };
}

/**
 * Pages are routed on the server (`clientRouting: false`), yet vike-react imports
 * `vike/getPageContext`, whose browser build sits in Vike's client router and pulls that whole
 * router (routes, prefetch, history) into every page. In the client build it is answered instead
 * from the hooks module both routers share: the same `providePageContext`, and `getPageContext()`
 * with the page context of the hook being run (what it answers without `asyncHook`).
 */
function pageContextWithoutClientRouter(): Plugin {
  const id = '\0pizzakiosken:vike-getPageContext';
  const execHook = realpathSync(
    join(root, 'node_modules', 'vike', 'dist', 'shared-server-client', 'hooks', 'execHook.js'),
  );
  return {
    name: 'pizzakiosken:page-context-without-client-router',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === 'vike/getPageContext' ? id : null),
    load: (loaded) =>
      loaded === id
        ? `import { getPageContext_sync, providePageContext } from ${JSON.stringify(execHook)};\n` +
          'export { providePageContext };\n' +
          'export function getPageContext() { return getPageContext_sync() ?? null; }\n'
        : null,
  };
}

/**
 * Parts of Vike's client runtime that a server-routed page whose pages are all `+` files never
 * needs, replaced in the client build by what it does run (3.6 KB gzipped of the booking page):
 * - the `.page.js` files of Vike's old design (the pages here have none: `+Page` files only), read
 *   beside the pages' configs on every page, and their exports merged into the page's config; the
 *   replacement reads the configs alone, and fails at the page's start if an old-design file ever
 *   appears;
 * - a URL parser (`utils/parseUrl.js`), which the client entry of server routing uses only to
 *   check that the address did not change during the hydration: the browser's URL does the same;
 * - two checks for mistakes while developing: a warning when two copies of Vike are loaded (one
 *   is, from this build), and one when a promise of Vike's has not settled after 25 s.
 * Each replaced file must still export what it replaces, or the build fails (like hydrateInSlices).
 */
function vikeClientWithoutUnusedParts(): Plugin {
  const dist = realpathSync(join(root, 'node_modules', 'vike', 'dist'));
  const replaced: Record<string, { exports: string[]; code: string }> = {
    [join(dist, 'shared-server-client', 'getPageFiles', 'parseVirtualFileExportsGlobalEntry.js')]: {
      exports: ['parseVirtualFileExportsGlobalEntry'],
      code:
        "import { parsePageConfigsSerialized } from '../page-configs/serialize/parsePageConfigsSerialized.js';\n" +
        'export function parseVirtualFileExportsGlobalEntry(entry) {\n' +
        '  const lists = [entry.pageFilesLazy, entry.pageFilesEager, entry.pageFilesExportNamesLazy, entry.pageFilesExportNamesEager];\n' +
        '  if (entry.pageFilesList.length > 0 || lists.some((list) => Object.values(list).some((files) => Object.keys(files).length > 0)))\n' +
        "    throw new Error('Vike page files of the old design (.page.js) are not read: see ui/vite.config.ts');\n" +
        '  const parsed = parsePageConfigsSerialized(entry.pageConfigsSerialized, entry.pageConfigGlobalSerialized);\n' +
        '  return { pageFilesAll: [], pageConfigs: parsed.pageConfigs, pageConfigGlobal: parsed.pageConfigGlobal };\n' +
        '}\n',
    },
    [join(dist, 'shared-server-client', 'getPageFiles', 'getAllPageIdFiles.js')]: {
      exports: ['getPageFilesClientSide', 'getPageFilesServerSide'],
      code:
        'const none = (pageFilesAll) => {\n' +
        "  if (pageFilesAll.length > 0) throw new Error('Vike page files of the old design (.page.js) are not read: see ui/vite.config.ts');\n" +
        '  return [];\n' +
        '};\n' +
        'export { none as getPageFilesClientSide, none as getPageFilesServerSide };\n',
    },
    [join(dist, 'utils', 'assertSingleInstance.js')]: {
      exports: [
        'assertSingleInstance_onClientEntryServerRouting',
        'assertSingleInstance_onClientEntryClientRouting',
        'assertSingleInstance_onAssertModuleLoad',
      ],
      code:
        'const unchecked = () => {};\n' +
        'export { unchecked as assertSingleInstance_onClientEntryServerRouting, unchecked as assertSingleInstance_onClientEntryClientRouting, unchecked as assertSingleInstance_onAssertModuleLoad };\n',
    },
    [join(dist, 'utils', 'genPromise.js')]: {
      exports: ['genPromise'],
      code:
        'export function genPromise() {\n' +
        '  let resolve, reject;\n' +
        '  const promise = new Promise((onResolve, onReject) => ((resolve = onResolve), (reject = onReject)));\n' +
        '  return { promise, resolve, reject };\n' +
        '}\n',
    },
    [join(dist, 'client', 'shared', 'normalizeClientSideUrl.js')]: {
      exports: ['normalizeClientSideUrl'],
      code:
        'export function normalizeClientSideUrl(url, options) {\n' +
        '  const { pathname, search, hash } = new URL(url, window.location.href);\n' +
        "  return pathname + search + (options?.withoutHash ? '' : hash);\n" +
        '}\n',
    },
  };
  // The config's resolution reads the exports of old-design files too: never called with none.
  const resolveConfig = join(dist, 'shared-server-client', 'page-configs', 'resolveVikeConfigPublic.js');
  const oldDesign = [
    /^import \{ assertDefaultExports, forbiddenDefaultExports \} from .*\n/m,
    /^import \{ makeLast \} from .*\n/m,
    /^import \{ isScriptFile, isTemplateFile \} from .*\n/m,
    /^function getExportValues\(pageFile\) \{\n[\s\S]*?\n {4}return exportValues;\n\}\n/m,
  ];
  return {
    name: 'pizzakiosken:vike-client-without-unused-parts',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (realpathOrSelf(id) !== resolveConfig) return null;
      if (!oldDesign.every((part) => part.test(code)))
        this.error(`Vike's ${id} changed: see vikeClientWithoutUnusedParts() in ui/vite.config.ts`);
      const parts = oldDesign.slice(0, 3).reduce((left, part) => left.replace(part, ''), code);
      const stub =
        "function getExportValues() {\n  throw new Error('Vike page files of the old design (.page.js) are not read');\n}\n";
      return { code: parts.replace(oldDesign[3], stub), map: null };
    },
    load(id) {
      const replacement = replaced[realpathOrSelf(id)];
      if (!replacement) return null;
      const original = readFileSync(id, 'utf8');
      const missing = replacement.exports.filter((name) => !new RegExp(`export \\{[^}]*\\b${name}\\b`).test(original));
      if (missing.length > 0)
        this.error(
          `Vike's ${id} no longer exports ${missing.join(', ')}: see vikeClientWithoutUnusedParts() in ui/vite.config.ts`,
        );
      return { code: replacement.code, map: null };
    },
  };
}

/** The file's real path (node_modules is a link in worktrees), or the id itself if it is no file. */
function realpathOrSelf(id: string): string {
  try {
    return realpathSync(id);
  } catch {
    return id;
  }
}

/**
 * Vite wraps every dynamic import of the client build in a helper that first loads the imported
 * chunk's CSS and preloads its imports (0.7 KB gzipped on every page). Here it has nothing to do:
 * modulePreload is off (below), and the only dynamic imports with CSS are Vike's loaders of each
 * page's entry, whose CSS the server already links in that page's HTML (server routing: a page
 * never loads another page's entry). So the helper only calls the import. The build fails if a
 * lazy part ever brings CSS of its own, which the helper would then have to load.
 */
function dynamicImportsWithoutPreloadHelper(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'pizzakiosken:dynamic-imports-without-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === helper ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();\n' : null),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (
          chunk.type === 'chunk' &&
          chunk.code.includes('__vite__mapDeps') &&
          !chunk.name.includes('entry-server-routing')
        )
          this.error(`${chunk.fileName} imports a lazy part with CSS: see dynamicImportsWithoutPreloadHelper()`);
    },
  };
}

/**
 * zod decides when it builds an object schema whether to compile it, probing `new Function`: under
 * the CSP that probe is a reported violation unless zod was told first (lib/noEval.ts). Every
 * client module that imports zod imports noEval before it, so no page can build a schema earlier,
 * and a page without zod (the booking page) carries none of it.
 */
function zodTakesNoEval(): Plugin {
  const noEval = join(uiDir, 'lib', 'noEval.ts');
  return {
    name: 'pizzakiosken:zod-takes-no-eval',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\bfrom\s*['"]zod['"]/.test(code)) return null;
      return { code: `import ${JSON.stringify(noEval)};\n${code}`, map: null };
    },
  };
}

/**
 * Hydration in slices: vike-react hydrates the server's page with a plain hydrateRoot(), which
 * React renders at its default priority in one task (about 0.6 s of script on Lighthouse's 4x
 * slower phone, in long tasks of 90 to 180 ms). Started inside startTransition() the same
 * hydration is a transition, which React renders in slices of about 5 ms and yields between them,
 * so a tap meanwhile is answered (React hydrates what was tapped first). Next.js starts its
 * hydration the same way. Only the call is wrapped; the build fails if vike-react's code no
 * longer has it, rather than hydrate unsliced without a word.
 */
function hydrateInSlices(): Plugin {
  const call = 'globalObject.root = ReactDOM.hydrateRoot(container, page, {';
  const end = /(onUncaughtErrorGlobal\.call\(this, args, hydrateRootOptions\);\s*\},\s*\}\);)/;
  return {
    name: 'pizzakiosken:hydrate-in-slices',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!id.includes('/vike-react/dist/integration/onRenderClient.js')) return null;
      if (!code.includes(call) || !end.test(code))
        this.error('vike-react no longer hydrates as hydrateInSlices() expects: see ui/vite.config.ts');
      const sliced = code.replace(call, `startTransition(() => { ${call}`).replace(end, '$1 });');
      return { code: `import { startTransition } from 'react';\n${sliced}`, map: null };
    },
  };
}

/**
 * The statistics screen's charts (echarts and zrender, in a chunk of their own that only
 * /admin/stats loads) are staff-only: the customer's offline app does not precache them. Vike
 * names chunks by hash alone, so the chunk is recognised by its content.
 */
async function withoutChartChunks(entries: { url: string; size: number }[]) {
  const isChart = (url: string) => {
    if (!url.endsWith('.js')) return false;
    try {
      return readFileSync(join(root, 'dist', 'ui', 'client', url), 'utf8').includes('zrender');
    } catch {
      return false;
    }
  };
  return { manifest: entries.filter((entry) => !isChart(entry.url)), warnings: [] };
}

export default defineConfig({
  root: uiDir,
  publicDir: join(uiDir, 'public'),
  build: {
    outDir: join(root, 'dist', 'ui'),
    emptyOutDir: true,
    // Vite's helper that preloads a dynamic import's chunks carried the list of every page's
    // chunks (admin pages too) in the entry of every page: 1.1 KB gzipped of the booking page's
    // first paint. A page's own chunks are preloaded from its HTML (api/http/paintFirst.ts), and
    // the service worker has every customer chunk cached after the first visit; a lazy part (a
    // dialog, the charts) now fetches its imports as it parses. CSS of lazy parts still loads.
    modulePreload: false,
  },
  resolve: {
    alias: {
      // workbox-window's package points bundlers at its ES5 build (Babel's class helpers): 2.2 KB
      // gzipped against 1.3 KB for its ES2015 build, which every browser with service workers runs.
      'workbox-window': join(root, 'node_modules', 'workbox-window', 'build', 'workbox-window.prod.mjs'),
    },
  },
  server: { fs: { allow: [root] } },
  plugins: [
    clientStaysClean(),
    pageContextWithoutClientRouter(),
    vikeClientWithoutUnusedParts(),
    dynamicImportsWithoutPreloadHelper(),
    zodTakesNoEval(),
    hydrateInSlices(),
    react(),
    vike(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      // Served at /manifest.webmanifest by the server in the kiosk's own name (api/http/manifest.ts,
      // rule: kiosk-identity); this built one is its template.
      manifestFilename: 'app.webmanifest',
      includeAssets: ['favicon.svg', 'theme-init.js', 'push-sw.js', 'icons/*.png'],
      manifest: {
        name: 'Pizzakiosken – förbeställ din pizza',
        short_name: 'Pizzakiosken',
        description: 'Förbeställ pizza till en tid som köket hinner med. Hämta eller ät på plats.',
        lang: 'sv',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbf6ee',
        theme_color: '#b3261e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // No SSR page exists at build time: the pages are precached from the live server when the
        // service worker installs, and navigations go to the network first (fresh open days and
        // menu), falling back to the cache and then to the precached booking page.
        globPatterns: ['**/*.{js,css,svg,png,woff2,webmanifest}'],
        // The staff admin is not part of the customer's offline app.
        globIgnores: ['**/*admin*', '**/*echarts*'],
        manifestTransforms: [withoutChartChunks],
        additionalManifestEntries: [
          { url: '/', revision: String(Date.now()) },
          { url: '/my-booking', revision: String(Date.now()) },
          // The footer's privacy notice and accessibility statement: readable offline too.
          { url: '/integritet', revision: String(Date.now()) },
          { url: '/tillganglighet', revision: String(Date.now()) },
        ],
        // The ready notice's push and click handlers (ui/public/push-sw.js), from the site itself
        // (the CSP's script-src 'self').
        importScripts: ['/push-sw.js'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkFirst',
            options: { cacheName: 'pages', networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: '/' } },
          },
          {
            urlPattern: ({ url }) => url.pathname.endsWith('.pageContext.json'),
            handler: 'NetworkFirst',
            options: { cacheName: 'page-data', networkTimeoutSeconds: 4 },
          },
          {
            // What the booking page reads (menu, settings, open days, slots): network first, the
            // last answer when offline. Every other /api call, and every write, goes to the network
            // only: offline bookings wait in the page's own queue.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/api\/(pizzas|settings|open-days|test-availability)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'booking-data',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 86400 },
            },
          },
          {
            // Not the live streams (EventSource): a stream answered through this worker keeps it
            // handling a fetch for as long as the page is open, and a new version then waits
            // forever, also after the customer taps the update prompt. Left unrouted, the browser
            // fetches them itself.
            urlPattern: ({ url, request }) =>
              url.pathname.startsWith('/api/') && request.headers.get('accept') !== 'text/event-stream',
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
  ],
});
