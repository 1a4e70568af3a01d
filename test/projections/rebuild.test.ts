// Rebuilding a read model from position 0 gives exactly the live one, and replaying events a
// projection has already applied (a redelivery after a crash) changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sameJson, stableJson } from '../../projections/digest.js';
import { allProjections } from '../../projections/index.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';

let t: TestServer;

async function snapshot() {
  const all: Record<string, unknown[]> = {};
  for (const p of allProjections)
    for (const c of p.collections) all[c] = await t.server.docs.find(c, {}, { sort: [['id', 1]] });
  return all;
}

beforeAll(async () => {
  t = await startTestServer({ now: () => MONDAY_MORNING });
  const admin = await t.login();
  // A bit of everything the projections follow.
  await t.post('/api/admin/bonus-codes', { code: 'VINTER', discount_percentage: 15, usage_limit: 10 }, admin);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    const reply = await t.post(
      '/api/bookings',
      bookingPayload({
        date: `2026-11-2${4 + (i % 4)}`,
        time: `1${2 + (i % 6)}:00`,
        email: `r${i}@example.se`,
        bonus_code: i % 3 === 0 ? 'VINTER' : undefined,
        items: [{ pizza_id: 1 + (i % 6), qty: 2 }],
      }),
    );
    expect(reply.status).toBe(201);
    ids.push(reply.body.booking_id);
  }
  await t.put(`/api/admin/bookings/${ids[0]}/confirm`, {}, admin);
  await t.put(`/api/admin/bookings/${ids[1]}/cancel`, { reason: 'Dubbelbokning' }, admin);
  await t.put(`/api/admin/bookings/${ids[2]}/confirm`, {}, admin);
  await t.put(`/api/admin/bookings/${ids[2]}/cancel`, { reason: 'Sjuk' }, admin);
  // Kitchen steps: one order collected, one back before the oven (the field left out again).
  await t.put(`/api/admin/bookings/${ids[0]}/kitchen`, { step: 'baking' }, admin);
  await t.put(`/api/admin/bookings/${ids[0]}/kitchen`, { step: 'ready' }, admin);
  await t.put(`/api/admin/bookings/${ids[0]}/kitchen`, { step: 'picked_up' }, admin);
  await t.put(`/api/admin/bookings/${ids[3]}/confirm`, {}, admin);
  await t.put(`/api/admin/bookings/${ids[3]}/kitchen`, { step: 'no_show' }, admin);
  await t.put(`/api/admin/bookings/${ids[3]}/kitchen`, { step: 'undo' }, admin);
  await t.post('/api/admin/calendar/day', { date: '2026-11-29', isOpen: false }, admin);
  await t.post('/api/admin/vip-dates', { date: '2026-12-01', description: 'Julpizza' }, admin);
  const customer = await t.post('/api/admin/vip-customers', { email: 'vip@example.se', name: 'Vera VIP' }, admin);
  await t.post('/api/admin/vip-links/generate', { vip_customer_id: customer.body.id, expires_hours: 24 }, admin);
  await t.post('/api/admin/pizzas', { name: 'Tillfällig', price_cents: 5000, allergens: ['milk'] }, admin);
  await t.del('/api/admin/pizzas/7', undefined, admin);
  // Closures: added and removed (the closures document after both).
  await t.post('/api/admin/closures', { from: '2026-12-24', to: '2026-12-26', reason: 'Jul', recurring: true }, admin);
  const removed = await t.post(
    '/api/admin/closures',
    { from: '2027-07-01', to: '2027-07-14', reason: 'Semester' },
    admin,
  );
  await t.post('/api/admin/closures', { from: '2027-02-01', to: '2027-02-02', reason: 'Inventering' }, admin);
  await t.del(`/api/admin/closures/${removed.body.closure.id}`, undefined, admin);
  // The waitlist (rule: waitlist): a full slot's queue, an offer from a cancellation, a booking
  // from it, a leave.
  const full = await t.post(
    '/api/bookings',
    bookingPayload({
      date: '2026-11-28',
      time: '19:00',
      email: 'full@example.se',
      items: [{ pizza_id: 1, qty: 6 }],
      requested_pizzas: 6,
    }),
  );
  const queued: string[] = [];
  for (const who of ['ko1', 'ko2', 'ko3']) {
    const joined = await t.post('/api/waitlist', {
      date: '2026-11-28',
      time: '19:00',
      name: 'Kö Kund',
      email: `${who}@example.se`,
      requested_pizzas: 3,
    });
    expect(joined.status).toBe(201);
    queued.push(
      (await t.server.docs.get<{ id: string; token: string }>('waitlist_v1', joined.body.waitlist_id))!.token,
    );
  }
  await t.put(`/api/admin/bookings/${full.body.booking_id}/cancel`, { reason: 'Flyttad' }, admin);
  // The offers follow the log (api/waitlist/offerReactor.ts): the first in line's is live once made.
  await offerMade(queued[0]);
  expect(
    (
      await t.post(`/api/waitlist/${queued[0]}/book`, {
        name: 'Kö Kund',
        email: 'ko1@example.se',
        items: [{ pizza_id: 2, qty: 3 }],
      })
    ).status,
  ).toBe(201);
  expect((await t.del(`/api/waitlist/${queued[1]}`)).status).toBe(200);
  // The hold given up goes to the last in line: the log is complete once that offer is made.
  await offerMade(queued[2]);
  expect(await t.server.projections.waitFor(await t.server.events.headPosition())).toBe(true);
});

/** Waits (no fixed sleep) until the offer reactor has made the token's offer. */
const offerMade = (token: string) =>
  vi.waitFor(async () => expect((await t.get(`/api/waitlist/${token}`)).status).toBe(200), {
    timeout: 30_000,
    interval: 50,
  });
afterAll(() => t.close());

describe('every projection', () => {
  it('rebuilds from position 0 to exactly the live read models', async () => {
    const live = await snapshot();
    expect(live['bookings_v1']).toHaveLength(14);
    const kitchen = (live['bookings_v1'] as Array<{ kitchen_status?: string }>).map((b) => b.kitchen_status);
    expect(kitchen.filter(Boolean)).toEqual(['picked_up']);
    // Undone back before the oven, a document is as one that never reached the kitchen.
    expect((live['bookings_v1'] as object[]).filter((b) => 'kitchen_status' in b)).toHaveLength(1);
    expect(live['waitlist_v1']).toHaveLength(3);
    for (const projection of allProjections) {
      await t.server.projections.rebuild(projection.name);
      expect(await snapshot(), projection.name).toEqual(live);
    }
  });

  it('ignores events it has already applied when they are delivered again', async () => {
    const live = await snapshot();
    for (const projection of allProjections) {
      // Forget the checkpoint but keep the documents: the runner replays everything.
      await t.server.docs.reset([], projection.name);
    }
    await t.server.projections.stop();
    const { ProjectionRunner } = await import('../../projections/runner.js');
    const replay = new ProjectionRunner(t.server.events, t.server.docs, allProjections);
    await replay.start();
    expect(await replay.waitFor(await t.server.events.headPosition())).toBe(true);
    await replay.stop();
    expect(await snapshot()).toEqual(live);
  });
});

describe('sameJson (the rebuild check’s comparison of a folded and a stored document)', () => {
  it('is stableJson equality: the same JSON up to the order of keys, undefined fields left out', () => {
    const doc = { id: 'a', n: 1, items: [{ q: 2, name: 'M' }], by: { '11': 1, x: null }, gone: undefined };
    expect(sameJson(doc, { by: { x: null, '11': 1 }, items: [{ name: 'M', q: 2 }], n: 1, id: 'a' })).toBe(true);
    for (const other of [
      { id: 'a', n: 1, items: [{ q: 2, name: 'M' }], by: { '11': 1 } },
      { id: 'a', n: 1, items: [{ q: 2, name: 'M' }], by: { '11': 1, x: null }, extra: 0 },
      { id: 'a', n: '1', items: [{ q: 2, name: 'M' }], by: { '11': 1, x: null } },
      { id: 'a', n: 1, items: [{ q: 2, name: 'M' }, null], by: { '11': 1, x: null } },
      { id: 'a', n: 1, items: { 0: { q: 2, name: 'M' } }, by: { '11': 1, x: null } },
      { id: 'a', n: 1, items: [{ q: 2, name: 'M' }], by: { '11': 1, x: {} } },
    ]) {
      expect(sameJson(doc, other)).toBe(stableJson(doc) === stableJson(other));
      expect(sameJson(doc, other)).toBe(false);
    }
    expect(sameJson([undefined, 1], [null, 1])).toBe(true);
  });
});
