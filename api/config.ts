// Environment variables (README, "Configuration"), read once at start.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  timeZone: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  smtpUrl: string | null;
  mailFrom: string | null;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionSecret: string | null;
  publicUrl: string;
  production: boolean;
  loginAttemptsPerMinute: number;
  bookingsPerMinute: number;
  lookupsPerMinute: number;
  logRequests: boolean;
  /** Longest time to receive a whole request (headers and body), ms. */
  requestTimeoutMs: number;
  /** Longest silence on a connection before it is closed, ms. */
  connectionTimeoutMs: number;
  /** Fastify's trustProxy: false, the number of trusted proxy hops, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Serve the UI (the Vike build, or Vite's dev server with UI_DEV=1) beside /api. */
  serveUi: boolean;
  uiDev: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    timeZone: env.KIOSK_TZ ?? 'Europe/Stockholm',
    eventStoreUrl: env.EVENTSTORE_URL || null,
    mongoUrl: env.MONGODB_URL || null,
    mongoDb: env.MONGODB_DB ?? 'pizzakiosken',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || null,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionSecret: env.SESSION_SECRET || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    loginAttemptsPerMinute: Number(env.LOGIN_ATTEMPTS_PER_MINUTE ?? 10),
    bookingsPerMinute: Number(env.BOOKINGS_PER_MINUTE ?? 10),
    lookupsPerMinute: Number(env.LOOKUPS_PER_MINUTE ?? 20),
    logRequests: env.LOG_REQUESTS === '1',
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_SECONDS ?? 30) * 1000,
    connectionTimeoutMs: Number(env.CONNECTION_TIMEOUT_SECONDS ?? 10) * 1000,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    serveUi: env.SERVE_UI !== '0',
    uiDev: env.UI_DEV === '1',
  };
}

/**
 * TRUST_PROXY: a number of hops ('1': one reverse proxy in front) or a comma list of the proxies'
 * addresses or CIDR ranges. The client address is then the one the nearest untrusted hop
 * connected from, so an X-Forwarded-For entry a client forges itself is never believed. 'true'
 * (trust every hop) is deliberately not offered: it would believe any forged header.
 */
export function trustProxyFrom(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((a) => a.trim()).filter(Boolean);
}
