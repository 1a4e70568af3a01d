// Each mail is an outbox item, taken under a lease before it is sent and closed as done after.
// What a process that died at either point leaves behind: a done item is never sent again (its
// mark is repaired); one it held when it died is sent by another process once the lease has run
// out (at most once more, never lost), and holds back no other item meanwhile.
import { describe, expect, it } from 'vitest';
import { mailReactor } from '../../api/mail/reactor.js';
import { MailSender } from '../../api/mail/sender.js';
import { createMailer } from '../../api/mail/mailer.js';
import { MAIL_LOG, type MailItem } from '../../api/mail/outbox.js';
import { LeasedRunner, deadPredecessor, type Startable } from '../../projections/leasedRunner.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from '../api/harness.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { startSmtpServer } from './smtp.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail claims', () => {
  it('skip an item another process sent, and send one it held but never finished, once', async () => {
    // No reactor in the server: this test plays both the dead process and its successor.
    const t = await startTestServer({ now: () => MONDAY_MORNING, config: { runReactors: false } });
    const smtp = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent' });
    try {
      const { docs, events, projections } = t.server;
      const reactor = mailReactor({
        events,
        docs,
        publicUrl: 'http://kiosk.test',
        timeZone: 'Europe/Stockholm',
        owner: 'writer',
      });
      await reactor.start();
      const placed = await t.post('/api/bookings', bookingPayload({ email: 'claim@example.se' }));
      expect(placed.status).toBe(201);
      const [event] = (await events.readAll(0, 10_000)).filter((e) => e.type === 'BookingPlaced');
      for (let i = 0; i < 100 && (await docs.count(MAIL_LOG)) < 2; i++) await sleep(50);
      await reactor.stop();
      expect((await docs.find<MailItem>(MAIL_LOG)).map((m) => m.id).sort()).toEqual([
        `${event.id}-customer`,
        `${event.id}-staff`,
      ]);

      // The dead process: sent the staff mail and closed its lease, its mark never stored; held
      // the customer mail when it died.
      await docs.endLease('mail', `${event.id}-staff`, 'dead-process', 'done');
      expect(await docs.lease('mail', `${event.id}-customer`, 'dead-process', 1500)).toBe('ours');

      const sender = new MailSender({
        docs,
        mailer,
        owner: 'successor',
        publicUrl: 'http://kiosk.test',
        timeZone: 'Europe/Stockholm',
        readModelsAt: () => projections.position(),
      });
      await sender.start();
      for (let i = 0; i < 100 && smtp.mails.length === 0; i++) await sleep(50);
      await sleep(500);
      await sender.stop();
      expect(smtp.mails.map((m) => m.to)).toEqual([['claim@example.se']]);
      expect(await docs.lease('mail', `${event.id}-customer`, 'anyone', 1000)).toBe('done');
      const items = await docs.find<MailItem>(MAIL_LOG);
      expect(items.map((m) => m.status)).toEqual(['sent', 'sent']);
    } finally {
      await mailer.close();
      await smtp.close();
      await t.close();
    }
  });
});

describe('a leased runner', () => {
  it('runs in one process at a time; another takes over when it stops or its lease runs out', async () => {
    const docs = openSqliteDocumentStore(':memory:');
    const running = new Set<string>();
    const runner = (name: string): Startable => ({
      start: async () => void running.add(name),
      stop: async () => void running.delete(name),
      wake: () => {},
    });
    const a = new LeasedRunner({
      docs,
      name: 'mail_v1',
      owner: 'a',
      ttlMs: 300,
      renewMs: 50,
      create: () => runner('a'),
    });
    const b = new LeasedRunner({
      docs,
      name: 'mail_v1',
      owner: 'b',
      ttlMs: 300,
      renewMs: 50,
      create: () => runner('b'),
    });
    await a.start();
    await b.start();
    await sleep(200);
    expect([...running]).toEqual(['a']);
    expect([a.active, b.active]).toEqual([true, false]);

    // A clean stop frees the lease: b takes over at its next renewal.
    await a.stop();
    await sleep(150);
    expect([...running]).toEqual(['b']);

    // b stops renewing without releasing (a crash): a, started again, waits out the lease.
    const c = new LeasedRunner({
      docs,
      name: 'mail_v1',
      owner: 'c',
      ttlMs: 300,
      renewMs: 50,
      create: () => runner('c'),
    });
    await c.start();
    (b as unknown as { stopped: boolean }).stopped = true; // renewals stop, the runner keeps its term
    await sleep(100);
    expect(c.active).toBe(false);
    await sleep(400);
    expect(c.active).toBe(true);
    await c.stop();
    await b.stop();
    await docs.close();
  });
});

describe('a dead predecessor', () => {
  const self = 'kiosk:4242:run1-aaaa1111';
  const running = (pid: number) => pid === 4242 || pid === 77;
  it('is an earlier run of this host: its pid gone, or this very pid in another incarnation', () => {
    expect(deadPredecessor('kiosk:999:run0-bbbb2222', self, running)).toBe(true);
    expect(deadPredecessor('kiosk:4242:run0-bbbb2222', self, running)).toBe(true);
  });
  it('is never this run (another runner or server in this process), another host, or a process that runs', () => {
    expect(deadPredecessor(self, self, running)).toBe(false);
    expect(deadPredecessor('kiosk:4242:run1-cccc3333', self, running)).toBe(false);
    expect(deadPredecessor('other-host:999:run0-bbbb2222', self, running)).toBe(false);
    expect(deadPredecessor('kiosk:77:run0-bbbb2222', self, running)).toBe(false);
    expect(deadPredecessor('writer', self, running)).toBe(false);
  });
});
