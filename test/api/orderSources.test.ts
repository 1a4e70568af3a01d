// `source` everywhere (rule: staff-orders): an online booking, a counter order and a phone order of
// one day, each named by its source in every booking answer, the accountant's books (JSON and the
// CSV's per-day source columns) and each booking row of the daily PDF report (parsed).
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
const TODAY = '2026-11-23';
const ids: Record<'online' | 'counter' | 'phone', string> = { online: '', counter: '', phone: '' };

beforeAll(async () => {
  admin = await t.login();
  const placed = await t.post(
    '/api/bookings',
    bookingPayload({ date: TODAY, time: '11:00', items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
  );
  expect(placed.status).toBe(201);
  expect(placed.body.booking.source).toBe('online');
  ids.online = placed.body.booking_id;
  expect((await t.put(`/api/admin/bookings/${ids.online}/confirm`, {}, admin)).status).toBe(200);
  for (const [source, time, extra] of [
    ['counter', '12:00', { name: 'Disk Kund' }],
    ['phone', '13:00', { name: 'Telefon Kund', phone: '0701234567' }],
  ] as const) {
    const reply = await t.post(
      '/api/admin/staff-orders',
      { source, date: TODAY, time, items: [{ pizza_id: 2, qty: 1 }], ...extra },
      admin,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.booking.source).toBe(source);
    ids[source] = reply.body.booking.id;
  }
});

describe('every booking answer', () => {
  it('names the source: the list, the details, the kitchen board and the lookup', async () => {
    const list = (await t.get(`/api/admin/bookings?date=${TODAY}`, admin)).body as Array<{
      id: string;
      source: string;
    }>;
    const board = (await t.get(`/api/admin/kitchen?date=${TODAY}`, admin)).body.bookings as typeof list;
    for (const [source, id] of Object.entries(ids)) {
      expect(list.find((b) => b.id === id)?.source).toBe(source);
      expect(board.find((b) => b.id === id)?.source).toBe(source);
      expect((await t.get(`/api/admin/bookings/${id}`, admin)).body.source).toBe(source);
    }
    const lookup = await t.post('/api/bookings/lookup', { email: bookingPayload().email, booking_id: ids.online });
    expect(lookup.body.booking.source).toBe('online');
  });
});

describe("the accountant's books", () => {
  it('count the day’s orders per source in the JSON and in the CSV’s own columns', async () => {
    const range = `startDate=${TODAY}&endDate=${TODAY}`;
    const books = (await t.get(`/api/admin/reports/accounting?${range}`, admin)).body;
    expect(
      books.days.map((d: { date: string; orders: number; sources: unknown }) => [d.date, d.orders, d.sources]),
    ).toEqual([[TODAY, 3, { online: 1, counter: 1, phone: 1 }]]);
    expect(books.totals.sources).toEqual({ online: 1, counter: 1, phone: 1 });

    const csv = (await t.get(`/api/admin/reports/accounting.csv?${range}`, admin)).body as Buffer;
    const lines = csv
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    const column = (name: string) => lines[0].indexOf(name);
    expect(column('Varav online')).toBeGreaterThan(0);
    for (const name of ['Varav online', 'Varav disk', 'Varav telefon']) {
      expect(lines[1][column(name)], name).toBe('1');
      // The total line sums them too.
      expect(lines[2][0]).toBe('Summa');
      expect(lines[2][column(name)], name).toBe('1');
    }
  });
});

describe('GET /api/admin/daily-report', () => {
  it('says each booking row’s source in its Källa column', async () => {
    const reply = await t.get(`/api/admin/daily-report?date=${TODAY}`, admin);
    expect(reply.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(reply.body as Buffer) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Källa');
    // Each row: its time, then the name and the source further on the same row.
    expect(text).toMatch(/11:00[^\n]*Online/);
    expect(text).toMatch(/12:00[^\n]*Disken/);
    expect(text).toMatch(/13:00[^\n]*Telefon/);
  });
});
