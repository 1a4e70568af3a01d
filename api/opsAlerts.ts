// Two of /api/ready's alerts about the host rather than the app (api/readiness.ts; what to do about
// each: docs/operations.md):
//
// - `backup_overdue`: scheduled backups are on (BACKUP_DIR with a passphrase) and the newest one in
//   BACKUP_DIR is older than twice BACKUP_INTERVAL_HOURS, or none has been taken in twice that
//   since this process started. One interval late is a round that failed once; two is a schedule
//   that has stopped (a full disk, a wrong passphrase file, a worker that no longer runs).
// - `disk_low`: the filesystem holding DATA_DIR (or BACKUP_DIR) has less than
//   ALERT_DISK_FREE_PERCENT of its size free (default 10), or less than ALERT_DISK_FREE_MB
//   (default 1024), whichever comes first. The embedded store, the outbox and the backups all
//   grow on it, and SQLite stops writing when it is full.
import { statfsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scheduledBackups } from './backup/schedule.js';

export interface BackupOverdueOptions {
  backupDir: string;
  intervalMs: number;
  /** When this process started: with no backup yet, the schedule is overdue twice the interval after it. */
  startedAt: Date;
  now: Date;
}

/** Whether the newest scheduled backup in backupDir is older than twice the interval. */
export function backupOverdue(o: BackupOverdueOptions): boolean {
  let newest: number;
  try {
    const names = scheduledBackups(o.backupDir);
    newest = names.length ? statSync(join(o.backupDir, names[names.length - 1])).mtimeMs : o.startedAt.getTime();
  } catch {
    // BACKUP_DIR unreadable or gone: no backup can be taken there either.
    newest = o.startedAt.getTime();
  }
  return o.now.getTime() - newest > 2 * o.intervalMs;
}

export interface DiskSpace {
  /** Bytes an unprivileged process may still write. */
  free: number;
  /** The filesystem's size in bytes. */
  size: number;
}

/** Free space and size of the filesystem holding path (fs.statfs), or null when it cannot be read. */
export function diskSpace(path: string): DiskSpace | null {
  try {
    const s = statfsSync(path);
    return { free: s.bavail * s.bsize, size: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

export interface DiskLowThreshold {
  /** Percent of the filesystem's size that must stay free. */
  percent: number;
  /** Megabytes that must stay free. */
  mb: number;
}

/** Whether a filesystem has less free than either threshold. */
export function diskLow(space: DiskSpace, threshold: DiskLowThreshold): boolean {
  return space.free < (space.size * threshold.percent) / 100 || space.free < threshold.mb * 1024 * 1024;
}

/** Whether any of the paths' filesystems is low (paths that cannot be read are left out). */
export function anyDiskLow(paths: string[], threshold: DiskLowThreshold, space = diskSpace): boolean {
  return paths.some((path) => {
    const s = space(path);
    return s !== null && diskLow(s, threshold);
  });
}
