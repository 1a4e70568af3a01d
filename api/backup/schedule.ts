// Scheduled backups (BACKUP_DIR): the process that runs the reactors (the worker in production,
// backing up EventStoreDB and the MongoDB key store; the single process in the embedded default) looks now and then whether the newest backup in
// BACKUP_DIR is older than BACKUP_INTERVAL_HOURS, and if so takes one (api/backup/backup.ts) and
// keeps the newest BACKUP_KEEP. One at a time across processes: a round holds the lease `backup`
// (as the retention sweep holds its own), renewed every third of its term while the backup runs,
// so a backup longer than the term (a large log, a slow disk or store) is never joined by a
// second process's; and a process finding it held skips its turn. A round that could not renew
// it in time (its process paused, its store unreachable) lost it: its file is removed, and it keeps
// nothing older from going either. The age is read from the files, so a restart neither skips a
// backup nor takes one early.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { LEASES, processOwner } from '../../projections/leasedRunner.js';
import { everyInterval } from '../periodic.js';
import { takeBackup } from './backup.js';

export const BACKUP_LEASE = { scope: LEASES, id: 'backup' } as const;
const BACKUP_LEASE_TTL_MS = 10 * 60_000;
/** A scheduled backup's name: its time, so that names sort as the backups were taken. */
const NAME = /^pizzakiosken-\d{8}T\d{9}Z\.backup$/;
export const backupName = (at: Date) => `pizzakiosken-${at.toISOString().replace(/[-:.]/g, '')}.backup`;

export interface ScheduledBackups {
  /** One round now: a backup when the newest is older than the interval (or `force`); answers its file, or null. */
  round(force?: boolean): Promise<string | null>;
  stop(): Promise<void>;
}

export interface ScheduledBackupOptions {
  config: Pick<
    Config,
    'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb' | 'mongoKeysDb' | 'backupIntervalMs' | 'backupKeep'
  > & {
    backupDir: string;
    backupPassphrase: string;
  };
  docs: DocumentStore;
  /** The lease's term (default 10 minutes); renewed every third of it while a backup runs. */
  leaseTtlMs?: number;
  now?: () => Date;
  log: (message: string, error?: unknown) => void;
}

/** The scheduled backups in dir, oldest first. */
export function scheduledBackups(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();
}

export function startScheduledBackups(o: ScheduledBackupOptions): ScheduledBackups {
  const { config } = o;
  const now = o.now ?? (() => new Date());
  const owner = processOwner();
  mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
  // One round at a time in this process too (the lease is this process's either way).
  let last: Promise<unknown> = Promise.resolve();
  const round = (force = false): Promise<string | null> => {
    const next = last.catch(() => {}).then(() => once(force));
    last = next;
    return next;
  };
  const ttlMs = o.leaseTtlMs ?? BACKUP_LEASE_TTL_MS;
  const lease = () => o.docs.lease(BACKUP_LEASE.scope, BACKUP_LEASE.id, owner, ttlMs);
  const once = async (force: boolean): Promise<string | null> => {
    if ((await lease()) !== 'ours') return null;
    // Renewed while the round runs; held as long as every renewal came within the term.
    let heldUntil = Date.now() + ttlMs;
    let lost = false;
    let renewing: Promise<unknown> = Promise.resolve();
    const renewal = setInterval(
      () => {
        renewing = renewing.then(async () => {
          if (lost) return;
          const asked = Date.now();
          const state = await lease().catch(() => null);
          if (state === 'ours' && asked < heldUntil) heldUntil = asked + ttlMs;
          else if (state !== null || Date.now() >= heldUntil) lost = true;
        });
      },
      Math.max(1, Math.floor(ttlMs / 3)),
    );
    const stillHeld = async () => {
      clearInterval(renewal);
      await renewing;
      return !lost && Date.now() < heldUntil;
    };
    try {
      const names = scheduledBackups(config.backupDir);
      const newest = names.at(-1);
      const at = now();
      if (!force && newest && at.getTime() - statSync(join(config.backupDir, newest)).mtimeMs < config.backupIntervalMs)
        return null;
      const file = join(config.backupDir, backupName(at));
      if (names.includes(backupName(at))) return null;
      await takeBackup(config, file, config.backupPassphrase, at);
      if (!(await stillHeld())) {
        // Another process may have taken the lease and a backup of its own meanwhile.
        rmSync(file, { force: true });
        throw new Error(`lost the backup lease while taking ${file} (not renewed within ${ttlMs} ms): removed it`);
      }
      // The newest BACKUP_KEEP stay; the older go (and with them the erasures' former keys).
      for (const old of scheduledBackups(config.backupDir).slice(0, -config.backupKeep))
        rmSync(join(config.backupDir, old), { force: true });
      return file;
    } finally {
      clearInterval(renewal);
      await renewing;
      await o.docs.endLease(BACKUP_LEASE.scope, BACKUP_LEASE.id, owner, 'release').catch(() => {});
    }
  };
  // Looked at every minute (or every interval, when shorter): the due time is the files' age.
  const periodic = everyInterval(
    Math.min(config.backupIntervalMs, 60_000),
    () => round(),
    (error) => o.log('scheduled backup failed:', error),
  );
  periodic.runNow();
  return {
    round,
    async stop() {
      await periodic.stop();
      await last.catch(() => {});
    },
  };
}
