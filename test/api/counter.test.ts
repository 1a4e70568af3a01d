// The counter's evening over HTTP (issue 29): a pizza sold out today, the bookings holding it,
// a daily stock that a rush never oversells, web bookings paused with a reason, a slot delayed and
// undone; each change in the booking's history with the staff member, and the public live stream.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

// Monday 23 November 2026, 09:00 in Stockholm: "today" is 2026-11-23.
const TODAY = '2026-11-23';
const t = useTestServer({ now: () => MONDAY_MORNING });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

let n = 0;
const book = (overrides: Record<string, unknown>) =>
  t.post(
    '/api/bookings',
    bookingPayload({
      email: `disk${++n}@example.se`,
      items: [{ pizza_id: 1, qty: 1 }],
      requested_pizzas: 1,
      ...overrides,
    }),
  );
const status = async (date = TODAY) => (await t.get(`/api/day-status?date=${date}`)).body;

describe('PUT /api/admin/sold-out/{id}', () => {
  it('refuses the pizza today until closing, shows it publicly, and lifts it again', async () => {
    const held = await book({ date: TODAY, time: '12:00' });
    expect(held.status).toBe(201);
    expect((await t.put('/api/admin/sold-out/2', { until: null }, admin)).status).toBe(200);
    expect((await status()).sold_out).toEqual([{ pizza_id: 2, pizza_name: 'Vesuvio', until: null }]);
    const refused = await book({ date: TODAY, time: '13:00', items: [{ pizza_id: 2, qty: 1 }] });
    expect(refused).toMatchObject({ status: 400, body: { error: 'Vesuvio är slut idag. Välj en annan pizza.' } });
    // Tomorrow's menu is whole.
    expect((await book({ date: '2026-11-24', time: '13:00', items: [{ pizza_id: 2, qty: 1 }] })).status).toBe(201);
    expect((await t.del('/api/admin/sold-out/2', undefined, admin)).status).toBe(200);
    expect((await status()).sold_out).toEqual([]);
    expect((await book({ date: TODAY, time: '13:00', items: [{ pizza_id: 2, qty: 1 }] })).status).toBe(201);
  });

  it('until a time refuses only the slots before it', async () => {
    expect((await t.put('/api/admin/sold-out/3', { until: '18:00' }, admin)).status).toBe(200);
    const early = await book({ date: TODAY, time: '17:45', items: [{ pizza_id: 3, qty: 1 }] });
    expect(early.body.error).toBe('Capricciosa är slut till 18:00. Välj en annan pizza eller en senare tid.');
    expect((await book({ date: TODAY, time: '18:00', items: [{ pizza_id: 3, qty: 1 }] })).status).toBe(201);
    await t.del('/api/admin/sold-out/3', undefined, admin);
  });

  it('refuses bad input in Swedish and changes nothing', async () => {
    expect(await t.put('/api/admin/sold-out/2', { until: 'snart' }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Ange tiden som TT:MM' },
    });
    expect(await t.put('/api/admin/sold-out/2', { until: '08:00' }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Tiden har redan passerat' },
    });
    expect((await t.put('/api/admin/sold-out/99', {}, admin)).status).toBe(404);
    expect((await status()).sold_out).toEqual([]);
  });

  it('lists the bookings holding the pizza and offers each a swap once, in its history with the staff member', async () => {
    const a = (await book({ date: TODAY, time: '19:00', items: [{ pizza_id: 4, qty: 2 }], requested_pizzas: 2 })).body
      .booking_id as string;
    await t.put('/api/admin/sold-out/4', { until: null }, admin);
    const listed = await t.get('/api/admin/sold-out/4/bookings', admin);
    expect(listed.body).toEqual([
      { booking_id: a, booking_time: '19:00', name: 'Åsa Öberg', status: 'pending', qty: 2, offered: false },
    ]);
    expect((await t.post('/api/admin/sold-out/4/offers', {}, admin)).body).toEqual({ success: true, offered: 1 });
    expect((await t.post('/api/admin/sold-out/4/offers', {}, admin)).body).toEqual({ success: true, offered: 0 });
    expect((await t.get('/api/admin/sold-out/4/bookings', admin)).body[0].offered).toBe(true);
    const history = (await t.get(`/api/admin/bookings/${a}/history`, admin)).body;
    expect(history.at(-1)).toMatchObject({
      type: 'SoldOutSwapOffered',
      actor: 'admin@pizzakiosken.test',
      data: { sold_out_pizza: 'Hawaii', swap_offered: true },
    });
    await t.del('/api/admin/sold-out/4', undefined, admin);
  });
});

describe('PUT /api/admin/pizzas/{id}/daily-stock', () => {
  it('100 parallel bookings never take more than the stock (the capacity race, for stock)', async () => {
    expect((await t.put('/api/admin/pizzas/5/daily-stock', { per_day: 6 }, admin)).status).toBe(200);
    const date = '2026-11-26';
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        // Spread over the day's slots: no window fills, only the stock can refuse.
        const minutes = 11 * 60 + 15 * (i % 40);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        return book({ date, time, items: [{ pizza_id: 5, qty: 1 + (i % 2) }], requested_pizzas: 1 + (i % 2) });
      }),
    );
    const accepted = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400]));
    for (const r of refused)
      expect(r.body.error).toMatch(/^(Det finns bara 1 kvar av Quattro Stagioni|Quattro Stagioni är slutsåld)/);
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    const listed = (await t.get(`/api/admin/bookings?date=${date}`, admin)).body as Array<{ total_pizzas: number }>;
    expect(listed.reduce((sum, b) => sum + b.total_pizzas, 0)).toBe(6);
    expect((await status(date)).daily_stock).toEqual([{ pizza_id: 5, per_day: 6, left: 0 }]);
  });

  it('refuses a stock that is not a whole number and clears with null', async () => {
    expect(await t.put('/api/admin/pizzas/5/daily-stock', { per_day: -1 }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Dagligt lager anges som ett heltal från 0 till 1000, eller tomt för obegränsat' },
    });
    expect((await t.put('/api/admin/pizzas/5/daily-stock', { per_day: null }, admin)).status).toBe(200);
    expect((await status('2026-11-26')).daily_stock).toEqual([]);
  });
});

describe('PUT /api/admin/web-pause', () => {
  it("refuses today's web bookings with the reason while paused, and opens them again", async () => {
    expect(await t.put('/api/admin/web-pause', { minutes: 45, reason: 'Ugnen är full' }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Pausa i 15, 30 eller 60 minuter, eller resten av dagen' },
    });
    expect(await t.put('/api/admin/web-pause', { minutes: 30, reason: ' ' }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Ange en anledning som kunderna ser' },
    });
    expect((await t.put('/api/admin/web-pause', { minutes: 30, reason: 'Ugnen är full' }, admin)).status).toBe(200);
    const message = 'Webbokningen är pausad till 09:30: Ugnen är full';
    expect((await status()).paused).toEqual({ until: '2026-11-23T08:30:00.000Z', reason: 'Ugnen är full', message });
    expect(await book({ date: TODAY, time: '14:00' })).toMatchObject({ status: 400, body: { error: message } });
    expect((await book({ date: '2026-11-24', time: '14:00' })).status).toBe(201);
    expect((await t.del('/api/admin/web-pause', undefined, admin)).status).toBe(200);
    expect((await status()).paused).toBeNull();
    expect((await book({ date: TODAY, time: '14:00' })).status).toBe(201);
  });
});

describe('POST /api/admin/slot-delays', () => {
  it("delays the slot's orders, shows it in each history, and undoes it", async () => {
    const date = '2026-11-25';
    const ids = [
      (await book({ date, time: '18:00' })).body.booking_id,
      (await book({ date, time: '18:00' })).body.booking_id,
    ] as string[];
    await book({ date, time: '18:15' });
    const delayed = await t.post('/api/admin/slot-delays', { date, time: '18:00', minutes: 15 }, admin);
    expect(delayed.body).toEqual({ success: true, orders: 2 });
    expect((await status(date)).delays).toEqual([{ time: '18:00', minutes: 15, delayed_to: '18:15', orders: 2 }]);
    for (const id of ids) {
      const history = (await t.get(`/api/admin/bookings/${id}/history`, admin)).body;
      expect(history.at(-1)).toMatchObject({
        type: 'BookingDelayed',
        actor: 'admin@pizzakiosken.test',
        data: { delay_minutes: 15, delayed_to: '18:15' },
      });
    }
    expect(await t.post('/api/admin/slot-delays', { date, time: '18:00', minutes: 20 }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Tiden är redan uppskjuten 15 minuter: ångra först' },
    });
    expect(await t.post('/api/admin/slot-delays', { date, time: '18:30', minutes: 10 }, admin)).toMatchObject({
      status: 400,
      body: { error: 'Det finns inga beställningar att skjuta upp på denna tid' },
    });
    expect((await t.post('/api/admin/slot-delays/undo', { date, time: '18:00' }, admin)).body).toEqual({
      success: true,
      orders: 2,
    });
    expect((await status(date)).delays).toEqual([]);
  });
});

describe('GET /api/live', () => {
  it('tells an open page of a sold-out mark, without personal data', async () => {
    const controller = new AbortController();
    const response = await fetch(`${t.base}/api/live`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += Buffer.from(value).toString();
      }
    };
    await until('retry:');
    await book({ date: TODAY, time: '20:00' });
    await t.put('/api/admin/sold-out/6', { until: null }, admin);
    await until('event: day');
    expect(text).toContain(`event: availability\ndata: {"kind":"availability","date":"${TODAY}"}`);
    expect(text).toContain(`event: day\ndata: {"kind":"day","date":"${TODAY}"}`);
    expect(text).not.toContain('@example.se');
    expect(text).not.toContain('Åsa');
    controller.abort();
    await t.del('/api/admin/sold-out/6', undefined, admin);
  });
});
