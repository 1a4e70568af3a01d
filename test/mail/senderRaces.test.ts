// Two senders on one store, and a mark that fails after the relay took the mail: every item is
// sent once, and the mail log keeps each entry whole (recipient, subject, status sent).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mailReactor } from '../../api/mail/reactor.js';
import { MailSender } from '../../api/mail/sender.js';
import { createMailer, type Mailer } from '../../api/mail/mailer.js';
import { MAIL_LOG, type MailItem } from '../../api/mail/outbox.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer } from './smtp.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const messageIds = (mails: Array<{ raw: string }>) => mails.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);

let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A kiosk without reactors, the mail reactor run by hand until it wrote `items` items. */
async function kioskWithItems(bookings: number): Promise<TestServer> {
  const t = await startTestServer({ now: () => MONDAY_MORNING, config: { runReactors: false } });
  cleanups.push(() => t.close());
  const { docs, events } = t.server;
  const reactor = mailReactor({ events, docs, publicUrl: 'http://kiosk.test', timeZone: 'Europe/Stockholm' });
  await reactor.start();
  for (let i = 0; i < bookings; i++) {
    const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ email: `kund${i}@example.se`, time, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
    );
    expect(placed.status).toBe(201);
  }
  for (let i = 0; i < 200 && (await docs.count(MAIL_LOG)) < 2 * bookings; i++) await sleep(50);
  await reactor.stop();
  expect(await docs.count(MAIL_LOG)).toBe(2 * bookings);
  return t;
}

function senderOf(t: TestServer, mailer: Mailer, owner: string, logged: string[] = []): MailSender {
  const sender = new MailSender({
    log: (message) => logged.push(message),
    docs: t.server.docs,
    mailer,
    owner,
    publicUrl: 'http://kiosk.test',
    timeZone: 'Europe/Stockholm',
    readModelsAt: () => t.server.projections.position(),
    pollIntervalMs: 20,
  });
  cleanups.push(() => sender.stop());
  return sender;
}

describe('mail senders side by side', () => {
  it('send each item once and never store an older copy over a sent one (rule: mail outbox)', async () => {
    // A slow relay: each sender holds its items in flight while the other lists and tries them.
    const smtp = await startSmtpServer({ answerWhen: () => sleep(30) });
    cleanups.push(() => smtp.close());
    const t = await kioskWithItems(12);
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent' });
    cleanups.push(() => mailer.close());
    const senders = ['first', 'second', 'third'].map((owner) => senderOf(t, mailer, owner));
    await Promise.all(senders.map((s) => s.start()));
    await smtp.waitFor(24);
    await sleep(500);
    await Promise.all(senders.map((s) => s.stop()));

    const ids = messageIds(smtp.mails);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const items = await t.server.docs.find<MailItem>(MAIL_LOG);
    expect(items.filter((m) => m.status === 'sent' && m.to && m.subject && m.sent_at)).toHaveLength(24);
  });

  it('marks a mail sent once the store takes writes again, and no sender sends it twice', async () => {
    // The relay answers the first mail only when the test says so; meanwhile the test takes the
    // read-model file's write lock (another connection in a long transaction), so the sender's
    // mark after the relay's answer fails (busy) and has to be stored later.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const smtp = await startSmtpServer({
      answerWhen: (to) => {
        if (to[0] !== 'kund0@example.se') return Promise.resolve();
        arrived();
        return answered;
      },
    });
    cleanups.push(() => smtp.close());
    const t = await kioskWithItems(1);
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent' });
    cleanups.push(() => mailer.close());
    const logged: string[] = [];
    const first = senderOf(t, mailer, 'first', logged);
    const second = senderOf(t, mailer, 'second');
    await first.start();
    await inFlight;

    // Another process holds the lock for 12 s, longer than the store's busy timeout (5 s) twice
    // over (a blocked write holds up this process's event loop, so the mark may start late): the
    // mark fails. Held from this process, the lock could not be let go while a write waits.
    const locker = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.pragma('busy_timeout = 5000');
         db.exec('BEGIN IMMEDIATE');
         console.log('locked');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 12000);
         db.exec('COMMIT');`,
        // The mail log's file: the reactors' state lives apart from the read models (api/stores.ts).
        join(t.dataDir, 'reactors.db'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => locker.once('exit', resolve));
    await new Promise<void>((resolve) => locker.stdout.once('data', () => resolve()));
    answer();
    expect(await exited).toBe(0);
    expect(logged.some((m) => m.includes('its mark not yet stored'))).toBe(true);
    // A second sender from now on: it finds the item marked, or its lease done, never due.
    await second.start();

    const customerItem = async () =>
      (await t.server.docs.find<MailItem>(MAIL_LOG)).find((m) => m.kind === 'booking_received');
    for (let i = 0; i < 200 && (await customerItem())?.status !== 'sent'; i++) await sleep(50);
    // Past the first sender's lease term (15 s from its last renewal): a second send would be here.
    await sleep(16_000);
    await Promise.all([first.stop(), second.stop()]);

    expect(smtp.mails.filter((m) => m.to[0] === 'kund0@example.se')).toHaveLength(1);
    expect(new Set(messageIds(smtp.mails)).size).toBe(smtp.mails.length);
    expect(await customerItem()).toMatchObject({ status: 'sent', to: 'kund0@example.se', attempts: 1 });
  }, 60_000);
});
