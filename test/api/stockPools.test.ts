// A daily stock per base over HTTP (rule: daily-stock): "Glutenfri botten: 6 per dag" set by staff
// as a pool the pizzas on that base draw from; a rush of online bookings racing staff orders never
// takes more than the pool, the day's status shows what is left (no personal data), and bad input
// is refused in Swedish and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
const DATE = '2026-11-26';
let admin: string;
let pool: number;
beforeAll(async () => {
  admin = await t.login();
  const created = await t.post(
    '/api/admin/stock-pools',
    { name: 'Glutenfri botten', per_day: 6, pizza_ids: [3, 4] },
    admin,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  pool = created.body.id;
});

const status = async () => (await t.get(`/api/day-status?date=${DATE}`)).body;
const timeOf = (i: number) => {
  // Spread over the day's slots: no window fills, only the pool can refuse.
  const minutes = 11 * 60 + 15 * (i % 40);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

describe('POST /api/admin/stock-pools', () => {
  it('100 parallel orders of both pizzas on the base, online and at the counter, never take more than 6', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const items = [{ pizza_id: 3 + (i % 2), qty: 1 + (i % 3 === 0 ? 1 : 0) }];
        if (i % 4 === 3)
          return t.post('/api/admin/staff-orders', { source: 'counter', date: DATE, time: timeOf(i), items }, admin);
        return t.post(
          '/api/bookings',
          bookingPayload({
            date: DATE,
            time: timeOf(i),
            email: `bas${i}@example.se`,
            items,
            requested_pizzas: items[0].qty,
          }),
        );
      }),
    );
    const refused = replies.filter((r) => r.status !== 201);
    // Online refusals are 400; a staff order's is a conflict (409), as for any staff order.
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400, 409]));
    for (const r of refused)
      expect(r.body.error).toMatch(/^(Det finns bara 1 kvar av Glutenfri botten|Glutenfri botten är slutsåld)/);
    const listed = (await t.get(`/api/admin/bookings?date=${DATE}`, admin)).body as Array<{ total_pizzas: number }>;
    expect(listed.reduce((sum, b) => sum + b.total_pizzas, 0)).toBe(6);
    expect((await status()).stock_pools).toEqual([
      { id: pool, name: 'Glutenfri botten', per_day: 6, pizza_ids: [3, 4], left: 0 },
    ]);
    // Another base's pizzas are not held back by it.
    const other = await t.post(
      '/api/bookings',
      bookingPayload({
        date: DATE,
        time: '21:00',
        email: 'annan@example.se',
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
      }),
    );
    expect(other.status).toBe(201);
  });

  it('refuses bad input in Swedish and changes nothing', async () => {
    const before = await status();
    const bad = [
      [{ name: '  ', per_day: 6, pizza_ids: [3] }, 'Ange bottnens namn, t.ex. Glutenfri botten'],
      [{ name: 'Surdeg', per_day: 6, pizza_ids: [] }, 'Välj minst en pizza som görs på bottnen'],
      [{ name: 'Surdeg', per_day: 6, pizza_ids: [999] }, 'Pizzan finns inte'],
      [
        { name: 'Surdeg', per_day: 1.5, pizza_ids: [3] },
        'Dagligt lager anges som ett heltal från 0 till 1000, eller tomt för obegränsat',
      ],
      [{ name: 'glutenfri BOTTEN', per_day: 2, pizza_ids: [3] }, 'Det finns redan en botten med det namnet'],
    ] as const;
    for (const [body, error] of bad)
      expect(await t.post('/api/admin/stock-pools', body, admin)).toMatchObject({ status: 400, body: { error } });
    expect(await t.put('/api/admin/stock-pools/99', { name: 'X', per_day: 1, pizza_ids: [3] }, admin)).toMatchObject({
      status: 404,
      body: { error: 'Bottnen finns inte' },
    });
    expect(await status()).toEqual(before);
    expect((await t.post('/api/admin/stock-pools', { name: 'X', per_day: 1, pizza_ids: [3] })).status).toBe(401);
  });

  it('is raised and removed by staff, and the base is bookable again', async () => {
    const raised = await t.put(
      `/api/admin/stock-pools/${pool}`,
      { name: 'Glutenfri botten', per_day: 8, pizza_ids: [3, 4] },
      admin,
    );
    expect(raised.body).toEqual({ success: true, id: pool });
    expect((await status()).stock_pools[0].left).toBe(2);
    expect((await t.del(`/api/admin/stock-pools/${pool}`, undefined, admin)).status).toBe(200);
    expect((await status()).stock_pools).toEqual([]);
  });
});
