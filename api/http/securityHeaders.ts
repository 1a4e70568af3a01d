// Security headers for every answer, API and UI pages alike. The policy is the one a Vike SSR
// React page and a workbox service worker run under: scripts and styles from this origin only
// (React sets inline style attributes, hence 'unsafe-inline' for styles), images also as data:
// URIs (inline icons), no frames of us anywhere, no plugins, forms and <base> only to ourselves.
//
// Why not @fastify/helmet (which set these before): a CPU profile of the availability route
// under load showed ~9 % of the server's time in helmet's per-request middleware, which builds
// the CSP string from its directives and sets a dozen headers one by one on every answer. The
// headers are constants of the configuration, so they are computed once here and copied in one
// call; JSON answers get the set that matters for them (a browser never renders them as a
// document), pages get helmet's whole default set with the same values as before.
import type { FastifyInstance } from 'fastify';
import { PAINT_FIRST_HASH } from './paintFirst.js';

/**
 * Inline scripts the UI may run, as CSP sources ("'sha256-<base64>'"): the two scripts in +Head,
 * inline so they cost no request: the one that applies the stored theme before first paint
 * (ui/public/theme-init.js) and the one that keeps what a person types and presses before the
 * page's scripts run (ui/public/typed-ahead.js). Recompute a hash when its script changes
 * (test/ui/inlineHead.test.ts fails until then): `openssl dgst -sha256 -binary FILE | base64`.
 */
export const INLINE_SCRIPT_HASHES: readonly string[] = [
  "'sha256-zTVF1mRZwFhMFVQ6lbDHymdQ52qb0KpEsh9eRaaHifA='",
  "'sha256-V5hgFKL9xtF3l6lIUU+3PO3CHbYVaUfZ/tP3WVahEHI='",
  // The loader of each page's scripts, run after the first paint (paintFirst.ts).
  PAINT_FIRST_HASH,
];

export interface SecurityHeaderOptions {
  /** Served over HTTPS: upgrade-insecure-requests and HSTS. Off, http://localhost keeps working. */
  production: boolean;
  /**
   * The UI through Vite's dev server (npm run dev): its React refresh preamble is an inline
   * script and hot reload talks over a WebSocket. Never in production.
   */
  viteDev?: boolean;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': options.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...INLINE_SCRIPT_HASHES],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': options.viteDev ? ["'self'", 'ws:'] : ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const policyText = (options: SecurityHeaderOptions) =>
  Object.entries(contentSecurityPolicy(options))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');

/** What every answer carries, JSON included: the hardening tests check these on /api too. */
export function apiSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': policyText(options),
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    // Browsers ignore HSTS over http anyway; send it only where HTTPS is promised.
    ...(options.production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Everything a document (page, script, style, image) carries: helmet's default set. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    ...apiSecurityHeaders(options),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  // The API's own documentation (Swagger UI) is a set of pages.
  const isApi = (url: string) => url.startsWith('/api') && !url.startsWith('/api/docs');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? api : page);
    done();
  });
  if (options.viteDev) {
    // Vite's dev middleware answers on the raw response, before Fastify's reply is sent.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of Object.entries(page)) reply.raw.setHeader(name, value);
      done();
    });
  }
}
