// A restore you can trust (issue 44, items 6 and 8), as an operator meets it: real server
// processes on a DATA_DIR of real SQLite files, the backup and restore scripts as processes, mail
// through a real SMTP server on loopback.
//
// 6. A restore over a DATA_DIR whose reactors.db survived (events.db lost) must not send the mails
//    its outbox still holds for bookings the restored log does not: a "we have received your
//    order" carries its own text and would otherwise go out for an order that no longer exists.
// 8. A restore that can find neither an erasure journal nor this kiosk's key store refuses before
//    writing anything, unless the operator says there is none (--no-erasure-journal); then it
//    names how many customers' keys it put back unchecked, and their ids (no names).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { keyStoreBackupFor } from '../../api/keys/keyStoreBackup.js';
import { ADMIN, bookingPayload } from './harness.js';
import { killApiProcesses, scriptEntry, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from '../mail/smtp.js';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-restore-trust-'));
afterAll(() => {
  killApiProcesses();
  rmSync(scratch, { recursive: true, force: true });
});
const dir = (name: string) => join(scratch, name);

const PASSPHRASE = 'korv-med-bröd-och-senap';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

const cli = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [...scriptEntry(script), ...args], {
    cwd: root,
    env: { ...process.env, BACKUP_DIR: '', BACKUP_PASSPHRASE: PASSPHRASE, ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

async function until(check: () => boolean, what: string, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('issue 44 item 6: a restore over a DATA_DIR whose reactors.db survived', () => {
  it('sends no mail its outbox still holds for bookings the restored log does not', async () => {
    const dataDir = dir('kept-reactors');
    const backups = dir('kept-reactors-backups');
    let refusing = false;
    // While `refusing`, the relay answers MAIL FROM with 421: the mails wait in the outbox.
    const smtp = await startSmtpServer({ mailFrom: () => (refusing ? 421 : null) });
    const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;
    const env = { SMTP_URL: smtp.url, BACKUP_DIR: backups, BACKUP_PASSPHRASE: PASSPHRASE };
    const date = inDays(3);
    try {
      // The log the backup holds: one booking, mailed (its receipt and the staff notice).
      let api = await startApiProcess(dataDir, env);
      expect((await api.call('POST', '/api/bookings', bookingPayload({ date, email: 'kvar@example.se' }))).status).toBe(
        201,
      );
      await until(
        () => mailsTo('kvar@example.se') === 1 && smtp.mails.length === 2,
        'the first booking’s mails',
        15_000,
      );
      const backup = await cli('backup.ts', [join(backups, 'manual.backup')], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);

      // After the backup, two bookings while the relay refuses: their receipts (which carry their
      // own text) wait in DATA_DIR/reactors.db.
      refusing = true;
      for (const [i, time] of ['12:30', '13:00'].entries()) {
        const placed = await api.call(
          'POST',
          '/api/bookings',
          bookingPayload({ date, time, email: `borta${i}@example.se` }),
        );
        expect(placed.status).toBe(201);
      }
      await new Promise((r) => setTimeout(r, 1500));
      api.child.kill('SIGTERM');
      await api.exited;
      expect(smtp.mails).toHaveLength(2);

      // events.db is lost; keys.db and reactors.db survive. The restore into the same DATA_DIR.
      for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `events.db${suffix}`), { force: true });
      const restored = await cli('restore.ts', [join(backups, 'manual.backup')], {
        DATA_DIR: dataDir,
        BACKUP_DIR: backups,
      });
      expect(restored.code, restored.stderr).toBe(0);
      // Each lost booking's receipt and its staff notice.
      expect(restored.stdout).toMatch(
        /dropped 4 mails waiting in the outbox for events the restored log does not hold/,
      );

      // The relay is back; the kiosk starts on the restored log, and a new booking is mailed.
      refusing = false;
      api = await startApiProcess(dataDir, env);
      expect(
        (await api.call('POST', '/api/bookings', bookingPayload({ date, time: '14:00', email: 'ny@example.se' })))
          .status,
      ).toBe(201);
      await until(() => mailsTo('ny@example.se') === 1, 'the new booking’s receipt', 15_000);
      // Longer than the sender's poll and a lease term: a stale receipt would have gone by now.
      await new Promise((r) => setTimeout(r, 3000));
      expect(mailsTo('borta0@example.se'), 'a receipt for an order the restored log does not hold').toBe(0);
      expect(mailsTo('borta1@example.se'), 'a receipt for an order the restored log does not hold').toBe(0);
      api.child.kill('SIGTERM');
      await api.exited;
    } finally {
      await smtp.close();
    }
  }, 90_000);
});

describe('issue 44 item 8: a restore with no erasure journal and no key store of this kiosk', () => {
  const live = dir('no-journal-live');
  const archive = dir('no-journal.backup');
  const ERASED = { name: 'Ester Raderasson', email: 'ester.raderas@example.se' };
  const KEPT = { name: 'Olle Behallsson', email: 'olle.behalls@example.se' };

  it('is refused before anything is written, naming the flag that lets it through', async () => {
    // Embedded default, no BACKUP_DIR: a backup, then an erasure nothing outside DATA_DIR records.
    const api = await startApiProcess(live);
    const date = inDays(3);
    try {
      for (const [who, time] of [
        [ERASED, '12:00'],
        [KEPT, '13:00'],
      ] as const)
        expect((await api.call('POST', '/api/bookings', bookingPayload({ ...who, date, time }))).status).toBe(201);
      const backup = await cli('backup.ts', [archive], { DATA_DIR: live });
      expect(backup.code, backup.stderr).toBe(0);
      const { cookie } = await api.call('POST', '/api/admin/login', ADMIN);
      expect((await api.call('POST', '/api/admin/customers/erase', { email: ERASED.email }, cookie)).status).toBe(200);
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }

    // DATA_DIR lost with its key store: a new one, and no journal anywhere.
    const target = dir('no-journal-target');
    const refused = await cli('restore.ts', [archive], { DATA_DIR: target });
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toContain('Refusing to restore: no erasure journal');
    expect(refused.stderr).toContain('--no-erasure-journal');
    expect(refused.stderr).toContain("put back 2 customers' keys unchecked");
    expect(refused.stderr).toContain('Nothing was written');
    expect(existsSync(target), 'the refused restore made DATA_DIR').toBe(false);
    for (const who of [ERASED, KEPT]) expect(refused.stderr).not.toContain(who.name);
  }, 60_000);

  it('goes through with --no-erasure-journal, printing how many customers’ keys it put back unchecked and their ids, no names', async () => {
    const target = dir('no-journal-flag');
    const restored = await cli('restore.ts', [archive, '--no-erasure-journal'], { DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    const keys = (await (await keyStoreBackupFor({ dataDir: target, mongoUrl: null, mongoDb: 'x' })).dump())!.keys;
    const ids = [...new Set(keys.map((k) => k.customer ?? k.key_id))];
    expect(ids).toHaveLength(2);
    expect(restored.stderr).toContain("2 customers' keys put back unchecked");
    for (const id of ids) expect(restored.stderr).toContain(id);
    for (const who of [ERASED, KEPT]) expect(restored.stdout + restored.stderr).not.toContain(who.name);
    // What the operator accepted: the customer erased after the backup is readable again.
    const exported = await cli('eventsExport.ts', [join(target, 'audit.ndjson')], { DATA_DIR: target });
    expect(exported.code, exported.stderr).toBe(0);
  }, 60_000);
});
