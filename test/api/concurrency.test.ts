// The two invariants that must hold under a rush: a window never takes more pizzas than
// capacity_per_window, and a bonus code is never used more than its usage_limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;

const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

describe('100 parallel bookings for the same slot', () => {
  it('accept exactly capacity_per_window pizzas and refuse the rest', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.post(
          '/api/bookings',
          bookingPayload({
            date: '2026-11-27',
            time: '17:00',
            email: `kund${i}@example.se`,
            items: [{ pizza_id: 1 + (i % 6), qty: 1 }],
            requested_pizzas: 1,
          }),
        ),
      ),
    );
    const accepted = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(6);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400]));
    expect(new Set(refused.map((r) => r.body.error))).toEqual(
      new Set(['Tidsluckan har inte plats för hela beställningen. Välj en annan tid.']),
    );

    const listed = await t.get('/api/admin/bookings?date=2026-11-27', admin);
    const pizzas = listed.body
      .filter((b: { status: string }) => b.status !== 'cancelled')
      .reduce((n: number, b: { total_pizzas: number }) => n + b.total_pizzas, 0);
    expect(pizzas).toBe(6);
    expect(new Set(listed.body.map((b: { id: string }) => b.id)).size).toBe(6);
  });

  it('never overfill a window shared by two slots, with mixed order sizes', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    await t.put('/api/admin/settings', { ...settings, window_minutes: 30, capacity_per_window: 10 }, admin);
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const qty = 1 + (i % 3);
        return t.post(
          '/api/bookings',
          bookingPayload({
            date: '2026-11-28',
            time: i % 2 ? '18:00' : '18:15',
            email: `k${i}@example.se`,
            items: [{ pizza_id: 1, qty }],
            requested_pizzas: qty,
          }),
        );
      }),
    );
    const accepted = replies.filter((r) => r.status === 201);
    const total = accepted.reduce((n, r) => n + r.body.booking.total_pizzas, 0);
    expect(total).toBeLessThanOrEqual(10);
    expect(total).toBeGreaterThanOrEqual(8);
    const availability = await t.get('/api/test-availability?date=2026-11-28&pizzas=1');
    const window = availability.body.slots.filter((s: { time: string }) => s.time === '18:00' || s.time === '18:15');
    expect(window.map((s: { capacity_remaining: number }) => s.capacity_remaining)).toEqual([10 - total, 10 - total]);
    await t.put('/api/admin/settings', settings, admin);
  });
});

describe('a bonus code with usage_limit 3 used by 30 parallel bookings', () => {
  it('is used exactly 3 times', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'TRE', discount_percentage: 50, usage_limit: 3, is_active: true },
      admin,
    );
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post(
          '/api/bookings',
          bookingPayload({
            date: '2026-11-30',
            time: `${12 + Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}`,
            email: `b${i}@example.se`,
            bonus_code: 'tre',
          }),
        ),
      ),
    );
    const accepted = replies.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(3);
    expect(accepted.every((r) => r.body.booking.discount_cents === 9900)).toBe(true);
    expect(new Set(replies.filter((r) => r.status !== 201).map((r) => r.body.error))).toEqual(
      new Set(['Bonuskoden har redan använts maximalt antal gånger']),
    );
    const code = (await t.get('/api/admin/bonus-codes', admin)).body.find((c: { code: string }) => c.code === 'TRE');
    expect(code.used_count).toBe(3);
    const check = await t.post('/api/validate-bonus-code', { code: 'TRE' });
    expect(check.status).toBe(400);
  });
});
