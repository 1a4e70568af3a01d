// Environment variables (README, "Configuration"), read and checked once at start. Every bad
// variable is reported, each once with what it should be, before anything is opened: a typo in
// production should stop the start with a clear message, not surface later as a strange fault.
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
  /** Events the projections may be behind while /api/ready still answers 200. */
  readyMaxLag: number;
  /** Whether this process may send mail (as the reactor's lease holder); off for API-only replicas. */
  runReactors: boolean;
  /** How long a reactor lease lasts unrenewed: how soon another process takes over after a crash. */
  reactorLeaseTtlMs: number;
  /** How long a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How often this process runs the waitlist's offer decision for dates with open entries, ms (0: never). */
  waitlistOfferIntervalMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const bad = (name: string, expected: string) => problems.push(`${name}=${JSON.stringify(env[name])}: ${expected}`);
  const set = (name: string) => (env[name] ?? '') !== '';

  const integer = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    if (!set(name)) return fallback;
    const value = Number(env[name]);
    if (!/^\s*\d+\s*$/.test(env[name]!) || value < min || value > max) {
      bad(name, `expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, schemes: string[]) => {
    if (!set(name)) return null;
    // Only the scheme is checked here: cluster URLs (mongodb://a,b,c/…) are no WHATWG URLs, and
    // each driver parses its own URL fully when it connects.
    const scheme = /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(env[name]!.trim())?.[1]?.toLowerCase();
    if (!scheme || !schemes.includes(scheme)) {
      bad(name, `expected a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`);
      return null;
    }
    return env[name]!;
  };
  const flag = (name: string, fallback = false) => {
    if (!set(name)) return fallback;
    if (env[name] !== '0' && env[name] !== '1') bad(name, 'expected 1 (on) or 0 (off)');
    return env[name] === '1';
  };

  const port = integer('PORT', 3000, 0, 65535);
  const timeZone = env.KIOSK_TZ || 'Europe/Stockholm';
  try {
    new Intl.DateTimeFormat('sv-SE', { timeZone });
  } catch {
    bad('KIOSK_TZ', 'expected an IANA time zone such as Europe/Stockholm');
  }
  const publicUrl = url('PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  const mongoDb = env.MONGODB_DB || 'pizzakiosken';
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(mongoDb)) bad('MONGODB_DB', 'expected a database name of letters, digits, _ and -');
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^@\s]+@[^@\s]+$/.test(adminEmail.trim())) bad('ADMIN_EMAIL', 'expected an e-mail address');
  if (env.ADMIN_PASSWORD && !adminEmail) bad('ADMIN_PASSWORD', 'is set without ADMIN_EMAIL: set both or neither');
  const trustProxy = trustProxyFrom(env.TRUST_PROXY);
  if (Array.isArray(trustProxy) && !trustProxy.every((a) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(a))) {
    bad('TRUST_PROXY', 'expected a number of proxy hops or a comma list of proxy addresses or CIDR ranges');
  }

  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    timeZone,
    eventStoreUrl: url('EVENTSTORE_URL', ['esdb', 'esdb+discover']),
    mongoUrl: url('MONGODB_URL', ['mongodb', 'mongodb+srv']),
    mongoDb,
    smtpUrl: url('SMTP_URL', ['smtp', 'smtps']),
    mailFrom: env.MAIL_FROM || null,
    adminEmail,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionSecret: env.SESSION_SECRET || null,
    publicUrl: publicUrl.replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    loginAttemptsPerMinute: integer('LOGIN_ATTEMPTS_PER_MINUTE', 10, 0),
    bookingsPerMinute: integer('BOOKINGS_PER_MINUTE', 10, 0),
    lookupsPerMinute: integer('LOOKUPS_PER_MINUTE', 20, 0),
    logRequests: flag('LOG_REQUESTS'),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_SECONDS', 30, 0) * 1000,
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT_SECONDS', 10, 0) * 1000,
    trustProxy,
    serveUi: flag('SERVE_UI', true),
    uiDev: flag('UI_DEV'),
    readyMaxLag: integer('READY_MAX_LAG', 1000, 0),
    runReactors: flag('RUN_REACTORS', true),
    reactorLeaseTtlMs: integer('REACTOR_LEASE_TTL_MS', 15_000, 300),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 15_000, 0),
    waitlistOfferIntervalMs: integer('WAITLIST_OFFER_INTERVAL_MS', 15_000, 0),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
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
