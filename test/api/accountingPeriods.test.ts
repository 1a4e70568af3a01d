// Closed accounting periods over HTTP (rule: closed-periods): November 2026 is reported and closed;
// then one of its collected sales is cancelled and another's pick-up undone. November's report, CSV
// and SIE file stay the same byte for byte (read days later, after a rebuild of every read model
// too), and the corrections appear in December, on the day of the change (rule: correction-dating)
// with who made it, at each sale's own rate to the öre, in the JSON, the CSV and the SIE file
// parsed back. The kiosk books its sales from Pizzakiosken here (rule: sales-recording), so the
// files hold verifications.
import { beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/index.js';
import { ADMIN, MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { parseSie } from './sie.js';

let now = MONDAY_MORNING; // Monday 23 November 2026
const t = useTestServer({ now: () => now });
let admin: string;
const NOVEMBER = 'startDate=2026-11-01&endDate=2026-11-30';
const DECEMBER = 'startDate=2026-12-01&endDate=2026-12-31';
const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
const kr = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The bytes of an answer exactly as sent. */
async function raw(path: string): Promise<Buffer> {
  const response = await fetch(t.base + path, { headers: { cookie: admin } });
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
const files = async (range: string) => ({
  report: await raw(`/api/admin/reports/accounting?${range}`),
  csv: await raw(`/api/admin/reports/accounting.csv?${range}`),
  sie: await raw(`/api/admin/reports/accounting.se?${range}`),
});
const csvLines = (bytes: Buffer) =>
  bytes
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((l) => l.split(';'));

let price: number;
let a: string; // take-away on 24 Nov with 10 % off, collected: food, 6 %
let b: string; // eaten in on 24 Nov, served: restaurant service, 12 %
let november: Awaited<ReturnType<typeof files>>;

beforeAll(async () => {
  admin = await t.login();
  // A kiosk without a till obligation: Pizzakiosken's SIE file books the sales (rule: sales-recording).
  const accounting = (await t.get('/api/admin/accounting/settings', admin)).body;
  const recorded = await t.put(
    '/api/admin/accounting/settings',
    { ...accounting, sales_recording: 'pizzakiosken' },
    admin,
  );
  expect(recorded.status).toBe(200);
  price = (await t.get('/api/pizzas')).body.find((p: { id: number }) => p.id === 1).price_cents;
  expect((await t.post('/api/admin/bonus-codes', { code: 'TIO', discount_percentage: 10 }, admin)).status).toBe(201);
  const book = async (over: Record<string, unknown>) => {
    const reply = await t.post('/api/bookings', bookingPayload(over));
    expect(reply.status).toBe(201);
    const id = reply.body.booking_id as string;
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    return id;
  };
  a = await book({ time: '12:00', email: 'a@example.se', bonus_code: 'TIO' });
  b = await book({
    time: '12:15',
    email: 'b@example.se',
    dine_in: true,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  for (const id of [a, b])
    for (const step of ['baking', 'ready', 'picked_up'])
      expect((await t.put(`/api/admin/bookings/${id}/kitchen`, { step }, admin)).status).toBe(200);

  // 1 December: a December sale of its own.
  now = new Date('2026-12-01T08:00:00Z');
  admin = await t.login();
  await book({ date: '2026-12-02', time: '12:00', email: 'd@example.se' });
});

describe('closing a period (rule: closed-periods)', () => {
  it('lists the months from the first booking on, newest first, each open with what keeps it from closing', async () => {
    const { body, status } = await t.get('/api/admin/accounting/periods', admin);
    expect(status).toBe(200);
    expect(body.periods).toEqual([
      {
        period: '2026-12',
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        status: 'open',
        closed_by: null,
        closed_at: null,
        close_refusal: 'Perioden 2026-12 har inte tagit slut än: den kan stängas från och med 2027-01-01',
      },
      {
        period: '2026-11',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        status: 'open',
        closed_by: null,
        closed_at: null,
        close_refusal: null,
      },
    ]);
  });

  it('refuses a month not ended or malformed, in Swedish, and changes nothing', async () => {
    const before = (await t.get('/api/admin/accounting/periods', admin)).body;
    const notEnded = await t.post('/api/admin/accounting/periods/2026-12/close', {}, admin);
    expect(notEnded).toMatchObject({
      status: 400,
      body: { error: 'Perioden 2026-12 har inte tagit slut än: den kan stängas från och med 2027-01-01' },
    });
    const malformed = await t.post('/api/admin/accounting/periods/2026-13/close', {}, admin);
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Ange perioden som år och månad, ÅÅÅÅ-MM' } });
    expect((await t.post('/api/admin/accounting/periods/2026-11/close', {})).status).toBe(401);
    expect((await t.get('/api/admin/accounting/periods', admin)).body).toEqual(before);
  });

  it('closes November: by whom and when, and a second close is refused', async () => {
    const closed = await t.post('/api/admin/accounting/periods/2026-11/close', {}, admin);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({
      period: '2026-11',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      status: 'closed',
      closed_by: ADMIN.email,
      closed_at: '2026-12-01T08:00:00.000Z',
      close_refusal: null,
    });
    const again = await t.post('/api/admin/accounting/periods/2026-11/close', {}, admin);
    expect(again).toMatchObject({ status: 400, body: { error: 'Perioden 2026-11 är redan stängd' } });
    const listed = (await t.get('/api/admin/accounting/periods', admin)).body.periods;
    expect(listed[1]).toEqual(closed.body);
    // The close is in the log with the month and who closed it, for the auditors' replay.
    const events = await t.server.events.readStream('accounting-periods');
    expect(
      events.map((e) => [
        e.type,
        (e.data as { period: string }).period,
        (e.data as { closed_by: string }).closed_by,
        (e.metadata as { actor: string }).actor,
      ]),
    ).toEqual([['AccountingPeriodClosed', '2026-11', ADMIN.email, ADMIN.email]]);
    november = await files(NOVEMBER);
    expect(JSON.parse(november.report.toString('utf8'))).toMatchObject({ closed: true, corrections: [] });
  });
});

describe('a closed period’s sales changed afterwards', () => {
  const aGross = () => 2 * price;
  const aDiscount = () => Math.round(aGross() * 0.1);
  const aPaid = () => aGross() - aDiscount();

  beforeAll(async () => {
    // Days later: the take-away collected on 24 November is cancelled, the eaten-in one's
    // "Serverad" undone.
    now = new Date('2026-12-04T10:00:00Z');
    admin = await t.login();
    expect((await t.put(`/api/admin/bookings/${a}/cancel`, { reason: 'Reklamation' }, admin)).status).toBe(200);
    expect((await t.put(`/api/admin/bookings/${b}/kitchen`, { step: 'undo' }, admin)).status).toBe(200);
    // The seller's details filled in and the financial year moved after the close (rule:
    // seller-details): the closed books keep naming the seller as they stood.
    const settings = (await t.get('/api/admin/settings', admin)).body;
    const seller = {
      legal_name: 'Kiosken AB',
      org_number: '556677-8899',
      address: 'Storgatan 1, Ort',
      phone: '',
      email: '',
      vat_number: 'SE556677889901',
    };
    const saved = await t.put('/api/admin/settings', { ...settings, seller, financial_year_start_month: 5 }, admin);
    expect(saved.status).toBe(200);
  });

  it('leaves November’s report, CSV and SIE file the same byte for byte', async () => {
    const after = await files(NOVEMBER);
    expect(after.report.toString('utf8')).toBe(november.report.toString('utf8'));
    expect(after.csv.equals(november.csv)).toBe(true);
    expect(after.sie.equals(november.sie)).toBe(true);
    // …and they still hold both sales (the SIE file dated by the close, not today).
    const sie = parseSie(after.sie);
    expect(sie.labels.get('#GEN')).toEqual(['20261201']);
    expect(sie.verifications).toHaveLength(1);
    expect(sie.verifications[0].trans.find((tr) => tr.account === '1910')!.cents).toBe(aPaid() + price);
  });

  it('books the corrections in December on the day of the change (4 December), with who made it, at each sale’s own rate to the öre', async () => {
    const { body } = await t.get(`/api/admin/reports/accounting?${DECEMBER}`, admin);
    expect(body.closed).toBe(false);
    expect(body.corrections).toEqual([
      {
        date: '2026-12-04',
        booking_id: a,
        booking_date: '2026-11-24',
        booking_time: '12:00',
        rate: 6,
        gross_cents: -aGross(),
        discount_cents: -aDiscount(),
        sales_cents: -aPaid(),
        net_cents: -(aPaid() - vat(aPaid(), 6)),
        vat_cents: -vat(aPaid(), 6),
        registered_on: '2026-12-04',
        registered_by: ADMIN.email,
      },
      {
        date: '2026-12-04',
        booking_id: b,
        booking_date: '2026-11-24',
        booking_time: '12:15',
        rate: 12,
        gross_cents: -price,
        discount_cents: 0,
        sales_cents: -price,
        net_cents: -(price - vat(price, 12)),
        vat_cents: -vat(price, 12),
        registered_on: '2026-12-04',
        registered_by: ADMIN.email,
      },
    ]);
    // December's own sale (2 Dec, take-away, 6 %) stays a day line; the totals net both.
    expect(body.days.map((d: { date: string; sales_cents: number }) => [d.date, d.sales_cents])).toEqual([
      ['2026-12-02', 2 * price],
    ]);
    expect(body.totals.orders).toBe(1);
    expect(body.totals.sales_cents).toBe(2 * price - aPaid() - price);
  });

  it('the CSV: a line per correction with its rate’s columns and what it corrects', async () => {
    const lines = csvLines(await raw(`/api/admin/reports/accounting.csv?${DECEMBER}`));
    expect(lines[0].at(-1)).toBe('Rättelse av');
    expect(lines[0].slice(5, 9)).toEqual(['Netto 12 %', 'Moms 12 %', 'Netto 6 %', 'Moms 6 %']);
    expect(lines[1][0]).toBe('2026-12-02');
    expect(lines[2]).toEqual([
      '2026-12-04',
      '0',
      kr(-aGross()),
      kr(-aDiscount()),
      kr(-aPaid()),
      '0,00',
      '0,00',
      kr(-(aPaid() - vat(aPaid(), 6))),
      kr(-vat(aPaid(), 6)),
      '',
      '',
      '',
      // The source columns (rule: staff-orders) count orders: a correction is none.
      '',
      '',
      '',
      `Rättelse av bokning ${a} (2026-11-24, 6 % moms)`,
    ]);
    expect(lines[3].slice(5, 9)).toEqual([kr(-(price - vat(price, 12))), kr(-vat(price, 12)), '0,00', '0,00']);
    expect(lines[3].at(-1)).toBe(`Rättelse av bokning ${b} (2026-11-24, 12 % moms)`);
    expect(lines[4][0]).toBe('Summa');
  });

  it('the SIE file: a balanced verification per correction, reversing sales and VAT at the sale’s rate', async () => {
    const sie = parseSie(await raw(`/api/admin/reports/accounting.se?${DECEMBER}`));
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    expect(sie.verifications.map((v) => [v.date, v.text])).toEqual([
      ['20261202', 'Försäljning 2026-12-02 (1 ordrar)'],
      ['20261204', `Rättelse av bokning ${a} (2026-11-24, 6 % moms)`],
      ['20261204', `Rättelse av bokning ${b} (2026-11-24, 12 % moms)`],
    ]);
    // BFL 5 kap. 5 §: when each correction was registered and by whom (#VER … regdatum sign).
    expect(sie.verifications.slice(1).map((v) => [v.regdate, v.sign])).toEqual([
      ['20261204', ADMIN.email],
      ['20261204', ADMIN.email],
    ]);
    expect(byAccount(sie.verifications[1])).toEqual({
      '1910': -aPaid(),
      '3003': aPaid() - vat(aPaid(), 6),
      '2631': vat(aPaid(), 6),
    });
    expect(byAccount(sie.verifications[2])).toEqual({
      '1910': -price,
      '3002': price - vat(price, 12),
      '2621': vat(price, 12),
    });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
  });

  it('rebuilding every read model from the log gives the same periods, files and corrections', async () => {
    const periods = (await t.get('/api/admin/accounting/periods', admin)).body;
    const december = await files(DECEMBER);
    for (const projection of allProjections) await t.server.projections.rebuild(projection.name);
    expect((await t.get('/api/admin/accounting/periods', admin)).body).toEqual(periods);
    const rebuilt = await files(NOVEMBER);
    expect(rebuilt.report.toString('utf8')).toBe(november.report.toString('utf8'));
    expect(rebuilt.csv.equals(november.csv)).toBe(true);
    expect(rebuilt.sie.equals(november.sie)).toBe(true);
    const decemberAgain = await files(DECEMBER);
    expect(decemberAgain.report.toString('utf8')).toBe(december.report.toString('utf8'));
    expect(decemberAgain.csv.equals(december.csv)).toBe(true);
    expect(decemberAgain.sie.equals(december.sie)).toBe(true);
  });

  it('periods close in month order; once December is closed its corrections are in its books, and January has none to make', async () => {
    now = new Date('2027-02-02T08:00:00Z');
    admin = await t.login();
    const early = await t.post('/api/admin/accounting/periods/2027-01/close', {}, admin);
    expect(early).toMatchObject({
      status: 400,
      body: { error: 'Stäng 2026-12 först: perioderna stängs i tur och ordning' },
    });
    const csvBefore = csvLines(await raw(`/api/admin/reports/accounting.csv?${DECEMBER}`));
    expect((await t.post('/api/admin/accounting/periods/2026-12/close', {}, admin)).status).toBe(200);
    expect(csvLines(await raw(`/api/admin/reports/accounting.csv?${DECEMBER}`))).toEqual(csvBefore);
    const january = (await t.get('/api/admin/reports/accounting?startDate=2027-01-01&endDate=2027-01-31', admin)).body;
    expect(january.corrections).toEqual([]);
  });
});
