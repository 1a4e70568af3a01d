// Security headers for every answer, API and UI pages alike (@fastify/helmet). The policy is the
// one a Vike SSR React page and a workbox service worker run under: scripts and styles from this
// origin only (React sets inline style attributes, hence 'unsafe-inline' for styles), images
// also as data: URIs (inline icons), no frames of us anywhere, no plugins, forms and <base> only
// to ourselves.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Inline scripts the UI may run, as CSP sources ("'sha256-<base64>'"), e.g. a small script in
 * +Head that applies the stored theme before first paint. Today the theme script is a file
 * (/theme-init.js, allowed by 'self'), so the list is empty; an inline one needs its hash here
 * (recompute it when the script changes:
 * `echo -n '<script text>' | openssl dgst -sha256 -binary | base64`).
 */
export const INLINE_SCRIPT_HASHES: readonly string[] = [];

export interface SecurityHeaderOptions {
  /** Served over HTTPS: upgrade-insecure-requests and HSTS. Off, http://localhost keeps working. */
  production: boolean;
  /**
   * The UI through Vite's dev server (npm run dev): its React refresh preamble is an inline
   * script and hot reload talks over a WebSocket. Never in production.
   */
  viteDev?: boolean;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions) {
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

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Browsers ignore HSTS over http anyway; send it only where HTTPS is promised.
    hsts: options.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
}
