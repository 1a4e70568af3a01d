// POST /bookings with an Idempotency-Key header over HTTP (rule: idempotent-booking): a booking
// whose response was lost is never made twice, and a retry never uses a bonus code again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer, type Reply } from './harness.js';

let admin: string;

const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

/** POST /api/bookings as the browser sends it: JSON body and, when given, the key header. */
async function book(body: Record<string, unknown>, key?: string): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  const response = await fetch(`${t.base}/api/bookings`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const bookingsOn = async (date: string) =>
  (await t.get(`/api/admin/bookings?date=${date}`, admin)).body as Array<{ id: string; email: string }>;
const usedCount = async (code: string) =>
  ((await t.get('/api/admin/bonus-codes', admin)).body as Array<{ code: string; used_count: number }>).find(
    (c) => c.code === code,
  )!.used_count;

describe('the same key sent twice', () => {
  it('makes one booking and answers the retry with the first answer', async () => {
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-25', time: '12:00' });
    const first = await book(payload, key);
    expect(first.status).toBe(201);
    expect(first.body.booking_id).toBe('20261125-1');

    const again = await book(payload, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await bookingsOn('2026-11-25')).map((b) => b.id)).toEqual(['20261125-1']);
  });

  it('answers a later retry (an offline booking synced again) the same, also once staff confirmed it', async () => {
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-25', time: '13:00', email: 'synk@example.se' });
    const first = await book(payload, key);
    expect((await t.put(`/api/admin/bookings/${first.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
    const again = await book(payload, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await bookingsOn('2026-11-25')).filter((b) => b.email === 'synk@example.se')).toHaveLength(1);
  });

  it('without a header, behaves as before: every request is a booking of its own', async () => {
    const payload = bookingPayload({ date: '2026-11-26', time: '12:00' });
    const a = await book(payload);
    const b = await book(payload);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.booking_id).not.toBe(a.body.booking_id);
    expect(a.body.booking.idempotency_key).toBeUndefined();
  });
});

describe('10 concurrent requests with the same key', () => {
  it('make exactly one booking, and all answer 201 with the same booking_id', async () => {
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-27', time: '17:00', email: 'rusning@example.se' });
    const replies = await Promise.all(Array.from({ length: 10 }, () => book(payload, key)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.booking_id))).toEqual(new Set(['20261127-1']));
    for (const reply of replies) expect(reply.body).toEqual(replies[0].body);
    expect(await bookingsOn('2026-11-27')).toHaveLength(1);
    const slot = (await t.get('/api/test-availability?date=2026-11-27&pizzas=1')).body.slots.find(
      (s: { time: string }) => s.time === '17:00',
    );
    expect(slot.capacity_remaining).toBe(6 - 2);
  });
});

describe('a bonus code with usage_limit 1', () => {
  it('a retried key still succeeds with the discount, and the code is used once', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'ENGANG', discount_percentage: 20, usage_limit: 1, is_active: true },
      admin,
    );
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-28', time: '12:00', bonus_code: 'engang' });
    const first = await book(payload, key);
    expect(first.status).toBe(201);
    expect(first.body.booking).toMatchObject({ bonus_code: 'ENGANG', discount_cents: 3960, final_total_cents: 15840 });

    const again = await book(payload, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await usedCount('ENGANG')).toBe(1);

    // The limit itself still holds for a booking of its own.
    const other = await book(bookingPayload({ date: '2026-11-28', time: '13:00', bonus_code: 'engang' }), randomUUID());
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('Bonuskoden har redan använts maximalt antal gånger');
  });

  it('racing retries of one key redeem it once', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'KAPPLOPP', discount_percentage: 50, usage_limit: 1, is_active: true },
      admin,
    );
    const key = randomUUID();
    const payload = bookingPayload({ date: '2026-11-29', time: '12:00', bonus_code: 'KAPPLOPP' });
    const replies = await Promise.all(Array.from({ length: 10 }, () => book(payload, key)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.booking_id)).size).toBe(1);
    expect(replies[0].body.booking.discount_cents).toBe(9900);
    expect(await usedCount('KAPPLOPP')).toBe(1);
    expect(await bookingsOn('2026-11-29')).toHaveLength(1);
  });

  it('a booking refused by the day gives its use back, and a retry of the same key can then use it', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'TILLBAKA', discount_percentage: 10, usage_limit: 1, is_active: true },
      admin,
    );
    const key = randomUUID();
    // Fill 18:00 first, so the keyed booking is refused by the day after its code was redeemed.
    const full = await book(
      bookingPayload({ date: '2026-11-30', time: '18:00', items: [{ pizza_id: 1, qty: 6 }], requested_pizzas: 6 }),
    );
    const payload = bookingPayload({ date: '2026-11-30', time: '18:00', bonus_code: 'TILLBAKA' });
    const refused = await book(payload, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Tidsluckan har inte plats för hela beställningen. Välj en annan tid.');
    expect(await usedCount('TILLBAKA')).toBe(0);

    await t.put(`/api/admin/bookings/${full.body.booking_id}/cancel`, { reason: 'Kunden ringde' }, admin);
    const retried = await book(payload, key);
    expect(retried.status).toBe(201);
    expect(retried.body.booking).toMatchObject({ bonus_code: 'TILLBAKA', discount_cents: 1980 });
    expect(await usedCount('TILLBAKA')).toBe(1);
  });
});

describe('the same key with another order', () => {
  it('answers 409 and books nothing', async () => {
    const key = randomUUID();
    const first = await book(bookingPayload({ date: '2026-12-01', time: '12:00' }), key);
    expect(first.status).toBe(201);
    for (const changed of [{ time: '12:15' }, { email: 'annan@example.se' }, { items: [{ pizza_id: 2, qty: 2 }] }]) {
      const reply = await book(bookingPayload({ date: '2026-12-01', time: '12:00', ...changed }), key);
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ error: 'Idempotensnyckeln har redan använts för en annan bokning' });
    }
    expect(await bookingsOn('2026-12-01')).toHaveLength(1);
  });

  it('answers 409 before touching a bonus code', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'ORORD', discount_percentage: 10, usage_limit: 5, is_active: true },
      admin,
    );
    const key = randomUUID();
    expect(
      (await book(bookingPayload({ date: '2026-12-01', time: '14:00', email: 'kod@example.se' }), key)).status,
    ).toBe(201);
    const reply = await book(
      bookingPayload({ date: '2026-12-01', time: '14:15', email: 'kod@example.se', bonus_code: 'ORORD' }),
      key,
    );
    expect(reply.status).toBe(409);
    expect(await usedCount('ORORD')).toBe(0);
  });
});

describe('a bad key', () => {
  it.each([
    ['too long', 'k'.repeat(101)],
    ['empty', ''],
    ['a space', 'abc def'],
    ['a slash', 'abc/def'],
    ['non-ASCII', 'nyckel-åäö'],
  ])('answers 400 with a Swedish error and books nothing (%s)', async (_what, key) => {
    const reply = await book(bookingPayload({ date: '2026-12-02', time: '12:00' }), key);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Ogiltig idempotensnyckel' });
    expect(await bookingsOn('2026-12-02')).toHaveLength(0);
  });

  it('takes every allowed character, up to 100 of them', async () => {
    const reply = await book(bookingPayload({ date: '2026-12-02', time: '13:00' }), `Ab0_-:.${'x'.repeat(93)}`);
    expect(reply.status).toBe(201);
  });
});
