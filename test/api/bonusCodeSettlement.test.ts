// Bonus-code uses settled once their booking's outcome is known (rule: bonus-code-settlement), over
// HTTP on the real server and SQLite store. The kiosk-day append is made to fail by the test's
// fault hook (api/eventStore/appendFaults.ts): before it is written (no booking) or after (the
// booking stored, its answer lost). The clock moves by hand past BONUS_USE_SETTLE_AFTER_MS.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BONUS_USE_SETTLE_AFTER_MS } from '../../domain/bonusCodes/settlement.js';
import { AppendFaults } from '../../api/eventStore/appendFaults.js';
import { MONDAY_MORNING, bookingPayload, useTestServer, type Reply } from './harness.js';

let now = MONDAY_MORNING.getTime();
const later = (ms: number) => {
  now += ms;
};
const faults = new AppendFaults();
const t = useTestServer({ now: () => new Date(now), appendFaults: faults });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

async function book(body: Record<string, unknown>, key?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  const response = await fetch(`${t.base}/api/bookings`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function codeWithOneUse(code: string) {
  const reply = await t.post(
    '/api/admin/bonus-codes',
    { code, discount_percentage: 10, usage_limit: 1, is_active: true },
    admin,
  );
  expect(reply.status).toBe(201);
}

const usedCount = async (code: string) =>
  ((await t.get('/api/admin/bonus-codes', admin)).body as Array<{ code: string; used_count: number }>).find(
    (c) => c.code === code,
  )!.used_count;

const bookingsOn = async (date: string) =>
  (await t.get(`/api/admin/bookings?date=${date}`, admin)).body as Array<{ id: string; bonus_code: string | null }>;

/** The settlement events of the bonus-codes stream for a code, with who recorded them. */
async function settlementsOf(code: string) {
  const events = await t.server.events.readStream('bonus-codes');
  return events
    .filter((e) => (e.data as { code?: string }).code === code)
    .filter((e) => e.type !== 'BonusCodeCreated' && e.type !== 'BonusCodeRedeemed')
    .map((e) => ({ type: e.type, actor: e.metadata.actor, reason: (e.data as { reason?: string }).reason }));
}

/** Fills the window of date at time with six pizzas (capacity_per_window's default). */
const fill = (date: string, time: string) =>
  book(bookingPayload({ date, time, email: 'full@example.se', items: [{ pizza_id: 1, qty: 6 }], requested_pizzas: 6 }));

describe('an append that fails before it is written (the booking never lands)', () => {
  it('leaves the use held until its outcome is known, then the sweep gives it back once', async () => {
    await codeWithOneUse('FORE');
    faults.failNext('kioskday-', 'before-write');
    const lost = await book(bookingPayload({ date: '2026-11-25', time: '12:00', bonus_code: 'FORE' }));
    expect(lost.status).toBe(500);
    expect(await bookingsOn('2026-11-25')).toHaveLength(0);
    expect(await usedCount('FORE')).toBe(1);

    // Its request might still be on its way: nothing is settled yet, and the code is used up.
    await t.server.bonusUses.sweep();
    expect(await settlementsOf('FORE')).toEqual([]);
    const meanwhile = await book(bookingPayload({ date: '2026-11-25', time: '13:00', bonus_code: 'FORE' }));
    expect(meanwhile.body.error).toBe('Bonuskoden har redan använts maximalt antal gånger');

    later(BONUS_USE_SETTLE_AFTER_MS);
    expect((await t.server.bonusUses.sweep()).released).toBeGreaterThanOrEqual(1);
    expect(await usedCount('FORE')).toBe(0);
    // Once: a second sweep finds nothing of it left.
    await t.server.bonusUses.sweep();
    expect(await settlementsOf('FORE')).toEqual([{ type: 'BonusCodeReleased', actor: 'system', reason: 'not_placed' }]);

    const placed = await book(bookingPayload({ date: '2026-11-25', time: '13:00', bonus_code: 'FORE' }));
    expect(placed.status).toBe(201);
    expect(await usedCount('FORE')).toBe(1);
  });
});

describe('an append that fails after it was written (the booking landed, its answer lost)', () => {
  it('keeps the use once, and the booking still gives it back when cancelled', async () => {
    await codeWithOneUse('EFTER');
    faults.failNext('kioskday-', 'after-write');
    const lost = await book(bookingPayload({ date: '2026-11-26', time: '12:00', bonus_code: 'EFTER' }));
    expect(lost.status).toBe(500);
    // The failed request answered without waiting for the read models: wait for them here.
    await t.server.projections.waitFor(await t.server.events.headPosition());
    const [landed] = await bookingsOn('2026-11-26');
    expect(landed.bonus_code).toBe('EFTER');

    later(BONUS_USE_SETTLE_AFTER_MS);
    expect((await t.server.bonusUses.sweep()).kept).toBeGreaterThanOrEqual(1);
    await t.server.bonusUses.sweep();
    expect(await usedCount('EFTER')).toBe(1);
    expect(await settlementsOf('EFTER')).toEqual([{ type: 'BonusCodeUseKept', actor: 'system', reason: undefined }]);

    const cancelled = await t.put(`/api/admin/bookings/${landed.id}/cancel`, { reason: 'Kunden ringde' }, admin);
    expect(cancelled.status).toBe(200);
    expect(await usedCount('EFTER')).toBe(0);
  });
});

describe('a keyed retry of a booking whose append failed', () => {
  it('refused once the first request is long over, gives back the use it took over', async () => {
    await codeWithOneUse('NYCKEL');
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-27', time: '18:00', bonus_code: 'NYCKEL' });
    faults.failNext('kioskday-', 'before-write');
    expect((await book(payload, key)).status).toBe(500);
    expect((await fill('2026-11-27', '18:00')).status).toBe(201);

    later(BONUS_USE_SETTLE_AFTER_MS);
    const refused = await book(payload, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Tidsluckan har inte plats för hela beställningen. Välj en annan tid.');
    expect(await usedCount('NYCKEL')).toBe(0);
    expect(await settlementsOf('NYCKEL')).toEqual([
      { type: 'BonusCodeReleased', actor: 'customer', reason: 'not_placed' },
    ]);
  });

  it('refused while the first request may still be on its way, leaves the use to the sweep', async () => {
    await codeWithOneUse('STRAX');
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-27', time: '19:00', bonus_code: 'STRAX' });
    faults.failNext('kioskday-', 'before-write');
    expect((await book(payload, key)).status).toBe(500);
    expect((await fill('2026-11-27', '19:00')).status).toBe(201);

    expect((await book(payload, key)).status).toBe(400);
    expect(await usedCount('STRAX')).toBe(1);

    later(BONUS_USE_SETTLE_AFTER_MS);
    await t.server.bonusUses.sweep();
    expect(await usedCount('STRAX')).toBe(0);
    expect(await settlementsOf('STRAX')).toEqual([
      { type: 'BonusCodeReleased', actor: 'system', reason: 'not_placed' },
    ]);
  });

  it('placed late, takes the use over so the sweep cannot give it back under the new booking', async () => {
    await codeWithOneUse('SEN');
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-28', time: '12:00', bonus_code: 'SEN' });
    faults.failNext('kioskday-', 'before-write');
    expect((await book(payload, key)).status).toBe(500);

    later(BONUS_USE_SETTLE_AFTER_MS);
    const placed = await book(payload, key);
    expect(placed.status).toBe(201);
    expect(placed.body.booking).toMatchObject({ bonus_code: 'SEN' });
    // The retry renewed the use: young again, it is not the sweep's yet.
    await t.server.bonusUses.sweep();
    expect(await settlementsOf('SEN')).toEqual([{ type: 'BonusCodeUseRenewed', actor: 'customer', reason: undefined }]);
    later(BONUS_USE_SETTLE_AFTER_MS);
    await t.server.bonusUses.sweep();
    expect((await settlementsOf('SEN')).map((e) => e.type)).toEqual(['BonusCodeUseRenewed', 'BonusCodeUseKept']);
    expect(await usedCount('SEN')).toBe(1);
    expect((await book(bookingPayload({ date: '2026-11-28', time: '13:00', bonus_code: 'SEN' }))).status).toBe(400);
  });
});
