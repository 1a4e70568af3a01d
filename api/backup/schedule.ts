// Scheduled backups (BACKUP_DIR): the process that runs the reactors (the worker in production,
// backing up EventStoreDB and the MongoDB key store; the single process in the embedded default) looks now and then whether the newest backup in
// BACKUP_DIR is older than BACKUP_INTERVAL_HOURS, and if so takes one (api/backup/backup.ts) and
// keeps the newest BACKUP_KEEP. One at a time across processes: a round holds the lease `backup`
// (as the retention sweep holds its own), and a process finding it held skips its turn. The age
// is read from the files, so a restart neither skips a backup nor takes one early.
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
  const once = async (force: boolean): Promise<string | null> => {
    if ((await o.docs.lease(BACKUP_LEASE.scope, BACKUP_LEASE.id, owner, BACKUP_LEASE_TTL_MS)) !== 'ours') return null;
    try {
      const names = scheduledBackups(config.backupDir);
      const newest = names.at(-1);
      const at = now();
      if (!force && newest && at.getTime() - statSync(join(config.backupDir, newest)).mtimeMs < config.backupIntervalMs)
        return null;
      const file = join(config.backupDir, backupName(at));
      if (names.includes(backupName(at))) return null;
      await takeBackup(config, file, config.backupPassphrase, at);
      // The newest BACKUP_KEEP stay; the older go (and with them the erasures' former keys).
      for (const old of scheduledBackups(config.backupDir).slice(0, -config.backupKeep))
        rmSync(join(config.backupDir, old), { force: true });
      return file;
    } finally {
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
