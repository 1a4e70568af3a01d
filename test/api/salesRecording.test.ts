// Where the sales are recorded (rule: sales-recording) over HTTP, both ways. With the till (the
// default) the accountant's page, CSV and SIE file are a reconciliation per day and VAT rate of
// what the till should show: the SIE 4I file books none of those sales and its header says so.
// With Pizzakiosken the SIE file books a verification per day, as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { parseSie } from './sie.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
let admin: string;
const PERIOD = 'startDate=2026-11-24&endDate=2026-11-24';
const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
let takeAway: number; // two pizzas taken away: food, 6 % in November 2026
let eatenIn: number; // one pizza eaten in: restaurant service, 12 %

beforeAll(async () => {
  admin = await t.login();
  const price = (await t.get('/api/pizzas')).body.find((p: { id: number }) => p.id === 1).price_cents as number;
  takeAway = 2 * price;
  eatenIn = price;
  const one = { items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1, dine_in: true };
  for (const over of [
    { time: '12:00', email: 'a@example.se' },
    { time: '12:15', email: 'b@example.se', ...one },
  ]) {
    const reply = await t.post('/api/bookings', bookingPayload(over));
    expect(reply.status).toBe(201);
    expect((await t.put(`/api/admin/bookings/${reply.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
  }
});

const sie = async (extension: 'si' | 'se' = 'si') => {
  const reply = await t.get(`/api/admin/reports/accounting.${extension}?${PERIOD}`, admin);
  expect(reply.status).toBe(200);
  return reply;
};
const csv = async () =>
  ((await t.get(`/api/admin/reports/accounting.csv?${PERIOD}`, admin)).body as Buffer)
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((l) => l.split(';'));

describe('given the default: the sales are recorded in the till', () => {
  it('GET /api/admin/accounting/settings says till', async () => {
    expect((await t.get('/api/admin/accounting/settings', admin)).body.sales_recording).toBe('till');
  });

  it('the page is a reconciliation per day and VAT rate of what the till should show', async () => {
    const { body } = await t.get(`/api/admin/reports/accounting?${PERIOD}`, admin);
    expect(body.settings.sales_recording).toBe('till');
    expect(body.days).toEqual([
      expect.objectContaining({
        date: '2026-11-24',
        orders: 2,
        sales_cents: takeAway + eatenIn,
        rates: [
          { rate: 12, sales_cents: eatenIn, net_cents: eatenIn - vat(eatenIn, 12), vat_cents: vat(eatenIn, 12) },
          { rate: 6, sales_cents: takeAway, net_cents: takeAway - vat(takeAway, 6), vat_cents: vat(takeAway, 6) },
        ],
      }),
    ]);
  });

  it('the SIE 4I file (.si) books no sales verification, and its header says the till records them', async () => {
    const reply = await sie();
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="bokforing-2026-11-24-2026-11-24.si"');
    const file = parseSie(reply.body as Buffer);
    expect(file.labels.get('#SIETYP')).toEqual(['4']);
    expect(file.verifications).toEqual([]);
    expect(file.labels.get('#PROSA')![0]).toContain('registreras i kioskens kassaregister');
    expect(file.labels.get('#PROSA')![0]).toContain('Z-rapport');
    expect(file.labels.get('#PROSA')![0]).toContain('SIE-filen bokför inte den försäljningen igen');
  });

  it('the CSV keeps the figures per day and rate and says that the till records the sales', async () => {
    const lines = await csv();
    const row = lines.find((l) => l[0] === '2026-11-24')!;
    expect(row[lines[0].indexOf('Moms 6 %')]).toBe(
      `${Math.floor(vat(takeAway, 6) / 100)},${String(vat(takeAway, 6) % 100).padStart(2, '0')}`,
    );
    const note = lines.find((l) => l[0] === 'Försäljningen registreras')!;
    expect(note[1]).toContain('kassaregister');
  });
});

describe('GET /api/openapi.json', () => {
  it('declares sales_recording as an enum of till and pizzakiosken', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    expect(doc.components.schemas.AccountingSettings.properties.sales_recording.enum).toEqual(['till', 'pizzakiosken']);
    expect(doc.paths['/api/admin/reports/accounting.si'].get).toBeDefined();
  });
});

describe('PUT /api/admin/accounting/settings with sales_recording', () => {
  it('refuses a value that is neither till nor pizzakiosken, in Swedish, and changes nothing', async () => {
    const before = (await t.get('/api/admin/accounting/settings', admin)).body;
    const refused = await t.put('/api/admin/accounting/settings', { ...before, sales_recording: 'kassa' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Välj var försäljningen registreras: kassaregistret eller Pizzakiosken');
    expect((await t.get('/api/admin/accounting/settings', admin)).body).toEqual(before);
  });

  it('with pizzakiosken, the SIE file books today’s verification per day again; without the field it stays', async () => {
    const before = (await t.get('/api/admin/accounting/settings', admin)).body;
    const saved = await t.put('/api/admin/accounting/settings', { ...before, sales_recording: 'pizzakiosken' }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.sales_recording).toBe('pizzakiosken');
    const { sales_recording: _left, ...without } = before;
    expect((await t.put('/api/admin/accounting/settings', without, admin)).body.sales_recording).toBe('pizzakiosken');

    for (const extension of ['si', 'se'] as const) {
      const file = parseSie((await sie(extension)).body as Buffer);
      expect(file.verifications.map((v) => [v.date, v.text])).toEqual([
        ['20261124', 'Försäljning 2026-11-24 (2 ordrar)'],
      ]);
      expect(Object.fromEntries(file.verifications[0].trans.map((tr) => [tr.account, tr.cents]))).toEqual({
        '1910': takeAway + eatenIn,
        '3002': -(eatenIn - vat(eatenIn, 12)),
        '2621': -vat(eatenIn, 12),
        '3003': -(takeAway - vat(takeAway, 6)),
        '2631': -vat(takeAway, 6),
      });
      expect(file.labels.get('#PROSA')![0]).toContain('Försäljningen bokförs från Pizzakiosken');
    }
    expect((await csv()).find((l) => l[0] === 'Försäljningen registreras')![1]).toContain('bokförs från Pizzakiosken');
  });
});
