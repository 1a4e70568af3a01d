// "Nothing accepted is lost across a crash" for the waitlist's offers (rule: waitlist;
// api/waitlist/offerReactor.ts): a staff cancellation answered by a process that is then killed
// with SIGKILL before any offer reactor ran on it still gets its capacity offered, exactly once,
// by the next server to start on the store, and a further restart offers nothing again.
//
// The process that takes the cancellation runs no reactors (RUN_REACTORS=0, an API process of a
// deployment with a worker): so no offer reactor can have run on the cancellation before the kill.
// The one before it did run the reactors, so the reactor's checkpoint stands before the
// cancellation (a reactor that never ran starts at the log's head). The offer timer is off
// everywhere: the offer can only come from the reactor. Then the reactor is made to look at the
// cancellation once more, as after a crash between its offer and its checkpoint: no second offer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../api/config.js';
import { openReadModelStore } from '../../api/stores.js';
import { WAITLIST_REACTOR } from '../../api/waitlist/offerReactor.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { bookingPayload, startTestServer, type TestServer } from './harness.js';
import { offersOn } from './waitlistSetup.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-offercrash-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

// Real clock here (child processes): a date a few days ahead, inside the default horizon.
const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const stream = `kioskday-${date}`;
const NO_TIMER = { WAITLIST_OFFER_INTERVAL_MS: '0', BOOKINGS_PER_MINUTE: '0', LOOKUPS_PER_MINUTE: '0' };

/** Waits (no fixed sleep) until the offer reactor's stored checkpoint has passed the position. */
const reactorPassed = (server: TestServer, position: number) =>
  vi.waitFor(
    async () => expect(await server.server.docs.getCheckpoint(WAITLIST_REACTOR)).toBeGreaterThanOrEqual(position),
    { timeout: 30_000, interval: 50 },
  );

describe('a cancellation whose server is killed before the offer reactor ran', () => {
  it('is offered to the queue once after the restart, and never again', async () => {
    // 1. A full slot and a queue behind it, on a server that runs the reactors (and stops cleanly).
    const first = await startApiProcess(dataDir, NO_TIMER);
    const placed = await first.call(
      'POST',
      '/api/bookings',
      bookingPayload({
        date,
        time: '12:00',
        email: 'full@example.se',
        items: [{ pizza_id: 1, qty: 6 }],
        requested_pizzas: 6,
      }),
    );
    expect(placed.status).toBe(201);
    const joined = await first.call('POST', '/api/waitlist', {
      date,
      time: '12:00',
      name: 'Karin Kö',
      email: 'karin@example.se',
      requested_pizzas: 2,
    });
    expect(joined.status).toBe(201);
    first.child.kill('SIGTERM');
    await first.exited;

    // 2. The cancellation, answered by a process without reactors, then SIGKILL.
    const second = await startApiProcess(dataDir, { ...NO_TIMER, RUN_REACTORS: '0' });
    const { cookie } = await second.call('POST', '/api/admin/login', {
      email: 'admin@pizzakiosken.test',
      password: 'Hemligt-lösen-123',
    });
    const cancelled = await second.call(
      'PUT',
      `/api/admin/bookings/${placed.body.booking_id}/cancel`,
      { reason: 'Kunden ringde' },
      cookie,
    );
    expect(cancelled.status).toBe(200);
    const queue = await second.call('GET', `/api/admin/waitlist?date=${date}`, undefined, cookie);
    expect(queue.body.entries.map((e: { status: string }) => e.status)).toEqual(['waiting']);
    second.child.kill('SIGKILL');
    await second.exited;

    // 3. The next server offers the freed capacity: one offer, to the entry, by the system.
    let restarted = await startTestServer({ dataDir, config: { waitlistOfferIntervalMs: 0 } });
    let cancellation = 0;
    try {
      cancellation = (await restarted.server.events.readStream(stream)).find(
        (e) => e.type === 'BookingCancelled',
      )!.position;
      const offers = await vi.waitFor(
        async () => {
          const found = await offersOn(restarted, date);
          expect(found).toHaveLength(1);
          return found;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(offers[0].data).toMatchObject({ waitlist_id: joined.body.waitlist_id, pizzas: 2 });
      expect(offers[0].metadata.actor).toBe('system');
      await reactorPassed(restarted, cancellation);
      expect(await offersOn(restarted, date)).toHaveLength(1);
    } finally {
      await restarted.close();
    }

    // 4. As if that server had died after the offer but before the reactor's checkpoint: the
    // checkpoint put back before the cancellation, and another restart. The reactor decides again
    // on the day that holds the offer: still one.
    const store = await openReadModelStore({ ...configFromEnv({}), dataDir });
    try {
      await store.reset([], WAITLIST_REACTOR);
      await store.commit([], { projection: WAITLIST_REACTOR, position: cancellation - 1 });
    } finally {
      await store.close();
    }
    restarted = await startTestServer({ dataDir, config: { waitlistOfferIntervalMs: 0 } });
    try {
      await reactorPassed(restarted, cancellation);
      expect(await offersOn(restarted, date)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
