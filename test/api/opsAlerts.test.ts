// /api/ready's alerts about the host (api/opsAlerts.ts, docs/operations.md): backup_overdue when
// the newest scheduled backup in BACKUP_DIR is older than twice BACKUP_INTERVAL_HOURS, disk_low
// when DATA_DIR's filesystem has less free than ALERT_DISK_FREE_PERCENT or ALERT_DISK_FREE_MB.
// Neither makes the process unready.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupName } from '../../api/backup/schedule.js';
import { backupOverdue, diskLow } from '../../api/opsAlerts.js';
import { startTestServer } from './harness.js';

const HOUR = 3_600_000;
const PASSPHRASE = 'en lång lösenfras för test';

/** A scheduled backup's file in dir, dated hoursAgo. */
function backupFile(dir: string, hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  const file = join(dir, backupName(at));
  writeFileSync(file, 'not a real archive', { mode: 0o600 });
  utimesSync(file, at, at);
}

describe('GET /api/ready: backup_overdue', () => {
  it('names backup_overdue when the newest backup is older than twice the interval, and not when it is younger', async () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-backups-'));
    // An API process of the cluster: it mounts the backups but takes none (no reactors here).
    const config = { backupDir, backupPassphrase: PASSPHRASE, backupIntervalMs: HOUR, runReactors: false };
    const t = await startTestServer({ config });
    try {
      // None yet, the process just started: not overdue.
      let ready = await t.get('/api/ready');
      expect(ready.body.alerts).not.toContain('backup_overdue');
      backupFile(backupDir, 3);
      ready = await t.get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.ready).toBe(true);
      expect(ready.body.alerts).toContain('backup_overdue');
      // One interval and a half is late, not overdue.
      backupFile(backupDir, 1.5);
      expect((await t.get('/api/ready')).body.alerts).not.toContain('backup_overdue');
    } finally {
      await t.close();
      rmSync(backupDir, { recursive: true, force: true });
    }
  });

  it('is not named without scheduled backups (no BACKUP_DIR)', async () => {
    const t = await startTestServer({ config: { backupDir: null, backupPassphrase: null } });
    try {
      expect((await t.get('/api/ready')).body.alerts).not.toContain('backup_overdue');
    } finally {
      await t.close();
    }
  });

  it('counts from the process start when no backup was ever taken', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-backups-'));
    try {
      const startedAt = new Date(Date.now() - 3 * HOUR);
      expect(backupOverdue({ backupDir: dir, intervalMs: HOUR, startedAt, now: new Date() })).toBe(true);
      expect(backupOverdue({ backupDir: dir, intervalMs: 2 * HOUR, startedAt, now: new Date() })).toBe(false);
      // A file that is not a scheduled backup does not count.
      writeFileSync(join(dir, 'erasures.ndjson'), '');
      expect(backupOverdue({ backupDir: dir, intervalMs: HOUR, startedAt, now: new Date() })).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/ready: disk_low', () => {
  it('names disk_low when DATA_DIR has less free than ALERT_DISK_FREE_PERCENT, still ready', async () => {
    // No filesystem has all its size free: 100 % is always missed.
    const t = await startTestServer({ config: { alertDiskFreePercent: 100, alertDiskFreeMb: 0 } });
    try {
      const ready = await t.get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.ready).toBe(true);
      expect(ready.body.alerts).toContain('disk_low');
    } finally {
      await t.close();
    }
  });

  it('is not named with the thresholds at 0', async () => {
    const t = await startTestServer({ config: { alertDiskFreePercent: 0, alertDiskFreeMb: 0 } });
    try {
      expect((await t.get('/api/ready')).body.alerts).not.toContain('disk_low');
    } finally {
      await t.close();
    }
  });

  it('takes whichever threshold comes first: 10 % or 1 GB', () => {
    const GB = 1024 ** 3;
    const threshold = { percent: 10, mb: 1024 };
    expect(diskLow({ free: 5 * GB, size: 100 * GB }, threshold)).toBe(true); // 5 % free
    expect(diskLow({ free: 0.9 * GB, size: 5 * GB }, threshold)).toBe(true); // 18 %, under 1 GB
    expect(diskLow({ free: 2 * GB, size: 10 * GB }, threshold)).toBe(false);
  });
});
