// Backups of the embedded store (npm run backup / npm run restore, api/backup): one encrypted
// archive of the events, the keys and the erasure record; a restore into an empty DATA_DIR
// re-applies the erasures made after the backup (from the erasure journal beside the backups, or
// from the live key store), so an erased customer stays erased. The scripts run as an operator
// runs them, as processes, on real SQLite files; the kiosk is a real server.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduledBackups } from '../../api/backup/schedule.js';
import { configFromEnv } from '../../api/config.js';
import { readErasureJournal } from '../../api/erasure/journal.js';
import { openEventStore } from '../../api/stores.js';
import { RESTORES_STREAM } from '../../domain/backup/restores.js';
import type { SealedEventStore } from '../../api/eventStore/sealed.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from './harness.js';
import { killApiProcesses, scriptEntry, startApiProcess } from '../apiProcess.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-backup-'));
afterAll(() => {
  killApiProcesses();
  rmSync(scratch, { recursive: true, force: true });
});
const dir = (name: string) => join(scratch, name);

const PASSPHRASE = 'korv-med-bröd-och-senap';
// ASCII on purpose: the search below looks for these very bytes.
const ERASED = { name: 'Ester Raderasson', email: 'ester.raderas@example.se', phone: '073-555 12 34' };
const KEPT = { name: 'Olle Behallsson', email: 'olle.behalls@example.se', phone: '070-999 88 77' };
const SECRETS = [ERASED.name, ERASED.email, ERASED.phone].map((s) => s.toLowerCase());

/** Every file under the directory holding one of the erased customer's details (compared without case). */
function leaks(path: string): string[] {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => leaks(join(path, name)));
  const text = readFileSync(path).toString('latin1').toLowerCase();
  return SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${path}: ${secret}`);
}

const cli = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [...scriptEntry(script), ...args], {
    cwd: root,
    env: { ...process.env, BACKUP_DIR: '', BACKUP_PASSPHRASE: PASSPHRASE, ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

const mode = (file: string) => statSync(file).mode & 0o777;

describe('npm run backup, then an erasure, then npm run restore into an empty DATA_DIR', () => {
  const live = dir('live');
  const backups = dir('backups');
  const archive = join(backups, 'manual.backup');
  let ids: { erased: string; kept: string };

  it('writes one encrypted archive (0600) that holds no customer detail in plain text, while the kiosk runs', async () => {
    const server = await startTestServer({
      dataDir: live,
      now: () => MONDAY_MORNING,
      config: { backupDir: backups, backupPassphrase: PASSPHRASE },
    });
    try {
      const erased = await server.post('/api/bookings', bookingPayload({ ...ERASED, time: '12:00' }));
      const kept = await server.post('/api/bookings', bookingPayload({ ...KEPT, time: '13:00' }));
      expect([erased.status, kept.status]).toEqual([201, 201]);
      ids = { erased: erased.body.booking_id, kept: kept.body.booking_id };

      const done = await cli('backup.ts', [archive], { DATA_DIR: live });
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toMatch(/backed up \d+ events \(through position \d+\) and 2 keys/);
      expect(mode(archive)).toBe(0o600);
      expect(leaks(archive)).toEqual([]);
      expect(readFileSync(archive).toString('latin1').toLowerCase()).not.toContain(KEPT.name.toLowerCase());
      // A second backup to the same name is refused: a backup is never overwritten.
      const again = await cli('backup.ts', [archive], { DATA_DIR: live });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('exists already');

      // The erasure after the backup: kept in the journal beside the backups before the key went.
      const admin = await server.login();
      const erasure = await server.post('/api/admin/customers/erase', { email: ERASED.email }, admin);
      expect(erasure.status).toBe(200);
      expect(erasure.body.erased_bookings).toBe(1);
      expect(readErasureJournal(join(backups, 'erasures.ndjson'))).toHaveLength(1);
      expect(mode(join(backups, 'erasures.ndjson'))).toBe(0o600);
      expect(leaks(join(backups, 'erasures.ndjson'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a missing or short passphrase, a wrong one, and a store that holds events, changing nothing', async () => {
    const none = await cli('backup.ts', [dir('none.backup')], { DATA_DIR: live, BACKUP_PASSPHRASE: '' });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('BACKUP_PASSPHRASE: expected a passphrase: BACKUP_PASSPHRASE is not set');
    const short = await cli('backup.ts', [dir('short.backup')], { DATA_DIR: live, BACKUP_PASSPHRASE: 'kort' });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');
    expect(existsSync(dir('none.backup')) || existsSync(dir('short.backup'))).toBe(false);

    const target = dir('wrong-passphrase');
    const wrong = await cli('restore.ts', [archive], { DATA_DIR: target, BACKUP_PASSPHRASE: 'ett-helt-annat-lösen' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('wrong BACKUP_PASSPHRASE, or the file is damaged. Nothing was restored.');
    expect(existsSync(join(target, 'keys.db'))).toBe(false);
    expect(existsSync(join(target, 'events.db'))).toBe(false);

    const before = readFileSync(join(live, 'events.db'));
    const full = await cli('restore.ts', [archive], { DATA_DIR: live });
    expect(full.code).toBe(2);
    expect(full.stderr).toContain('Refusing to restore');
    expect(full.stderr).toContain('already holds events');
    expect(readFileSync(join(live, 'events.db')).equals(before)).toBe(true);
  });

  it('re-applies the erasure from the journal beside the backups: the customer reads "[raderad]", the other is intact, nothing of theirs is restored', async () => {
    const target = dir('restored');
    const restored = await cli('restore.ts', [archive, '--by', 'agare@pizzakiosken.test'], {
      DATA_DIR: target,
      BACKUP_DIR: backups,
    });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('restored');
    expect(restored.stdout).toContain('re-applied 1 erasures made after the backup');
    // Recorded in the log, by the operator named (rule: backup-restore).
    const log = await openEventStore({ ...configFromEnv({}), dataDir: target });
    try {
      const recorded = await log.readStream(RESTORES_STREAM);
      expect(recorded.map((e) => [e.type, e.metadata.actor, (e.data as { reapplied: number }).reapplied])).toEqual([
        ['ErasuresReapplied', 'agare@pizzakiosken.test', 1],
      ]);
    } finally {
      await log.close();
    }
    expect(restored.stdout).toContain('verified: every read model matches the events');
    expect(leaks(target)).toEqual([]);
    for (const name of ['events.db', 'keys.db', 'read-models.db']) expect(mode(join(target, name))).toBe(0o600);
    // The web-push key pair (browsers' subscriptions) and the session secret come back as they were.
    for (const name of ['vapid-keys.json', 'session-secret']) {
      expect(readFileSync(join(target, name)).equals(readFileSync(join(live, name)))).toBe(true);
      expect(mode(join(target, name))).toBe(0o600);
    }

    const server = await startTestServer({ dataDir: target, now: () => MONDAY_MORNING });
    try {
      const admin = await server.login();
      const erased = await server.get(`/api/admin/bookings/${ids.erased}`, admin);
      expect(erased.status).toBe(200);
      expect(erased.body).toMatchObject({ name: '[raderad]', email: '[raderad]', phone: '[raderad]', total_pizzas: 2 });
      const kept = await server.get(`/api/admin/bookings/${ids.kept}`, admin);
      expect(kept.body).toMatchObject({ name: KEPT.name, email: KEPT.email, phone: KEPT.phone });
    } finally {
      await server.close();
    }
    expect(leaks(target)).toEqual([]);
  });

  it('re-applies it from the live key store too (no journal), and without either restores the customer as the backup held them', async () => {
    const withKeys = dir('with-live-keys');
    const bare = dir('bare');
    for (const target of [withKeys, bare]) await promisify(execFile)('mkdir', ['-p', target]);
    // The live DATA_DIR lost its events; its key store survived (closed: the WAL is in the file).
    copyFileSync(join(live, 'keys.db'), join(withKeys, 'keys.db'));
    const restored = await cli('restore.ts', [archive], { DATA_DIR: withKeys });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('re-applied 1 erasures made after the backup');
    expect(restored.stdout).toContain(`erasures looked for in: the file ${join(withKeys, 'keys.db')}`);
    expect(leaks(withKeys)).toEqual([]);

    // Nothing known of the erasure: refused, unless the operator says there is no journal; then
    // the backup as it was (the test can fail the other way).
    const refused = await cli('restore.ts', [archive], { DATA_DIR: bare });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--no-erasure-journal');
    const plain = await cli('restore.ts', [archive, '--no-erasure-journal'], { DATA_DIR: bare });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toContain('re-applied 0 erasures made after the backup');
    expect(plain.stderr).toContain("2 customers' keys put back unchecked");
    expect(leaks(bare).length).toBeGreaterThan(0);
  });
});

describe('a backup taken while new customers book', () => {
  it('holds the key of every event it holds: after a restore no customer of the backup reads "[raderad]"', async () => {
    const dataDir = dir('busy');
    const archive = dir('busy.backup');
    const server = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    let booking = true;
    let booked = 0;
    // Each booking a new customer, so each seals under a key made for it just before.
    const rush = (async () => {
      for (let i = 0; booking; i++) {
        // Every quarter of the day from 11:00 (6 pizzas each), then the next day: capacity never runs out.
        const minutes = 11 * 60 + 15 * (i % 44);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const date = `2026-11-${24 + Math.floor(i / 264)}`;
        const email = `kund${i}@example.se`;
        const body = bookingPayload({
          date,
          time,
          email,
          name: `Kund ${i}`,
          items: [{ pizza_id: 1, qty: 1 }],
          requested_pizzas: 1,
        });
        if ((await server.post('/api/bookings', body)).status === 201) booked += 1;
      }
    })();
    try {
      while (booked < 3) await new Promise((r) => setTimeout(r, 20));
      const done = await cli('backup.ts', [archive], { DATA_DIR: dataDir });
      expect(done.code, done.stderr).toBe(0);
    } finally {
      booking = false;
      await rush;
      await server.close();
    }
    const target = dir('busy-restored');
    // No BACKUP_DIR here: no erasure journal to be had, as the operator says.
    const restored = await cli('restore.ts', [archive, '--no-erasure-journal'], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('verified: every read model matches the events');
    const again = await startTestServer({ dataDir: target, now: () => MONDAY_MORNING });
    try {
      const list = await again.get('/api/admin/bookings?date=&status=', await again.login());
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThanOrEqual(3);
      for (const b of list.body as Array<{ name: string; email: string }>) {
        expect(b.name).toMatch(/^Kund \d+$/);
        expect(b.email).toMatch(/^kund\d+@example\.se$/);
      }
      expect((again.server.events as SealedEventStore).unopenable).toBe(0);
    } finally {
      await again.close();
    }
  });
});

describe('scheduled backups (BACKUP_DIR)', () => {
  it('take a backup at start and on the interval, each 0600 and readable by restore, keeping the newest BACKUP_KEEP', async () => {
    const backups = dir('scheduled');
    const server = await startTestServer({
      now: () => MONDAY_MORNING,
      config: { backupDir: backups, backupPassphrase: PASSPHRASE, backupKeep: 2, backupIntervalMs: 1000 },
    });
    try {
      expect((await server.post('/api/bookings', bookingPayload({ ...KEPT }))).status).toBe(201);
      // By the timer alone: wait until more backups were taken than are kept.
      const seen = new Set<string>();
      while (seen.size < 4) {
        const now = scheduledBackups(backups);
        expect(now.length).toBeLessThanOrEqual(2);
        now.forEach((name) => seen.add(name));
        await new Promise((r) => setTimeout(r, 200));
      }
      // And one more asked for now: still the newest two.
      const file = await server.server.backups!.round(true);
      expect(file).not.toBeNull();
      const kept = scheduledBackups(backups);
      expect(kept).toHaveLength(2);
      expect(kept.at(-1)).toBe(file!.split('/').at(-1));
      // The older ones went: every backup seen and not kept was taken before the kept ones.
      for (const name of seen) if (!kept.includes(name)) expect(name < kept[0]).toBe(true);
      for (const name of kept) expect(mode(join(backups, name))).toBe(0o600);

      // The journal beside the backups exists from the first backup on (empty: nobody erased).
      expect(existsSync(join(backups, 'erasures.ndjson'))).toBe(true);
      const restored = await cli('restore.ts', [file!], { DATA_DIR: dir('from-scheduled'), BACKUP_DIR: backups });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('re-applied 0 erasures made after the backup');
    } finally {
      await server.close();
    }
  });

  it('are taken by one process at a time: two servers on one store asked at once make one backup', async () => {
    const dataDir = dir('two-servers');
    const backups = dir('two-servers-backups');
    const config = { backupDir: backups, backupPassphrase: PASSPHRASE, backupIntervalMs: 3_600_000 };
    const a = await startTestServer({ dataDir, now: () => MONDAY_MORNING, config });
    const b = await startTestServer({ dataDir, now: () => MONDAY_MORNING, config });
    try {
      // Each took its turn at start: the first made one, the second found it fresh.
      while (scheduledBackups(backups).length === 0) await new Promise((r) => setTimeout(r, 100));
      const made = await Promise.all([a.server.backups!.round(true), b.server.backups!.round(true)]);
      expect(made.filter((file) => file !== null)).toHaveLength(1);
      expect(scheduledBackups(backups)).toHaveLength(2);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('start from the environment in a server process (BACKUP_DIR, BACKUP_PASSPHRASE), keeping the newest BACKUP_KEEP', async () => {
    const backups = dir('process-backups');
    const api = await startApiProcess(dir('process'), {
      BACKUP_DIR: backups,
      BACKUP_PASSPHRASE: PASSPHRASE,
      BACKUP_KEEP: '2',
      // 1.08 s: the process takes several while the test watches.
      BACKUP_INTERVAL_HOURS: '0.0003',
    });
    try {
      const seen = new Set<string>();
      while (seen.size < 3) {
        if (existsSync(backups)) {
          const now = scheduledBackups(backups);
          expect(now.length).toBeLessThanOrEqual(2);
          now.forEach((name) => seen.add(name));
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(mode(backups) & 0o077).toBe(0);
      const kept = scheduledBackups(backups);
      for (const name of seen) if (!kept.includes(name)) expect(name < kept[0]).toBe(true);
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });

  it('need a passphrase of 12 characters or more when BACKUP_DIR is set (not echoed)', () => {
    expect(() => configFromEnv({ BACKUP_DIR: '/tmp/b' })).toThrow('BACKUP_PASSPHRASE: expected a passphrase');
    expect(() => configFromEnv({ BACKUP_DIR: '/tmp/b', BACKUP_PASSPHRASE: 'hemlig' })).toThrow(
      /BACKUP_PASSPHRASE: expected a passphrase of at least 12 characters(?![^\n]*hemlig)/,
    );
    expect(() => configFromEnv({ BACKUP_INTERVAL_HOURS: 'varje dag' })).toThrow('BACKUP_INTERVAL_HOURS');
    // The production stores are backed up through the same store interfaces (the worker's schedule).
    expect(
      configFromEnv({
        BACKUP_DIR: '/tmp/b',
        BACKUP_PASSPHRASE: PASSPHRASE,
        EVENTSTORE_URL: 'esdb://es:2113',
        MONGODB_URL: 'mongodb://mongo:27017',
      }),
    ).toMatchObject({ backupDir: '/tmp/b', eventStoreUrl: 'esdb://es:2113' });
    // Or from a file (a Docker secret), its final newline dropped; a missing file is named.
    const secret = dir('backup_passphrase');
    writeFileSync(secret, `${PASSPHRASE}\n`, { mode: 0o600 });
    expect(configFromEnv({ BACKUP_DIR: '/tmp/b', BACKUP_PASSPHRASE_FILE: secret }).backupPassphrase).toBe(PASSPHRASE);
    expect(() => configFromEnv({ BACKUP_DIR: '/tmp/b', BACKUP_PASSPHRASE_FILE: dir('no-such-file') })).toThrow(
      'BACKUP_PASSPHRASE_FILE',
    );
    const config = configFromEnv({ BACKUP_DIR: '/tmp/b', BACKUP_PASSPHRASE: PASSPHRASE, BACKUP_INTERVAL_HOURS: '0.5' });
    expect(config).toMatchObject({ backupIntervalMs: 1_800_000, backupKeep: 7 });
  });
});

describe('npm run events:export', () => {
  it('writes the file 0600 (also over an existing one) and says on standard error that it holds personal data', async () => {
    const dataDir = dir('export');
    const server = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    try {
      expect((await server.post('/api/bookings', bookingPayload({ ...KEPT }))).status).toBe(201);
    } finally {
      await server.close();
    }
    const file = join(dataDir, 'audit.ndjson');
    await promisify(execFile)('sh', ['-c', `umask 022 && echo old > ${file}`]);
    expect(mode(file)).toBe(0o644);
    const exported = await cli('eventsExport.ts', [file], { DATA_DIR: dataDir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(mode(file)).toBe(0o600);
    expect(exported.stderr).toContain("holds customers' personal data");
    expect(readFileSync(file, 'utf8')).toContain(KEPT.name);
    // The import still reads it.
    const imported = await cli('eventsImport.ts', [file], { DATA_DIR: dir('export-imported') });
    expect(imported.code, imported.stderr).toBe(0);
  });
});
