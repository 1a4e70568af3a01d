// Each mail is claimed before it is sent and marked done after. What a process that died at
// either point leaves behind: a done message is never sent again; a claimed one is sent by the
// next reactor once the claim has run out (at most once more, never lost).
import { describe, expect, it } from 'vitest';
import { mailReactor, MAIL_REACTOR } from '../../api/mail/reactor.js';
import type { Mailer } from '../../api/mail/mailer.js';
import { LeasedRunner, type Startable } from '../../projections/leasedRunner.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from '../api/harness.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mail claims', () => {
  it('skip a message another process sent, and send one it claimed but never finished, once', async () => {
    // No reactor in the server: this test plays both the dead process and its successor.
    const t = await startTestServer({ now: () => MONDAY_MORNING, config: { runReactors: false } });
    try {
      const placed = await t.post('/api/bookings', bookingPayload({ email: 'claim@example.se' }));
      expect(placed.status).toBe(201);
      const [event] = (await t.server.events.readAll(0, 10_000)).filter((e) => e.type === 'BookingPlaced');
      const { docs, events } = t.server;
      // The dead process: sent the staff mail and marked it done, claimed the customer mail and
      // died before marking it; its page (mail log, checkpoint) was never committed.
      await docs.endLease('mail', `${event.id}-staff`, 'dead-process', 'done');
      expect(await docs.lease('mail', `${event.id}-customer`, 'dead-process', 400)).toBe('ours');
      await docs.commit([], { projection: MAIL_REACTOR, position: event.position - 1 });

      const sent: string[] = [];
      const mailer: Mailer = { send: async (m) => void sent.push(m.id), forget: async () => {}, close: async () => {} };
      const reactor = await mailReactor({
        events,
        docs,
        mailer,
        publicUrl: 'http://kiosk.test',
        timeZone: 'Europe/Stockholm',
        waitForReadModels: async () => true,
        owner: 'successor',
        claimTtlMs: 400,
      });
      await reactor.start();
      for (let i = 0; i < 100 && sent.length === 0; i++) await sleep(50);
      await sleep(300);
      await reactor.stop();
      expect(sent).toEqual([`${event.id}-customer`]);
      expect(await docs.lease('mail', `${event.id}-customer`, 'anyone', 1000)).toBe('done');
    } finally {
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
