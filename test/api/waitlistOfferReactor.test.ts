// The waitlist's offers follow the event log (rule: waitlist; api/waitlist/offerReactor.ts): after
// each event that frees capacity on a day, the offer reactor runs the day's offer decision, by
// `system`, once. The offer timer is off here (WAITLIST_OFFER_INTERVAL_MS 0), so every offer below
// is the reactor's; the requests that free capacity only append their own event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, startTestServer, useTestServer, type TestServer } from './harness.js';
import { fullSlot, offerOf, offersOn } from './waitlistSetup.js';

let now = MONDAY_MORNING;
const t = useTestServer({ now: () => now, config: { waitlistOfferIntervalMs: 0 } });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

/** Waits (no fixed sleep) until the token's offer is live, and answers it. */
const offered = async (server: TestServer, token: string) => (await offerOf(server, token)).body as { pizzas: number };

describe('the offer reactor (rule: waitlist)', () => {
  it("offers a staff cancellation's capacity to the first in line that fits, once, by system", async () => {
    const date = '2026-11-24';
    const { bookings, tokens } = await fullSlot(t, date, [4, 2], [3, 2]);
    expect((await t.put(`/api/admin/bookings/${bookings[1]}/cancel`, { reason: 'Sjuk' }, admin)).status).toBe(200);
    expect((await offered(t, tokens[1])).pizzas).toBe(2);
    const offers = await offersOn(t, date);
    expect(offers).toHaveLength(1);
    expect(offers[0].metadata.actor).toBe('system');
    // The first in line wants 3: still waiting.
    expect((await t.get(`/api/waitlist/${tokens[0]}`)).status).toBe(409);
  });

  it("offers a customer's own cancellation", async () => {
    const date = '2026-11-25';
    const { bookings, tokens } = await fullSlot(t, date, [6], [2]);
    const cancel = await t.post(`/api/bookings/${bookings[0]}/cancel-public`, { email: 'bokad0@example.se' });
    expect(cancel.status).toBe(200);
    expect((await offered(t, tokens[0])).pizzas).toBe(2);
    expect(await offersOn(t, date)).toHaveLength(1);
  });

  it('offers a hold given up by leaving to the next in line', async () => {
    const date = '2026-11-26';
    const { bookings, tokens } = await fullSlot(t, date, [4, 2], [2, 2]);
    await t.put(`/api/admin/bookings/${bookings[1]}/cancel`, { reason: 'Sjuk' }, admin);
    await offered(t, tokens[0]);
    expect((await t.del(`/api/waitlist/${tokens[0]}`)).status).toBe(200);
    expect((await offered(t, tokens[1])).pizzas).toBe(2);
    expect((await offersOn(t, date)).map((e) => (e.data as { waitlist_id: string }).waitlist_id)).toHaveLength(2);
  });

  it('offers what a booking of fewer pizzas than held gives back', async () => {
    const date = '2026-11-27';
    const { bookings, tokens } = await fullSlot(t, date, [3, 3], [3, 2]);
    await t.put(`/api/admin/bookings/${bookings[1]}/cancel`, { reason: 'Sjuk' }, admin);
    expect((await offered(t, tokens[0])).pizzas).toBe(3);
    // Three held, one booked: two go back to the queue, where the next one wants two.
    const booked = await t.post(`/api/waitlist/${tokens[0]}/book`, {
      name: 'Kö 0',
      email: 'ko0@example.se',
      phone: null,
      dine_in: false,
      items: [{ pizza_id: 1, qty: 1 }],
    });
    expect(booked.status).toBe(201);
    expect((await offered(t, tokens[1])).pizzas).toBe(2);
  });

  it('offers the capacity a move to another date frees on the old one, and a move within the day', async () => {
    const date = '2026-11-28';
    const { bookings, tokens } = await fullSlot(t, date, [4, 2], [2, 2]);
    const away = await t.post(`/api/bookings/${bookings[1]}/reschedule`, {
      email: 'bokad1@example.se',
      date: '2026-11-30',
      time: '12:00',
    });
    expect(away.status).toBe(200);
    expect((await offered(t, tokens[0])).pizzas).toBe(2);
    const within = await t.post(`/api/bookings/${bookings[0]}/reschedule`, {
      email: 'bokad0@example.se',
      date,
      time: '14:00',
    });
    expect(within.status).toBe(200);
    expect((await offered(t, tokens[1])).pizzas).toBe(2);
    expect(await offersOn(t, date)).toHaveLength(2);
  });

  it('offers the capacity of a booking the system let expire', async () => {
    const date = '2026-12-01';
    await t.put(
      '/api/admin/settings',
      { ...(await t.get('/api/admin/settings', admin)).body, pending_expiry_minutes: 30 },
      admin,
    );
    const { bookings, tokens } = await fullSlot(t, date, [6], [2]);
    now = new Date(MONDAY_MORNING.getTime() + 31 * 60_000);
    try {
      // (The earlier tests' pending bookings expire with it.)
      expect((await t.server.timers.sweep()).expired).toContain(bookings[0]);
      expect((await offered(t, tokens[0])).pizzas).toBe(2);
    } finally {
      now = MONDAY_MORNING;
    }
  });
});

describe('a process that runs no reactors (RUN_REACTORS=0)', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({
      now: () => MONDAY_MORNING,
      config: { runReactors: false, waitlistOfferIntervalMs: 0 },
    });
  });
  afterAll(() => own.close());

  it('answers a cancellation without offering anything itself: the offer is the reactor’s', async () => {
    const date = '2026-11-24';
    const cookie = await own.login();
    const { bookings, tokens } = await fullSlot(own, date, [6], [2]);
    expect((await own.put(`/api/admin/bookings/${bookings[0]}/cancel`, { reason: 'Sjuk' }, cookie)).status).toBe(200);
    expect(await offersOn(own, date)).toEqual([]);
    expect((await own.get(`/api/waitlist/${tokens[0]}`)).status).toBe(409);
  });
});
