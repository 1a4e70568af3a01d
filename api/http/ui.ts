// Serves the UI from the same process as /api (docs/architecture.md, "The pages"): the client build's files
// (hashed assets cached for a year, the service worker, manifest and icons revalidated), then
// every other GET rendered by Vike. Under `npm run dev` Vite's dev middleware replaces the build.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compressPage, PageCache, sendCompressed } from './pageCache.js';
import { paintFirst } from './paintFirst.js';
import { registerManifest } from './manifest.js';

/** The project root: the folder of package.json above this module (source or compiled). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const uiBuildDir = () => join(projectRoot(), 'dist', 'ui');

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface UiOptions {
  /** Vite's dev middleware instead of the build (npm run dev). */
  dev?: boolean;
  /**
   * What anonymous pages depend on (changes to the read models they show, the kiosk's minute):
   * pages rendered under one value are served again until it changes. Without it every page
   * renders.
   */
  pageVersion?: () => string;
}

/**
 * Registers the UI routes after the /api routes. Returns false (and serves nothing) when there is
 * no build, e.g. in API tests run before `npm run build`.
 */
export async function registerUi(app: FastifyInstance, options: UiOptions = {}): Promise<boolean> {
  const root = projectRoot();
  if (options.dev) {
    const { default: middie } = await import('@fastify/middie');
    const { createDevMiddleware } = await import('vike/server');
    await app.register(middie);
    const { devMiddleware } = await createDevMiddleware({ root: join(root, 'ui') });
    app.use(devMiddleware);
  } else {
    const dir = uiBuildDir();
    const serverEntry = join(dir, 'server', 'entry.mjs');
    if (!existsSync(serverEntry)) return false;
    // The server build's entry registers the pages with vike/server (import it explicitly, so a
    // reinstalled node_modules in a container still finds the build).
    await import(pathToFileURL(serverEntry).href);
    // The installed app's manifest in the kiosk's own name (rule: kiosk-identity).
    registerManifest(app, join(dir, 'client', 'app.webmanifest'));
    await app.register(fastifyStatic, {
      root: join(dir, 'client'),
      wildcard: false,
      index: false,
      // scripts/build.mjs wrote .br and .gz copies: sent as they are to clients that take them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  const { renderPage } = await import('vike/server');
  // Not under Vite's dev server: a changed source would not change the version.
  const cache = options.pageVersion && !options.dev ? new PageCache(options.pageVersion) : null;

  // Pages are not part of the API contract: hidden from the OpenAPI document.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // An unknown /api path is an API 404, not a page.
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    const cacheKey = cache?.keyOf(request) ?? null;
    if (cacheKey !== null && cache!.trySend(cacheKey, request, reply)) return reply;
    const version = cache?.currentVersion();
    // +guard and +data hooks read the /api in-process, through the same routes a browser calls,
    // with the visitor's cookie (so the admin pages see who is signed in). Within one page render
    // a path is asked once: the guard and the page's data both want /admin/me.
    const cookie = request.headers.cookie;
    const answers = new Map<string, Promise<unknown>>();
    const ask = async (path: string): Promise<unknown> => {
      const response = await app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
      if (response.statusCode >= 400)
        throw Object.assign(new Error(`${path}: ${response.statusCode}`), { statusCode: response.statusCode });
      return response.json();
    };
    const apiGet = <T>(path: string): Promise<T> => {
      let answer = answers.get(path);
      if (!answer) answers.set(path, (answer = ask(path)));
      return answer as Promise<T>;
    };
    // The kiosk's own name, tagline and logo on every page (rule: kiosk-identity); unread, the defaults.
    const kiosk = await apiGet('/api/kiosk').catch(() => null);
    const pageContext = await renderPage({
      urlOriginal: request.url,
      headersOriginal: request.headers,
      apiGet,
      kiosk,
    });
    const response = pageContext.httpResponse;
    if (!response) return reply.callNotFound();
    // Scripts after the first paint (paintFirst.ts).
    const html = await response.getBody();
    const isHtml = response.headers.some(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html'),
    );
    const body = isHtml ? paintFirst(html) : html;
    const rendered = { statusCode: response.statusCode, headers: response.headers, body };
    // Compressed on the thread pool (and kept, when the page is the same for every visitor).
    const compressed =
      cacheKey !== null && response.statusCode === 200
        ? await cache!.keep(cacheKey, version!, rendered)
        : await compressPage(rendered);
    // MISS: rendered for this request (a page kept says HIT: pageCache.ts).
    if (cacheKey !== null) reply.header('x-cache', 'MISS');
    sendCompressed(compressed!, request, reply, response.statusCode);
    return reply;
  });
  return true;
}
