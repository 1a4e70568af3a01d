// The upgrade that moves the reactors' state out of the read models (read-models/reactorStateStore.ts
// moveReactorState) carries the per-mail claims with it (issue 44, item 7). A DATA_DIR as a release
// before it left it: the outbox and the mail reactor's checkpoint in read-models.db, and one mail
// in flight there, claimed by a process of that release (on another host: alive as far as anyone
// here can tell). The new release starts as a real server process: it waits for that claim, moves
// the outcome the old process stores meanwhile, and never sends the mail a second time; a new
// booking's mail goes out as usual.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_CLAIMS, MAIL_LOG, newItem } from '../../api/mail/outbox.js';
import { MAIL_REACTOR } from '../../api/mail/reactor.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { bookingPayload } from './harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from '../mail/smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-move-claims-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

async function until(check: () => boolean, what: string, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('moving the reactors’ state of an older release', () => {
  it('carries the per-mail claims: a mail in flight in an old process is not sent again by the new one', async () => {
    const smtp = await startSmtpServer();
    const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;
    // The older release's layout: its outbox and checkpoint in the read models' file.
    mkdirSync(dataDir, { recursive: true });
    const old = openSqliteDocumentStore(join(dataDir, 'read-models.db'));
    const OLD_PROCESS = 'old-release-host:4242:1-0badc0de';
    const item = newItem(
      { id: '6f1d3c2a-1b2c-4d5e-8f90-123456789abc', type: 'BookingPlaced', position: 1 },
      'customer',
      {
        kind: 'booking_received',
        booking_id: 'B-flight',
        message: { to: 'iflygen@example.se', subject: 'Vi har tagit emot din beställning', text: 'Tack!' },
      },
      new Date(),
    );
    await old.commit([{ op: 'put', collection: MAIL_LOG, doc: item }], { projection: MAIL_REACTOR, position: 1 });
    // The old process is sending it now: its claim runs 30 s more (longer than the new release
    // takes to start on a loaded machine, so that it finds the claim running).
    expect(await old.lease(MAIL_CLAIMS, item.id, OLD_PROCESS, 30_000)).toBe('ours');
    // It sends it (the relay takes it) and stores the outcome once the new release, starting, has
    // found its claim and waits (or after 6 s, when the assertion below then tells it did not).
    let waiting: () => void = () => {};
    const newReleaseWaits = new Promise<void>((resolve) => (waiting = resolve));
    const oldProcessDone = (async () => {
      await Promise.race([newReleaseWaits, new Promise((r) => setTimeout(r, 6_000))]);
      await new Promise((r) => setTimeout(r, 500));
      smtp.mails.push({ to: ['iflygen@example.se'], raw: '', text: 'sent by the old process' });
      await old.commit([
        {
          op: 'put',
          collection: MAIL_LOG,
          doc: { ...item, status: 'sent', attempts: 1, sent_at: new Date().toISOString() },
        },
      ]);
      await old.endLease(MAIL_CLAIMS, item.id, OLD_PROCESS, 'done');
    })();
    try {
      const api = await startApiProcess(dataDir, { SMTP_URL: smtp.url }, (output) => {
        if (output.includes('claims in flight')) waiting();
      });
      await oldProcessDone;
      expect(api.output()).toMatch(/1 claims in flight in the read models' store .*waiting up to \d+ s/);
      const placed = await api.call(
        'POST',
        '/api/bookings',
        bookingPayload({ date: inDays(3), email: 'ny@example.se' }),
      );
      expect(placed.status).toBe(201);
      await until(() => mailsTo('ny@example.se') === 1, 'the new booking’s receipt', 15_000);
      // Longer than the sender's poll: a second send of the mail in flight would have gone by now.
      await new Promise((r) => setTimeout(r, 2500));
      expect(mailsTo('iflygen@example.se'), 'the mail in flight, sent by the old process and again by the new').toBe(1);
      api.child.kill('SIGTERM');
      await api.exited;
    } finally {
      await oldProcessDone.catch(() => {});
      await old.close();
      await smtp.close();
    }
  }, 60_000);
});
