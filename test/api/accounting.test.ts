// The accountant's books over HTTP: a known set of bookings checked to the öre in the JSON, the
// CSV (as Excel in Swedish reads it) and the SIE 4 file, which is parsed back here: every
// verification must balance and every account it uses must be declared.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { parseSie } from './sie.js';

/** The clock starts on Monday 30 March 2026, the day before food's VAT fell to 6 %, then moves on. */
let now = new Date('2026-03-30T08:00:00Z');
const t = useTestServer({ now: () => now });
let admin: string;
const PERIOD = 'startDate=2026-11-24&endDate=2026-11-25';
/** Across 1 April 2026, when take-away went from 12 % to 6 % (prop. 2025/26:55). */
const BOUNDARY = 'startDate=2026-03-31&endDate=2026-04-01';

/** Pizza 1's price on the demo menu, read from the server rather than assumed. */
let price: number;

beforeAll(async () => {
  const book = async (over: Record<string, unknown>) => {
    const reply = await t.post('/api/bookings', bookingPayload(over));
    expect(reply.status).toBe(201);
    return reply.body.booking_id as string;
  };
  // 31 March and 1 April 2026: one take-away (two pizzas) and one eaten in (one pizza) each day.
  admin = await t.login();
  // A kiosk without a till obligation: the SIE file books the sales (rule: sales-recording).
  const accounting = (await t.get('/api/admin/accounting/settings', admin)).body;
  const recorded = await t.put(
    '/api/admin/accounting/settings',
    { ...accounting, sales_recording: 'pizzakiosken' },
    admin,
  );
  expect(recorded.status).toBe(200);
  price = (await t.get('/api/pizzas')).body.find((p: { id: number }) => p.id === 1).price_cents;
  const one = { items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1, dine_in: true };
  const spring = [
    await book({ date: '2026-03-31', time: '12:00', email: 'f@example.se' }),
    await book({ date: '2026-03-31', time: '12:15', email: 'g@example.se', ...one }),
    await book({ date: '2026-04-01', time: '12:00', email: 'h@example.se' }),
    await book({ date: '2026-04-01', time: '12:15', email: 'i@example.se', ...one }),
  ];
  for (const id of spring) expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);

  now = MONDAY_MORNING;
  admin = await t.login();
  expect((await t.post('/api/admin/bonus-codes', { code: 'TIO', discount_percentage: 10 }, admin)).status).toBe(201);
  // 24 Nov: two confirmed (one take-away with a code, one eaten in), one cancelled, one pending.
  const a = await book({ time: '12:00', email: 'a@example.se', bonus_code: 'TIO' });
  const b = await book({
    time: '12:15',
    email: 'b@example.se',
    dine_in: true,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  const c = await book({ time: '12:30', email: 'c@example.se' });
  await book({ time: '12:45', email: 'd@example.se' });
  // 25 Nov: one confirmed.
  const e = await book({ date: '2026-11-25', time: '18:00', email: 'e@example.se' });
  for (const id of [a, b, c, e]) expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  expect((await t.put(`/api/admin/bookings/${c}/cancel`, { reason: 'Kunden ringde' }, admin)).status).toBe(200);

  // 31 December 2027 and 1 January 2028, when take-away goes back to 12 %: the same pair each day.
  now = new Date('2027-12-29T08:00:00Z');
  admin = await t.login();
  const newYear = [
    await book({ date: '2027-12-31', time: '12:00', email: 'j@example.se' }),
    await book({ date: '2027-12-31', time: '12:15', email: 'k@example.se', ...one }),
    await book({ date: '2028-01-01', time: '12:00', email: 'l@example.se' }),
    await book({ date: '2028-01-01', time: '12:15', email: 'm@example.se', ...one }),
  ];
  for (const id of newYear) expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  now = MONDAY_MORNING;
  admin = await t.login();
});

/**
 * What the code and the rates make of the bookings above, computed here by hand; the rates are
 * applied by the caller through `vat`. In November 2026 take-away (a, e) is food at 6 % and
 * eating in (b) restaurant service at 12 %.
 */
function expected() {
  const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
  const aGross = 2 * price;
  const aDiscount = Math.round(aGross * 0.1);
  const a = aGross - aDiscount;
  const b = price;
  const e = 2 * price;
  return { aGross, aDiscount, a, b, e, vat };
}

describe('GET /api/admin/reports/accounting', () => {
  it('sums the collected (here: confirmed) orders per day and VAT rate to the öre, and lists the rest apart', async () => {
    const { body, status } = await t.get(`/api/admin/reports/accounting?${PERIOD}`, admin);
    expect(status).toBe(200);
    const { aGross, aDiscount, a, b, e, vat } = expected();
    expect(body.days).toEqual([
      {
        date: '2026-11-24',
        orders: 2,
        gross_cents: aGross + b,
        discount_cents: aDiscount,
        sales_cents: a + b,
        rates: [
          { rate: 12, sales_cents: b, net_cents: b - vat(b, 12), vat_cents: vat(b, 12) },
          { rate: 6, sales_cents: a, net_cents: a - vat(a, 6), vat_cents: vat(a, 6) },
        ],
        sources: { online: 2, counter: 0, phone: 0 },
      },
      {
        date: '2026-11-25',
        orders: 1,
        gross_cents: e,
        discount_cents: 0,
        sales_cents: e,
        rates: [{ rate: 6, sales_cents: e, net_cents: e - vat(e, 6), vat_cents: vat(e, 6) }],
        sources: { online: 1, counter: 0, phone: 0 },
      },
    ]);
    expect(body.left_out.map((x: { booking_time: string; reason: string }) => [x.booking_time, x.reason])).toEqual([
      ['12:30', 'cancelled'],
      ['12:45', 'not_collected'],
    ]);
    expect(body.totals.sales_cents).toBe(a + b + e);
  });

  it('refuses a period that ends before it starts, in Swedish', async () => {
    const reply = await t.get('/api/admin/reports/accounting?startDate=2026-11-25&endDate=2026-11-24', admin);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/datum/i);
  });

  it('needs a signed-in admin', async () => {
    expect((await t.get(`/api/admin/reports/accounting.csv?${PERIOD}`)).status).toBe(401);
  });
});

describe('the accounting settings', () => {
  it('default to BAS and take other Swedish rates and accounts; a bad one changes nothing', async () => {
    const defaults = (await t.get('/api/admin/accounting/settings', admin)).body;
    expect(defaults).toMatchObject({
      vat_rates: [
        { order_type: 'take_away', rate: 12, valid_from: null, valid_to: '2026-03-31' },
        { order_type: 'take_away', rate: 6, valid_from: '2026-04-01', valid_to: '2027-12-31' },
        { order_type: 'take_away', rate: 12, valid_from: '2028-01-01', valid_to: null },
        { order_type: 'dine_in', rate: 12, valid_from: null, valid_to: null },
      ],
      cash_account: '1910',
    });
    const refused = await t.put('/api/admin/accounting/settings', { ...defaults, cash_account: '19x0' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Ett konto anges med fyra siffror (BAS-kontoplanen)');
    expect((await t.get('/api/admin/accounting/settings', admin)).body).toEqual(defaults);
  });

  it('refuses a rate table with a gap, in Swedish, and changes nothing', async () => {
    const defaults = (await t.get('/api/admin/accounting/settings', admin)).body;
    const vat_rates = defaults.vat_rates.map((p: { valid_from: string | null }, i: number) =>
      i === 1 ? { ...p, valid_from: '2026-04-02' } : p,
    );
    const refused = await t.put('/api/admin/accounting/settings', { ...defaults, vat_rates }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'Ingen momssats gäller 2026-04-01 – 2026-04-01: perioderna måste följa på varandra',
    );
    expect((await t.get('/api/admin/accounting/settings', admin)).body).toEqual(defaults);
  });
});

describe('across 1 April 2026: each sale at the rate in force on its date', () => {
  /** f and h: two pizzas taken away; g and i: one eaten in. */
  const spring = () => ({ f: 2 * price, g: price, h: 2 * price, i: price });
  const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
  const kr = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

  it('the report: 31 March all at 12 %, 1 April take-away at 6 % and eaten in at 12 %', async () => {
    const { body, status } = await t.get(`/api/admin/reports/accounting?${BOUNDARY}`, admin);
    expect(status).toBe(200);
    const { f, g, h, i } = spring();
    expect(body.days.map((d: { date: string; rates: unknown }) => [d.date, d.rates])).toEqual([
      [
        '2026-03-31',
        [
          {
            rate: 12,
            sales_cents: f + g,
            net_cents: f + g - vat(f, 12) - vat(g, 12),
            vat_cents: vat(f, 12) + vat(g, 12),
          },
        ],
      ],
      [
        '2026-04-01',
        [
          { rate: 12, sales_cents: i, net_cents: i - vat(i, 12), vat_cents: vat(i, 12) },
          { rate: 6, sales_cents: h, net_cents: h - vat(h, 6), vat_cents: vat(h, 6) },
        ],
      ],
    ]);
    expect(body.totals.rates).toEqual([
      {
        rate: 12,
        sales_cents: f + g + i,
        net_cents: f + g + i - vat(f, 12) - vat(g, 12) - vat(i, 12),
        vat_cents: vat(f, 12) + vat(g, 12) + vat(i, 12),
      },
      { rate: 6, sales_cents: h, net_cents: h - vat(h, 6), vat_cents: vat(h, 6) },
    ]);
  });

  it('the CSV: a column pair per rate, each day in its own', async () => {
    const reply = await t.get(`/api/admin/reports/accounting.csv?${BOUNDARY}`, admin);
    expect(reply.status).toBe(200);
    const lines = (reply.body as Buffer)
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0].slice(5, 9)).toEqual(['Netto 12 %', 'Moms 12 %', 'Netto 6 %', 'Moms 6 %']);
    const { f, g, h, i } = spring();
    expect(lines[1].slice(0, 9)).toEqual([
      '2026-03-31',
      '2',
      kr(f + g),
      '0,00',
      kr(f + g),
      kr(f + g - vat(f, 12) - vat(g, 12)),
      kr(vat(f, 12) + vat(g, 12)),
      '0,00',
      '0,00',
    ]);
    expect(lines[2].slice(0, 9)).toEqual([
      '2026-04-01',
      '2',
      kr(h + i),
      '0,00',
      kr(h + i),
      kr(i - vat(i, 12)),
      kr(vat(i, 12)),
      kr(h - vat(h, 6)),
      kr(vat(h, 6)),
    ]);
    expect(lines[3].slice(0, 9)).toEqual([
      'Summa',
      '4',
      kr(f + g + h + i),
      '0,00',
      kr(f + g + h + i),
      kr(f + g + i - vat(f, 12) - vat(g, 12) - vat(i, 12)),
      kr(vat(f, 12) + vat(g, 12) + vat(i, 12)),
      kr(h - vat(h, 6)),
      kr(vat(h, 6)),
    ]);
  });

  it('the SIE file: 31 March to 3002/2621 only, 1 April split between 3002/2621 and 3003/2631', async () => {
    const reply = await t.get(`/api/admin/reports/accounting.se?${BOUNDARY}`, admin);
    expect(reply.status).toBe(200);
    const sie = parseSie(reply.body as Buffer);
    const { f, g, h, i } = spring();
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    expect(sie.verifications.map((v) => v.date)).toEqual(['20260331', '20260401']);
    expect(byAccount(sie.verifications[0])).toEqual({
      '1910': f + g,
      '3002': -(f + g - vat(f, 12) - vat(g, 12)),
      '2621': -(vat(f, 12) + vat(g, 12)),
    });
    expect(byAccount(sie.verifications[1])).toEqual({
      '1910': h + i,
      '3002': -(i - vat(i, 12)),
      '2621': -vat(i, 12),
      '3003': -(h - vat(h, 6)),
      '2631': -vat(h, 6),
    });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
    expect(sie.accounts.get('3003')).toBe('Försäljning 6 % moms');
    expect(sie.accounts.get('2631')).toBe('Utgående moms 6 %');
  });
});

describe('across 1 January 2028, when the temporary 6 % on food ends (prop. 2025/26:55)', () => {
  const NEW_YEAR = 'startDate=2027-12-31&endDate=2028-01-01';
  const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
  const kr = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  const pair = () => ({ takeAway: 2 * price, eatenIn: price });

  it('the report: 31 December take-away at 6 % and eaten in at 12 %, 1 January all at 12 %', async () => {
    const { body } = await t.get(`/api/admin/reports/accounting?${NEW_YEAR}`, admin);
    const { takeAway, eatenIn } = pair();
    expect(body.days.map((d: { date: string; rates: unknown }) => [d.date, d.rates])).toEqual([
      [
        '2027-12-31',
        [
          { rate: 12, sales_cents: eatenIn, net_cents: eatenIn - vat(eatenIn, 12), vat_cents: vat(eatenIn, 12) },
          { rate: 6, sales_cents: takeAway, net_cents: takeAway - vat(takeAway, 6), vat_cents: vat(takeAway, 6) },
        ],
      ],
      [
        '2028-01-01',
        [
          {
            rate: 12,
            sales_cents: takeAway + eatenIn,
            net_cents: takeAway + eatenIn - vat(takeAway, 12) - vat(eatenIn, 12),
            vat_cents: vat(takeAway, 12) + vat(eatenIn, 12),
          },
        ],
      ],
    ]);
  });

  it('the CSV and the SIE file, parsed back, split the same way to the öre', async () => {
    const { takeAway, eatenIn } = pair();
    const csv = (await t.get(`/api/admin/reports/accounting.csv?${NEW_YEAR}`, admin)).body as Buffer;
    const lines = csv
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0].slice(5, 9)).toEqual(['Netto 12 %', 'Moms 12 %', 'Netto 6 %', 'Moms 6 %']);
    expect(lines[1].slice(0, 9)).toEqual([
      '2027-12-31',
      '2',
      kr(takeAway + eatenIn),
      '0,00',
      kr(takeAway + eatenIn),
      kr(eatenIn - vat(eatenIn, 12)),
      kr(vat(eatenIn, 12)),
      kr(takeAway - vat(takeAway, 6)),
      kr(vat(takeAway, 6)),
    ]);
    expect(lines[2].slice(0, 9)).toEqual([
      '2028-01-01',
      '2',
      kr(takeAway + eatenIn),
      '0,00',
      kr(takeAway + eatenIn),
      kr(takeAway + eatenIn - vat(takeAway, 12) - vat(eatenIn, 12)),
      kr(vat(takeAway, 12) + vat(eatenIn, 12)),
      '0,00',
      '0,00',
    ]);

    const sie = parseSie((await t.get(`/api/admin/reports/accounting.se?${NEW_YEAR}`, admin)).body as Buffer);
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    expect(sie.verifications.map((v) => v.date)).toEqual(['20271231', '20280101']);
    expect(byAccount(sie.verifications[0])).toEqual({
      '1910': takeAway + eatenIn,
      '3002': -(eatenIn - vat(eatenIn, 12)),
      '2621': -vat(eatenIn, 12),
      '3003': -(takeAway - vat(takeAway, 6)),
      '2631': -vat(takeAway, 6),
    });
    expect(byAccount(sie.verifications[1])).toEqual({
      '1910': takeAway + eatenIn,
      '3002': -(takeAway + eatenIn - vat(takeAway, 12) - vat(eatenIn, 12)),
      '2621': -(vat(takeAway, 12) + vat(eatenIn, 12)),
    });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
  });
});

describe('the files', () => {
  it('CSV: semicolons, decimal comma, UTF-8 with BOM, a line per day and a total', async () => {
    const reply = await t.get(`/api/admin/reports/accounting.csv?${PERIOD}`, admin);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/csv');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="bokforing-2026-11-24-2026-11-25.csv"');
    const bytes = reply.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).toEqual([
      'Datum',
      'Antal ordrar',
      'Brutto',
      'Rabatt',
      'Försäljning',
      'Netto 12 %',
      'Moms 12 %',
      'Netto 6 %',
      'Moms 6 %',
      'Avbokade',
      'Uteblivna',
      'Ej hämtade',
      'Varav online',
      'Varav disk',
      'Varav telefon',
    ]);
    const { aGross, aDiscount, a, b, e, vat } = expected();
    const kr = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    expect(lines[1]).toEqual([
      '2026-11-24',
      '2',
      kr(aGross + b),
      kr(aDiscount),
      kr(a + b),
      kr(b - vat(b, 12)),
      kr(vat(b, 12)),
      kr(a - vat(a, 6)),
      kr(vat(a, 6)),
      '1',
      '0',
      '1',
      '2',
      '0',
      '0',
    ]);
    expect(lines[2]).toEqual([
      '2026-11-25',
      '1',
      kr(e),
      '0,00',
      kr(e),
      '0,00',
      '0,00',
      kr(e - vat(e, 6)),
      kr(vat(e, 6)),
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
    ]);
    expect(lines[3][0]).toBe('Summa');
    expect(lines[3][4]).toBe(kr(a + b + e));
  });

  it('SIE 4: PC8 with its headers, every account declared, one balanced verification per day', async () => {
    // Eaten in at 25 % (the kiosk's own table), taken away at the law's 6 %: two rates, so the
    // first day's verification has both.
    const settings = (await t.get('/api/admin/accounting/settings', admin)).body;
    const vat_rates = settings.vat_rates.map((p: { order_type: string }) =>
      p.order_type === 'dine_in' ? { ...p, rate: 25 } : p,
    );
    expect((await t.put('/api/admin/accounting/settings', { ...settings, vat_rates }, admin)).status).toBe(200);
    const reply = await t.get(`/api/admin/reports/accounting.se?${PERIOD}`, admin);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="bokforing-2026-11-24-2026-11-25.se"');
    const sie = parseSie(reply.body as Buffer);

    expect(sie.labels.get('#FLAGGA')).toEqual(['0']);
    expect(sie.labels.get('#FORMAT')).toEqual(['PC8']);
    expect(sie.labels.get('#SIETYP')).toEqual(['4']);
    expect(sie.labels.get('#PROGRAM')![0]).toBe('Pizzakiosken');
    expect(sie.labels.get('#GEN')).toEqual(['20261123']);
    expect(sie.labels.get('#FNAMN')).toEqual(['Pizzakiosken']);
    expect(sie.labels.get('#RAR')).toEqual(['0', '20260101', '20261231']);

    expect(sie.verifications.map((v) => v.date)).toEqual(['20261124', '20261125']);
    const { a, b, e, vat } = expected();
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    expect(byAccount(sie.verifications[0])).toEqual({
      '1910': a + b,
      '3001': -(b - vat(b, 25)),
      '2611': -vat(b, 25),
      '3003': -(a - vat(a, 6)),
      '2631': -vat(a, 6),
    });
    expect(byAccount(sie.verifications[1])).toEqual({ '1910': e, '3003': -(e - vat(e, 6)), '2631': -vat(e, 6) });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
    const used = new Set(sie.verifications.flatMap((v) => v.trans.map((tr) => tr.account)));
    expect([...sie.accounts.keys()].sort()).toEqual([...used].sort());
    // Swedish letters come through code page 437.
    expect(sie.accounts.get('3001')).toBe('Försäljning 25 % moms');
    expect(sie.accounts.get('2631')).toBe('Utgående moms 6 %');
    expect((reply.body as Buffer).includes(Buffer.from('ö', 'utf8'))).toBe(false);
  });
});
