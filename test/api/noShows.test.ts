// No-shows counted (rule: no-shows) and orders per source (rule: staff-orders): the statistics
// overview's no_shows, no_show_rate and sources for the period, a booking's earlier no-shows, and
// the orders per source in the PDF reports (parsed).
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
const TODAY = '2026-11-23';

async function confirmed(time: string, email: string) {
  const placed = await t.post(
    '/api/bookings',
    bookingPayload({ date: TODAY, time, email, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
  );
  expect(placed.status).toBe(201);
  const id = placed.body.booking_id as string;
  expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  return id;
}

let first: string;
let second: string;
let other: string;
beforeAll(async () => {
  admin = await t.login();
  first = await confirmed('11:00', 'Ofta@Example.se');
  second = await confirmed('13:00', 'ofta@example.se ');
  other = await confirmed('12:00', 'annan@example.se');
  expect((await t.put(`/api/admin/bookings/${first}/kitchen`, { step: 'no_show' }, admin)).status).toBe(200);
  const phone = await t.post(
    '/api/admin/staff-orders',
    { source: 'phone', date: TODAY, time: '14:00', phone: '0701234567', items: [{ pizza_id: 2, qty: 1 }] },
    admin,
  );
  expect(phone.status).toBe(201);
});

describe('GET /api/admin/stats/overview', () => {
  it('counts the no-shows of the period and their share of the confirmed bookings due', async () => {
    const { body } = await t.get('/api/admin/stats/overview?period=week', admin);
    // Four confirmed bookings today (three online, one phone order), one of them Uteblev.
    expect(body.overview).toMatchObject({ no_shows: 1, no_show_rate: 25 });
    expect(body.sources).toEqual([
      { source: 'online', bookings: 3, share: 75 },
      { source: 'counter', bookings: 0, share: 0 },
      { source: 'phone', bookings: 1, share: 25 },
    ]);
  });
  it('takes the week without a period', async () => {
    expect((await t.get('/api/admin/stats/overview', admin)).body.overview.no_shows).toBe(1);
  });
});

describe('GET /api/admin/bookings/{id}', () => {
  it('tells how many earlier bookings under the same e-mail were no-shows', async () => {
    expect((await t.get(`/api/admin/bookings/${second}`, admin)).body.earlier_no_shows).toBe(1);
    // Not the no-show itself, nor another customer's.
    expect((await t.get(`/api/admin/bookings/${first}`, admin)).body.earlier_no_shows).toBe(0);
    expect((await t.get(`/api/admin/bookings/${other}`, admin)).body.earlier_no_shows).toBe(0);
  });
});

describe('GET /api/admin/daily-report', () => {
  it('counts the orders per source in its summary', async () => {
    const reply = await t.get(`/api/admin/daily-report?date=${TODAY}`, admin);
    expect(reply.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(reply.body as Buffer) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toMatch(/Online:\s*3/);
    expect(text).toMatch(/Disken:\s*0/);
    expect(text).toMatch(/Telefon:\s*1/);
  });
});
