// Rendered pages kept per version of what they show. A CPU profile of `GET /` under load showed
// ~5 ms of React server rendering and in-process /api reads per request (256 req/s, 0.01 of a
// bare route): the booking page is the same for every anonymous visitor until the read models
// move (open days, menu, settings) or the kiosk's clock passes a minute (today's slots and the
// date). So the first render of a version is kept with its gzip and brotli bytes and later
// visitors get it like a static file. A visitor with a cookie (a signed-in admin) or a query
// (a VIP link, ?date=) is always rendered fresh.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Pages the same for every anonymous visitor: the booking page and the lookup form. */
const CACHEABLE = new Set(['/', '/booking', '/my-booking']);

interface CachedPage {
  version: string;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface RenderedPage {
  statusCode: number;
  headers: [string, string][];
  body: string;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  /** @param version what the cached pages depend on; a new value makes every page stale. */
  constructor(private readonly version: () => string) {}

  /** The key a request's page is kept under, or null when it must be rendered for this visitor. */
  keyOf(request: FastifyRequest): string | null {
    if (request.headers.cookie) return null;
    return CACHEABLE.has(request.url) ? request.url : null;
  }

  /** Sends the kept page when it is still current; false when it must be rendered. */
  trySend(key: string, request: FastifyRequest, reply: FastifyReply): boolean {
    const page = this.pages.get(key);
    if (!page || page.version !== this.version()) return false;
    reply.header('x-cache', 'HIT');
    sendCompressed(page, request, reply);
    return true;
  }

  /** The version to pass to keep() once the render is done: read before the render starts. */
  currentVersion(): string {
    return this.version();
  }

  /**
   * Keeps a successful render, compressed, unless the version moved while it rendered (then the
   * page may show the older state and the next visitor renders again).
   */
  async keep(key: string, version: string, page: RenderedPage): Promise<Compressed | null> {
    if (page.statusCode !== 200) return null;
    const compressed = await compressPage(page);
    if (this.version() === version) this.pages.set(key, { version, ...compressed });
    return compressed;
  }
}

type Compressed = Omit<CachedPage, 'version'>;

/** A rendered page with its gzip and brotli bytes (on the thread pool). */
export async function compressPage(page: RenderedPage): Promise<Compressed> {
  const identity = Buffer.from(page.body);
  const [gzipped, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  // The length is the sent body's, set by Fastify.
  const headers = page.headers.filter(([name]) => name.toLowerCase() !== 'content-length');
  return { headers, identity, gzip: gzipped, br };
}

/**
 * Sends a page in the best encoding the visitor takes. Also a page just rendered: Lighthouse
 * found the booking page (35 KB of HTML) sent uncompressed to each first visitor after the
 * cache's version moved (every minute), 26 KB more on a phone's first paint.
 */
export function sendCompressed(page: Compressed, request: FastifyRequest, reply: FastifyReply, status = 200): void {
  const accepted = request.headers['accept-encoding'] ?? '';
  const [body, encoding] = /\bbr\b/.test(accepted)
    ? [page.br, 'br']
    : /\bgzip\b/.test(accepted)
      ? [page.gzip, 'gzip']
      : [page.identity, null];
  reply.status(status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  void reply.send(body);
}
