// The mail channel of the leased work-item sender (api/outbox/leasedSender.ts) against a real SMTP
// server on loopback and the real SQLite stores (issue 44): a store that fails for a moment while
// a mail is built parks nothing; a refusal whose outcome could not be stored is never logged as
// sent; one full mailbox backs off on its own without pausing the others or flagging the relay;
// an outage met by several mails in flight is one step of backoff; any sender's successful send
// clears the relay's state for all. The stores' trouble is a wrapper around the real store that
// throws once (a KurrentDB leader change, a Mongo step-down); the product's code is unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { mailReactor } from '../../api/mail/reactor.js';
import { MAX_ATTEMPTS, MailSender, RETRY_AFTER_MS } from '../../api/mail/sender.js';
import { createMailer, type Mailer } from '../../api/mail/mailer.js';
import { MAIL_LOG, MAIL_RELAY, type MailItem } from '../../api/mail/outbox.js';
import { classifyFailure } from '../../api/mail/relayAnswers.js';
import type { DocumentStore, Write } from '../../read-models/documentStore.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer } from './smtp.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

let booked = 0;
/** A kiosk without reactors; book() places bookings and runs the mail reactor by hand until their items are written. */
async function kiosk(): Promise<{ t: TestServer; book: (emails: string[]) => Promise<void> }> {
  const t = await startTestServer({ now: () => MONDAY_MORNING, config: { runReactors: false } });
  cleanups.push(() => t.close());
  const { docs, events } = t.server;
  return {
    t,
    book: async (emails) => {
      const reactor = mailReactor({ events, docs, publicUrl: 'http://kiosk.test', timeZone: 'Europe/Stockholm' });
      await reactor.start();
      const before = await docs.count(MAIL_LOG);
      for (const email of emails) {
        const i = booked++ % 28;
        const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
        const placed = await t.post(
          '/api/bookings',
          bookingPayload({ email, time, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
        );
        expect(placed.status).toBe(201);
      }
      const expected = before + 2 * emails.length;
      for (let i = 0; i < 200 && (await docs.count(MAIL_LOG)) < expected; i++) await sleep(50);
      await reactor.stop();
      expect(await docs.count(MAIL_LOG)).toBe(expected);
    },
  };
}

function senderOf(
  t: TestServer,
  mailer: Mailer,
  o: { owner?: string; docs?: DocumentStore; logged?: string[]; pollIntervalMs?: number } = {},
): MailSender {
  const sender = new MailSender({
    log: (message) => o.logged?.push(message),
    docs: o.docs ?? t.server.docs,
    mailer,
    owner: o.owner ?? 'sender',
    publicUrl: 'http://kiosk.test',
    timeZone: 'Europe/Stockholm',
    readModelsAt: () => t.server.projections.position(),
    events: t.server.events,
    pollIntervalMs: o.pollIntervalMs ?? 20,
  });
  cleanups.push(() => sender.stop());
  return sender;
}

function smtpMailer(url: string): Mailer {
  const mailer = createMailer({ smtpUrl: url, outboxDir: '/nonexistent' });
  cleanups.push(() => mailer.close());
  return mailer;
}

/** The real store, one of whose calls fails once as `fails` says (our stores' passing trouble). */
function storeFailingOnce(
  docs: DocumentStore,
  fails: { get?: (collection: string) => boolean; commit?: (writes: Write[]) => boolean },
): DocumentStore & { failed: number } {
  let failed = 0;
  return new Proxy(docs, {
    get(target, prop) {
      if (prop === 'failed') return failed;
      if (prop === 'get' && fails.get)
        return async (collection: string, id: string) => {
          if (failed === 0 && fails.get?.(collection)) {
            failed += 1;
            throw new Error('not primary: the replica set is electing a new primary');
          }
          return target.get(collection, id);
        };
      if (prop === 'commit' && fails.commit)
        return async (writes: Write[], checkpoints?: never) => {
          if (failed === 0 && fails.commit?.(writes)) {
            failed += 1;
            throw new Error('SQLITE_BUSY: database is locked');
          }
          return target.commit(writes, checkpoints);
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as DocumentStore & { failed: number };
}

const items = (t: TestServer) => t.server.docs.find<MailItem>(MAIL_LOG);

describe('the mail sender you can trust (issue 44)', () => {
  it('1. retries a mail whose build met a passing store error, never parks it', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const { t, book } = await kiosk();
    await book(['kund0@example.se', 'kund1@example.se']);
    // The first read of a booking for a mail fails (a step-down), once.
    const docs = storeFailingOnce(t.server.docs, { get: (c) => c === COLLECTIONS.bookings });
    const sender = senderOf(t, smtpMailer(smtp.url), { docs });
    await sender.start();
    await smtp.waitFor(4);
    await sleep(1500);
    await sender.stop();
    expect(docs.failed).toBe(1);
    expect(smtp.mails).toHaveLength(4);
    const all = await items(t);
    expect(all.filter((m) => m.status === 'failed')).toEqual([]);
    expect(all.every((m) => m.status === 'sent')).toBe(true);
  });

  it('2. stores a refusal before it closes the lease: a refused mail is never logged as sent', async () => {
    const smtp = await startSmtpServer({ refuse: 'nej@example.se' });
    cleanups.push(() => smtp.close());
    const { t, book } = await kiosk();
    await book(['nej@example.se']);
    // Storing the refusal fails once (the store busy, or the process gone, right then).
    const docs = storeFailingOnce(t.server.docs, {
      commit: (writes) => writes.some((w) => w.op === 'put' && w.collection === MAIL_LOG && w.doc.status === 'failed'),
    });
    const sender = senderOf(t, smtpMailer(smtp.url), { docs });
    await sender.start();
    const statuses: string[] = [];
    const customer = async () => (await items(t)).find((m) => m.kind === 'booking_received');
    for (let i = 0; i < 100 && (await customer())?.status !== 'failed'; i++) {
      statuses.push((await customer())?.status ?? '?');
      await sleep(50);
    }
    await sleep(1000);
    await sender.stop();
    expect(docs.failed).toBe(1);
    expect(statuses).not.toContain('sent');
    expect(await customer()).toMatchObject({ status: 'failed', to: 'nej@example.se' });
    expect(smtp.mails.filter((m) => m.to.includes('nej@example.se'))).toHaveLength(0);
  });

  it('3. backs off one full mailbox on its own (452 4.2.2 at RCPT): the others go, the relay stays ok', async () => {
    const smtp = await startSmtpServer({
      rcpt: (address) => (address === 'full@example.se' ? { code: 452, message: '4.2.2 Mailbox over quota' } : null),
    });
    cleanups.push(() => smtp.close());
    const { t, book } = await kiosk();
    const others = Array.from({ length: 10 }, (_, i) => `kund${i}@example.se`);
    await book(['full@example.se', ...others]);
    const sender = senderOf(t, smtpMailer(smtp.url));
    const alerts: string[][] = [];
    await sender.start();
    const started = Date.now();
    while (Date.now() - started < 4000) {
      alerts.push((await t.get('/api/ready')).body.alerts as string[]);
      await sleep(100);
    }
    expect(smtp.mails).toHaveLength(21); // every staff notice, every other customer's receipt
    expect(alerts.flat()).not.toContain('mail_failing');
    expect(await t.server.docs.get(MAIL_RELAY, 'relay')).toBeNull();
    // Tried once in those 4 s, its attempt counted, due again after the first retry's wait.
    expect(smtp.rcpts.filter((a) => a === 'full@example.se')).toHaveLength(1);
    const item = (await items(t)).find((m) => m.to === 'full@example.se');
    expect(item).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('4.2.2') });
    expect(item!.due_ms).toBeGreaterThan(Date.now() + RETRY_AFTER_MS[0] - 6000);

    // The last try parks it; staff are told (/api/ready's mail_failed) until they have looked.
    await t.server.docs.commit([
      { op: 'put', collection: MAIL_LOG, doc: { ...item!, attempts: MAX_ATTEMPTS - 1, due_ms: 0 } },
    ]);
    sender.wake();
    for (let i = 0; i < 100 && (await t.server.docs.get<MailItem>(MAIL_LOG, item!.id))?.status !== 'failed'; i++)
      await sleep(50);
    expect(await t.server.docs.get<MailItem>(MAIL_LOG, item!.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
    });
    await sender.stop();
    const ready = (await t.get('/api/ready')).body;
    expect(ready.alerts).toContain('mail_failed');
    expect(ready.alerts).not.toContain('mail_failing');
    expect(ready.mail).toMatchObject({ failed: 1, failed_unseen: 1 });
    const admin = await t.login();
    expect((await t.post('/api/admin/mails/failed/seen', {}, admin)).status).toBe(200);
    const after = (await t.get('/api/ready')).body;
    expect(after.alerts).not.toContain('mail_failed');
    expect(after.mail).toMatchObject({ failed: 1, failed_unseen: 0 });
  });

  it('4a. counts one outage met by eight mails in flight as one step of backoff', async () => {
    // The relay's system fails every message it takes in during one second (451 4.3.0 after
    // DATA), answering them all at its end: every mail in flight fails together.
    let outageEnds = 0;
    const smtp = await startSmtpServer({
      data: async () => {
        if (outageEnds === 0) outageEnds = Date.now() + 1000;
        if (Date.now() >= outageEnds) return null;
        await sleep(outageEnds - Date.now());
        return { code: 451, message: '4.3.0 Temporary system failure, try again later' };
      },
    });
    cleanups.push(() => smtp.close());
    const { t, book } = await kiosk();
    await book(Array.from({ length: 8 }, (_, i) => `kund${i}@example.se`));
    const logged: string[] = [];
    const sender = senderOf(t, smtpMailer(smtp.url), { logged });
    await sender.start();
    await smtp.waitFor(16);
    const done = Date.now();
    await sender.stop();
    expect(smtp.mails).toHaveLength(16);
    expect(done - outageEnds, 'sent within seconds of the outage').toBeLessThan(5000);
    const pauses = logged.filter((m) => m.includes('sending paused'));
    expect(pauses.length).toBeGreaterThan(0);
    expect(
      pauses.every((m) => /paused 1 s/.test(m)),
      pauses.join('\n'),
    ).toBe(true);
    expect((await t.server.docs.get(MAIL_RELAY, 'relay'))?.status).toBe('ok');
  });

  it('4b. any sender that sends clears the relay state another one stored as failing', async () => {
    let refusing = true;
    const smtp = await startSmtpServer({ mailFrom: () => (refusing ? 421 : null) });
    cleanups.push(() => smtp.close());
    const { t, book } = await kiosk();
    const mailer = smtpMailer(smtp.url);
    // Sender B runs, found the relay fine, and has had nothing to send since.
    const b = senderOf(t, mailer, { owner: 'b', pollIntervalMs: 60_000 });
    await b.start();
    await book(['kund0@example.se', 'kund1@example.se']);
    // Sender A meets the outage, stores the relay failing, and then is gone (or paused for minutes).
    const a = senderOf(t, mailer, { owner: 'a' });
    await a.start();
    for (let i = 0; i < 100 && (await t.server.docs.get(MAIL_RELAY, 'relay'))?.status !== 'failing'; i++)
      await sleep(50);
    await a.stop();
    expect((await t.get('/api/ready')).body.alerts).toContain('mail_failing');
    refusing = false;
    b.wake();
    await smtp.waitFor(4);
    expect(smtp.mails).toHaveLength(4);
    for (let i = 0; i < 40 && (await t.server.docs.get(MAIL_RELAY, 'relay'))?.status !== 'ok'; i++) await sleep(50);
    expect((await t.server.docs.get(MAIL_RELAY, 'relay'))?.status).toBe('ok');
    expect((await t.get('/api/ready')).body.alerts).not.toContain('mail_failing');
  });
});

describe('what a relay answer means (RFC 3463 enhanced status codes, by SMTP stage)', () => {
  const at = (command: string, code: number, response: string) => ({ command, responseCode: code, response });
  it.each([
    ['RCPT TO', 452, '452 4.2.2 Mailbox over quota', 'item'],
    ['RCPT TO', 552, '552 5.2.2 Mailbox full', 'recipient'],
    ['RCPT TO', 550, '550 5.1.1 No such user', 'recipient'],
    ['RCPT TO', 450, '450 4.2.1 Mailbox busy, try later', 'item'],
    ['RCPT TO', 451, '451 4.7.1 Rate limit exceeded, too many messages', 'relay'],
    ['RCPT TO', 452, '452 4.3.1 Insufficient system storage', 'relay'],
    ['RCPT TO', 452, '452 Too many recipients, quota', 'relay'],
    ['RCPT TO', 550, '550 Mailbox unavailable', 'recipient'],
    ['RCPT TO', 450, '450 Mailbox quota exceeded', 'item'],
    ['DATA', 452, '452 4.2.2 Over quota', 'item'],
    ['DATA', 451, '451 4.3.0 Temporary system failure', 'relay'],
    ['DATA', 552, '552 5.3.4 Message too big', 'recipient'],
    ['DATA', 554, '554 Transaction failed', 'recipient'],
    ['MAIL FROM', 452, '452 4.2.2 quota', 'relay'],
    ['AUTH PLAIN', 535, '535 5.7.8 Authentication credentials invalid', 'relay'],
    ['RCPT TO', 421, '421 4.4.2 Connection dropped', 'relay'],
  ])('%s %i "%s": %s', (command, code, response, kind) => {
    expect(classifyFailure(at(command, code, response))).toBe(kind);
  });
  it('no answer at all is the relay', () => {
    expect(classifyFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe('relay');
  });
});
