// Environment variables (docs/configuration.md), read and checked once at start. Every bad
// variable is reported, each once with what it should be, before anything is opened: a typo in
// production should stop the start with a clear message, not surface later as a strange fault.
import { smsConfigFrom, type SmsConfig } from './sms/elks.js';
import { swishConfigFrom, type SwishConfig } from './swish/config.js';
import { createECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { envReader, type EnvReader } from './envReader.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  timeZone: string;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDb: string;
  /** The key store's own database (MONGODB_KEYS_DB, default `<MONGODB_DB>_keys`). */
  mongoKeysDb: string;
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
  /** Whether request lines carry the client's IP address (LOG_IPS=1); off by default. */
  logIps: boolean;
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
  /** How long one outbox item's lease lasts unrenewed (mail, push, SMS: api/outbox/leasedSender.ts). */
  itemLeaseMs: number;
  /** How often the booking timers (reminders, pending expiry) look for due bookings, ms. */
  timerIntervalMs: number;
  /** How long a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The VAPID key pair for web push (base64url), or null: made once and kept in DATA_DIR. */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** Who runs the push sender (an https: URL or mailto: address), sent to push services. */
  vapidSubject: string;
  /** SMS through 46elks (rule: sms-notices), or null: off unless SMS_46ELKS_USERNAME and _PASSWORD are set. */
  sms: SmsConfig | null;
  /** Swish Handel (issue 49), or null: off unless SWISH_PAYEE and a client certificate are set (api/swish/config.ts). */
  swish: SwishConfig | null;
  /** How often every open Swish payment request is read, ms (0: only on Swish's callbacks; rule: swish-payment). */
  swishPollMs: number;
  /** How often this process runs the waitlist's offer decision for dates with open entries, ms (0: never). */
  waitlistOfferIntervalMs: number;
  /** How often this process looks for customers to erase under the retention setting, ms (0: never). */
  retentionIntervalMs: number;
  /**
   * KEY_STORE_RESET=1: start on purpose with a key store other than the one the event log's
   * sealed records need (the old one lost for good); recorded in the log (api/keys/identity.ts).
   */
  keyStoreReset: boolean;
  /** BACKUP_DIR: where the scheduled backups and the erasure journal go (null: no scheduled backups). */
  backupDir: string | null;
  /** BACKUP_PASSPHRASE: what backups are encrypted under (api/backup/archive.ts); needed with BACKUP_DIR. */
  backupPassphrase: string | null;
  /** BACKUP_INTERVAL_HOURS: how old the newest backup in BACKUP_DIR may get before the next, ms. */
  backupIntervalMs: number;
  /** BACKUP_KEEP: how many scheduled backups stay in BACKUP_DIR (the newest). */
  backupKeep: number;
  /** STORE_UNREACHABLE_EXIT_MS: how long a store may not answer before the process exits (api/watchdog.ts; 0: never). */
  storeUnreachableExitMs: number;
  /** REACTOR_STALL_EXIT_MS: how long a projection runner, reactor or sender may stall before the process exits (0: never). */
  stallExitMs: number;
  /** ALERT_LAG: events behind (projections, this process's reactors) that /api/ready reports as an alert. */
  alertLag: number;
  /** ALERT_DUE_SECONDS: how long a due mail or push notice may wait before /api/ready reports an alert. */
  alertDueSeconds: number;
  /** MAIL_BACKLOG_LIMIT: due mails beyond which a new web booking waits for the senders (api/outbox/mailBackPressure.ts; 0: never). */
  mailBacklogLimit: number;
  /** ALERT_DISK_FREE_PERCENT: /api/ready names disk_low under this percent free on DATA_DIR's (or BACKUP_DIR's) filesystem (api/opsAlerts.ts). */
  alertDiskFreePercent: number;
  /** ALERT_DISK_FREE_MB: /api/ready names disk_low under this many megabytes free there, too. */
  alertDiskFreeMb: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function configFromEnv(given: NodeJS.ProcessEnv = process.env): Config {
  const read = envReader(given);
  const { env, set, integer, url, flag, bad } = read;
  // Checked in this order, so the problems are listed in it.
  const { port, timeZone, publicUrl } = siteFrom(read);
  const { mongoDb, mongoKeysDb } = mongoNamesFrom(read);
  const adminEmail = adminFrom(read);
  const trustProxy = trustProxyChecked(read);
  const { vapidPublicKey, vapidPrivateKey, vapidSubject } = vapidFrom(read, publicUrl, adminEmail);
  const backupPassphrase = backupPassphraseFrom(read);

  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    timeZone,
    eventStoreUrl: url('EVENTSTORE_URL', ['esdb', 'esdb+discover']),
    mongoUrl: url('MONGODB_URL', ['mongodb', 'mongodb+srv']),
    mongoDb,
    mongoKeysDb,
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
    logIps: flag('LOG_IPS'),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_SECONDS', 30, 0) * 1000,
    connectionTimeoutMs: integer('CONNECTION_TIMEOUT_SECONDS', 10, 0) * 1000,
    trustProxy,
    serveUi: flag('SERVE_UI', true),
    uiDev: flag('UI_DEV'),
    readyMaxLag: integer('READY_MAX_LAG', 1000, 0),
    runReactors: flag('RUN_REACTORS', true),
    reactorLeaseTtlMs: integer('REACTOR_LEASE_TTL_MS', 15_000, 300),
    itemLeaseMs: integer('OUTBOX_ITEM_LEASE_MS', 15_000, 300),
    timerIntervalMs: integer('TIMER_INTERVAL_MS', 20_000, 50, 3_600_000),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 15_000, 0),
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject,
    sms: smsConfigFrom(env, bad),
    swish: swishConfigFrom(env, bad, publicUrl),
    swishPollMs: integer('SWISH_POLL_MS', 5_000, 0),
    waitlistOfferIntervalMs: integer('WAITLIST_OFFER_INTERVAL_MS', 15_000, 0),
    retentionIntervalMs: integer('RETENTION_INTERVAL_MS', 3_600_000, 0),
    keyStoreReset: flag('KEY_STORE_RESET'),
    backupDir: set('BACKUP_DIR') ? resolve(env.BACKUP_DIR!) : null,
    backupPassphrase,
    backupIntervalMs: backupIntervalFrom(read),
    backupKeep: integer('BACKUP_KEEP', 7, 1, 10_000),
    storeUnreachableExitMs: integer('STORE_UNREACHABLE_EXIT_MS', 60_000, 0),
    stallExitMs: integer('REACTOR_STALL_EXIT_MS', 300_000, 0),
    alertLag: integer('ALERT_LAG', 100, 0),
    alertDueSeconds: integer('ALERT_DUE_SECONDS', 300, 0),
    mailBacklogLimit: integer('MAIL_BACKLOG_LIMIT', 2_000, 0),
    alertDiskFreePercent: integer('ALERT_DISK_FREE_PERCENT', 10, 0, 100),
    alertDiskFreeMb: integer('ALERT_DISK_FREE_MB', 1024, 0),
  };
  if (read.problems.length) throw new ConfigError(read.problems);
  return config;
}

/** The port, the kiosk's time zone and the public URL (its default on the port). */
function siteFrom({ env, bad, integer, url }: EnvReader) {
  const port = integer('PORT', 3000, 0, 65535);
  const timeZone = env.KIOSK_TZ || 'Europe/Stockholm';
  try {
    new Intl.DateTimeFormat('sv-SE', { timeZone });
  } catch {
    bad('KIOSK_TZ', 'expected an IANA time zone such as Europe/Stockholm');
  }
  const publicUrl = url('PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  return { port, timeZone, publicUrl };
}

function mongoNamesFrom({ env, bad }: EnvReader) {
  const mongoDb = env.MONGODB_DB || 'pizzakiosken';
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(mongoDb)) bad('MONGODB_DB', 'expected a database name of letters, digits, _ and -');
  // The keys apart from the read models: an upgrade builds those in a new MONGODB_DB (deploy/README.md).
  const mongoKeysDb = env.MONGODB_KEYS_DB || `${mongoDb}_keys`;
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(mongoKeysDb))
    bad('MONGODB_KEYS_DB', 'expected a database name of letters, digits, _ and -');
  return { mongoDb, mongoKeysDb };
}

/** ADMIN_EMAIL, checked with ADMIN_PASSWORD (both or neither). */
function adminFrom({ env, bad }: EnvReader) {
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^@\s]+@[^@\s]+$/.test(adminEmail.trim())) bad('ADMIN_EMAIL', 'expected an e-mail address');
  if (env.ADMIN_PASSWORD && !adminEmail) bad('ADMIN_PASSWORD', 'is set without ADMIN_EMAIL: set both or neither');
  return adminEmail;
}

function trustProxyChecked({ env, bad }: EnvReader) {
  const trustProxy = trustProxyFrom(env.TRUST_PROXY);
  if (Array.isArray(trustProxy) && !trustProxy.every((a) => /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(a))) {
    bad('TRUST_PROXY', 'expected a number of proxy hops or a comma list of proxy addresses or CIDR ranges');
  }
  return trustProxy;
}

// VAPID (web push): both keys or neither; base64url, a P-256 public point (65 bytes) and a
// private scalar (32 bytes), as web-push's generateVAPIDKeys makes them.
function vapidFrom({ env, bad, set }: EnvReader, publicUrl: string, adminEmail: string | undefined) {
  const base64urlBytes = (name: string, bytes: number) => {
    const value = (env[name] ?? '').trim();
    if (!set(name)) return null;
    if (!/^[A-Za-z0-9_-]+$/.test(value) || Buffer.from(value, 'base64url').length !== bytes) {
      bad(name, `expected a base64url key of ${bytes} bytes (web-push generate-vapid-keys)`);
      return null;
    }
    return value;
  };
  const vapidPublicKey = base64urlBytes('VAPID_PUBLIC_KEY', 65);
  const vapidPrivateKey = base64urlBytes('VAPID_PRIVATE_KEY', 32);
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY'))
    bad(
      set('VAPID_PUBLIC_KEY') ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'is needed with the other VAPID key: set both or neither',
    );
  if (vapidPublicKey && vapidPrivateKey && !isVapidPair(vapidPublicKey, vapidPrivateKey))
    bad('VAPID_PUBLIC_KEY', 'is not the public key of VAPID_PRIVATE_KEY (push services would refuse every push)');
  const vapidSubject =
    (env.VAPID_SUBJECT ?? '').trim() ||
    (publicUrl.startsWith('https://') ? publicUrl : `mailto:${adminEmail?.trim() || 'noreply@pizzakiosken.se'}`);
  if (set('VAPID_SUBJECT') && !/^(https:\/\/\S+|mailto:[^@\s]+@[^@\s]+)$/.test(vapidSubject))
    bad('VAPID_SUBJECT', 'expected an https:// URL or a mailto: address');
  return { vapidPublicKey, vapidPrivateKey, vapidSubject };
}

// Backups (api/backup): a passphrase long enough to resist guessing whenever BACKUP_DIR is set.
function backupPassphraseFrom({ env, problems, bad, set }: EnvReader) {
  // BACKUP_PASSPHRASE, or a file holding it (BACKUP_PASSPHRASE_FILE: a Docker secret, deploy/compose.yaml).
  let backupPassphrase = env.BACKUP_PASSPHRASE || null;
  if (!backupPassphrase && set('BACKUP_PASSPHRASE_FILE')) {
    try {
      backupPassphrase = readFileSync(env.BACKUP_PASSPHRASE_FILE!, 'utf8').replace(/\r?\n$/, '') || null;
    } catch {
      bad('BACKUP_PASSPHRASE_FILE', 'expected a readable file holding the backup passphrase');
    }
  }
  // Backups go through the store interfaces, so BACKUP_DIR serves the embedded store and production alike.
  if (set('BACKUP_DIR')) {
    const problem = passphraseProblem(backupPassphrase ?? undefined);
    // Not echoed like the others: it is a secret.
    if (problem) problems.push(`BACKUP_PASSPHRASE: ${problem} (BACKUP_DIR is set: the backups are encrypted under it)`);
  }
  return backupPassphrase;
}

/** BACKUP_INTERVAL_HOURS in ms: hours above 0, decimals allowed, at most a year (default a day). */
function backupIntervalFrom({ env, bad }: EnvReader) {
  const text = (env.BACKUP_INTERVAL_HOURS ?? '').trim();
  if (text === '') return 24 * 3_600_000;
  const hours = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || hours <= 0 || hours > 24 * 366) {
    bad('BACKUP_INTERVAL_HOURS', 'expected a number of hours above 0 (decimals allowed), at most a year');
    return 24 * 3_600_000;
  }
  return Math.max(1000, Math.round(hours * 3_600_000));
}

/** The shortest BACKUP_PASSPHRASE taken. */
export const MIN_PASSPHRASE_LENGTH = 12;

/** What is wrong with a backup passphrase, or null when it will do. */
export function passphraseProblem(passphrase: string | undefined): string | null {
  if (!passphrase) return 'expected a passphrase: BACKUP_PASSPHRASE is not set';
  if ([...passphrase].length < MIN_PASSPHRASE_LENGTH)
    return `expected a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters`;
  return null;
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
  return text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Whether the base64url public point is the one of the base64url private scalar (P-256). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}
