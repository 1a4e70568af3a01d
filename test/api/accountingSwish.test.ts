// The books of web orders paid with Swish when booking (issue 49, rules sales-recording and
// vat-on-prepayment), over the real server paying against the tests' own Swish (HTTPS asking for
// the merchant's client certificate; the poll reads each payment's status): a sale paid online is
// booked on the day the payment came in, at the rate in force that day (a take-away paid on
// 2026-03-31 for pick-up on 2026-04-01 is food at 12 %, not 6 %), debited to Swish's settlement
// account (1930 by default) and always in the SIE file, also with the till; sales paid at pick-up
// stay as they were. The report, the CSV and the SIE file show the two apart, to the öre, with a
// price of odd öre; the SIE file is parsed back and every verification balances. Closing March
// freezes the sale paid on 31 March, and April's books count it nowhere again. Staff cancelling two
// paid orders on 2 April has Swish refund them (SwishRefunded, read by the poll): each refund is a
// correction on 2 April at the rate its sale was booked with (12 % for the one paid in March, 6 %
// for the one paid on 1 April), crediting 1930 in the SIE file; March's closed books stay.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSwishSetup, type SwishSetup } from '../support/swishSetup.js';
import { parseSie } from './sie.js';
import { decode } from '../mail/smtp.js';
import {
  PAYMENT_AT_PICKUP,
  PAYMENT_BY_SWISH_AWAITED,
  PAYMENT_BY_SWISH_DONE,
} from '../../domain/accounting/saleTerms.js';

/** 97,37 kr: a price whose VAT never comes out in whole kronor. */
const PRICE = 9737;
const BOUNDARY = 'startDate=2026-03-31&endDate=2026-04-01';
let setup: SwishSetup | undefined;
let t: TestServer;
let admin: string;
let now = new Date('2026-03-31T08:00:00Z');
let pizza: number;
const ids: Record<string, string> = {};
/** The VAT each booking's 201 stated (the order confirmation, the record of the sale). */
const stated: Record<string, unknown> = {};

const vat = (total: number, rate: number) => Math.round((total * rate) / (100 + rate));
const kr = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const line = (rate: number, ...totals: number[]) => {
  const sales = totals.reduce((a, b) => a + b, 0);
  const v = totals.reduce((a, b) => a + vat(b, rate), 0);
  return { rate, sales_cents: sales, net_cents: sales - v, vat_cents: v };
};

async function book(key: string, over: Record<string, unknown>, paid: boolean) {
  const reply = await t.post('/api/bookings', bookingPayload({ email: `${key}@example.se`, ...over }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.booking_id as string;
  stated[key] = reply.body.vat;
  expect(Boolean(reply.body.payment)).toBe(paid);
  // The poll reads Swish's answer (PAID after a moment); outside a test, so waited for by hand.
  for (let tries = 0; paid && tries < 100; tries++) {
    if ((await t.get(`/api/admin/bookings/${id}`, admin)).body.payment?.status === 'paid') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (paid) expect((await t.get(`/api/admin/bookings/${id}`, admin)).body.payment.status).toBe('paid');
  expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  ids[key] = id;
}
const items = (qty: number) => ({ items: [{ pizza_id: pizza, qty }], requested_pizzas: qty });
const setPrepay = async (choice: string) =>
  expect((await t.put('/api/admin/swish/prepay', { choice }, admin)).status).toBe(200);
const csvLines = (bytes: Buffer) =>
  bytes
    .subarray(3)
    .toString('utf8')
    .trim()
    .split('\r\n')
    .map((l) => l.split(';'));

beforeAll(async () => {
  setup = await startSwishSetup('accounting-swish', { callBack: false, settleAfterMs: 50 });
  const swishConfig = setup.config;
  t = await startTestServer({ now: () => now, config: { swish: swishConfig, swishPollMs: 100 } });
  admin = await t.login();
  const created = await t.post(
    '/api/admin/pizzas',
    { name: 'Udda', price_cents: PRICE, allergens: ['gluten', 'milk'] },
    admin,
  );
  expect(created.status).toBe(201);
  pizza = created.body.id as number;

  // Tuesday 31 March 2026, the last day of food at 12 %.
  // Paid at pick-up (prepay never): one eaten in on the 31st, one take-away on 1 April.
  await setPrepay('never');
  await book('a0', { date: '2026-03-31', time: '11:45', dine_in: true, ...items(1) }, false);
  await book('a1', { date: '2026-04-01', time: '11:45', ...items(1) }, false);
  // Paid online on the 31st: take-away for 1 April (two), eaten in for 1 April, take-away the same day.
  await setPrepay('required_all_web');
  await book('p1', { date: '2026-04-01', time: '12:00', ...items(2) }, true);
  await book('p2', { date: '2026-04-01', time: '12:15', dine_in: true, ...items(1) }, true);
  await book('p3', { date: '2026-03-31', time: '12:30', ...items(1) }, true);
  // Wednesday 1 April: food at 6 %. A take-away (three) paid online that morning.
  now = new Date('2026-04-01T07:00:00Z');
  admin = await t.login();
  await book('p4', { date: '2026-04-01', time: '12:30', ...items(3) }, true);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await setup?.close();
});

/** The sums by hand: P1 19 474 öre, P2 and P3 9 737, P4 29 211; A0 and A1 9 737. */
const P1 = 2 * PRICE;
const P2 = PRICE;
const P3 = PRICE;
const P4 = 3 * PRICE;
const A0 = PRICE;
const A1 = PRICE;

/** The mail to this address whose text holds `subject`, from the server's outbox folder, decoded. */
async function outboxMail(to: string, subject: string): Promise<string> {
  const outbox = join(t.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = decode(readFileSync(join(outbox, file), 'latin1'));
      if (mail.includes(`To: ${to}`) && mail.includes(subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('sales paid online with Swish, across 1 April 2026 (rule vat-on-prepayment)', () => {
  it('the report: each sale paid online on the day it was paid at the rate then, apart from those paid at pick-up', async () => {
    const { body, status } = await t.get(`/api/admin/reports/accounting?${BOUNDARY}`, admin);
    expect(status).toBe(200);
    // 31 March: A0 eaten in, and P1, P2 and P3 paid that day, all at 12 %, P1 and P2 though picked up on 1 April.
    // 1 April: A1 taken away at 6 % and P4 paid that day at 6 %.
    expect(body.days.map((d: { date: string; orders: number; rates: unknown }) => [d.date, d.orders, d.rates])).toEqual(
      [
        ['2026-03-31', 4, [line(12, A0, P1, P2, P3)]],
        ['2026-04-01', 2, [line(6, A1, P4)]],
      ],
    );
    expect(vat(P1, 12)).toBe(2087); // 2 086,5 öre, half an öre up
    expect(body.payment_channels.online.days.map((d: { date: string; rates: unknown }) => [d.date, d.rates])).toEqual([
      ['2026-03-31', [line(12, P1, P2, P3)]],
      ['2026-04-01', [line(6, P4)]],
    ]);
    expect(
      body.payment_channels.at_pickup.days.map((d: { date: string; rates: unknown }) => [d.date, d.rates]),
    ).toEqual([
      ['2026-03-31', [line(12, A0)]],
      ['2026-04-01', [line(6, A1)]],
    ]);
    expect(body.payment_channels.online.totals.sales_cents).toBe(P1 + P2 + P3 + P4);
    expect(body.payment_channels.at_pickup.totals.sales_cents).toBe(A0 + A1);
    expect(body.totals.sales_cents).toBe(A0 + A1 + P1 + P2 + P3 + P4);
    expect(body.settings.swish_account).toBe('1930');
    // March alone holds the sales paid in March, April alone the rest.
    const march = (await t.get('/api/admin/reports/accounting?startDate=2026-03-01&endDate=2026-03-31', admin)).body;
    expect(march.totals.sales_cents).toBe(A0 + P1 + P2 + P3);
    const april = (await t.get('/api/admin/reports/accounting?startDate=2026-04-01&endDate=2026-04-30', admin)).body;
    expect(april.totals.sales_cents).toBe(A1 + P4);
  });

  it('the order confirmation states the VAT as the books count it: a take-away paid on 31 March for 1 April at 12 %', () => {
    expect(stated).toEqual({
      a0: [{ rate: 12, vat_cents: vat(A0, 12) }],
      a1: [{ rate: 6, vat_cents: vat(A1, 6) }],
      p1: [{ rate: 12, vat_cents: 2087 }],
      p2: [{ rate: 12, vat_cents: vat(P2, 12) }],
      p3: [{ rate: 12, vat_cents: vat(P3, 12) }],
      p4: [{ rate: 6, vat_cents: vat(P4, 6) }],
    });
  });

  it('the record of a sale paid online says it is paid and asks nothing at pick-up, in the mail and the PDF (rule sale-record)', async () => {
    const paid = await outboxMail('p1@example.se', 'Orderbekräftelse');
    expect(paid).toContain(`Betalning: ${PAYMENT_BY_SWISH_DONE}`);
    expect(paid).not.toContain(PAYMENT_AT_PICKUP);
    // Written as it was placed, its payment asked for: what is awaited, at the rate of the day it is paid.
    const received = await outboxMail('p1@example.se', 'Vi har tagit emot din beställning');
    expect(received).toContain(`Betalning: ${PAYMENT_BY_SWISH_AWAITED}`);
    expect(received).toContain(`varav moms 12 %: ${kr(vat(P1, 12)).replace('.', ',')} kr`);
    const atPickUp = await outboxMail('a1@example.se', 'Orderbekräftelse');
    expect(atPickUp).toContain(`Betalning: ${PAYMENT_AT_PICKUP}`);
    const record = async (id: string) => {
      const reply = await t.get(`/api/admin/bookings/${id}/confirmation.pdf`, admin);
      expect(reply.status).toBe(200);
      return pdfText(reply.body as Buffer);
    };
    // Never rung up at the till, the record is the only one: no "inget kvitto" pointing there.
    const paidPdf = await record(ids.p1);
    expect(paidPdf).toContain(PAYMENT_BY_SWISH_DONE);
    expect(paidPdf).not.toContain('inget kvitto');
    const atPickUpPdf = await record(ids.a1);
    expect(atPickUpPdf).toContain(PAYMENT_AT_PICKUP);
    expect(atPickUpPdf).toContain('Detta är inget kvitto');
  });

  it('the CSV: what was paid each way in two columns of its own, to the öre', async () => {
    const lines = csvLines((await t.get(`/api/admin/reports/accounting.csv?${BOUNDARY}`, admin)).body as Buffer);
    const header = lines[0];
    const online = header.indexOf('Betalt med Swish vid bokningen');
    const atPickup = header.indexOf('Betalt vid hämtning');
    expect([online, atPickup]).toEqual([header.length - 2, header.length - 1]);
    expect(lines[1][0]).toBe('2026-03-31');
    expect([lines[1][4], lines[1][online], lines[1][atPickup]]).toEqual([
      kr(A0 + P1 + P2 + P3),
      kr(P1 + P2 + P3),
      kr(A0),
    ]);
    expect([lines[2][0], lines[2][online], lines[2][atPickup]]).toEqual(['2026-04-01', kr(P4), kr(A1)]);
    expect([lines[3][0], lines[3][online], lines[3][atPickup]]).toEqual(['Summa', kr(P1 + P2 + P3 + P4), kr(A0 + A1)]);
    expect(lines.find((l) => l[0] === 'Betalt med Swish vid bokningen')?.[1]).toMatch(/utanför kassaregistret/);
  });

  it('the SIE file with the till: only the sales paid online, against 1930, balanced and declared', async () => {
    const sie = parseSie((await t.get(`/api/admin/reports/accounting.si?${BOUNDARY}`, admin)).body as Buffer);
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    expect(sie.verifications.map((v) => [v.date, v.text])).toEqual([
      ['20260331', 'Swish-försäljning 2026-03-31 (3 ordrar)'],
      ['20260401', 'Swish-försäljning 2026-04-01 (1 ordrar)'],
    ]);
    const march = line(12, P1, P2, P3);
    expect(byAccount(sie.verifications[0])).toEqual({
      '1930': P1 + P2 + P3,
      '3002': -march.net_cents,
      '2621': -march.vat_cents,
    });
    expect(byAccount(sie.verifications[1])).toEqual({ '1930': P4, '3003': -(P4 - vat(P4, 6)), '2631': -vat(P4, 6) });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
    const used = new Set(sie.verifications.flatMap((v) => v.trans.map((tr) => tr.account)));
    expect([...sie.accounts.keys()].sort()).toEqual([...used].sort());
    expect(sie.labels.get('#PROSA')?.[0]).toMatch(/Swish-försäljning/);
  });

  it('the SIE file without a till, and another settlement account: each day paid at pick-up and paid online apart', async () => {
    const settings = (await t.get('/api/admin/accounting/settings', admin)).body;
    const refused = await t.put('/api/admin/accounting/settings', { ...settings, swish_account: '19 3' }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Ett konto anges med fyra siffror (BAS-kontoplanen)');
    const saved = await t.put(
      '/api/admin/accounting/settings',
      { ...settings, sales_recording: 'pizzakiosken', swish_account: '1940' },
      admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.swish_account).toBe('1940');
    // Left out, the settlement account stays.
    const { swish_account: _kept, ...without } = saved.body;
    expect((await t.put('/api/admin/accounting/settings', without, admin)).body.swish_account).toBe('1940');
    try {
      const sie = parseSie((await t.get(`/api/admin/reports/accounting.si?${BOUNDARY}`, admin)).body as Buffer);
      const byAccount = (v: (typeof sie.verifications)[number]) =>
        Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
      expect(sie.verifications.map((v) => [v.date, v.text])).toEqual([
        ['20260331', 'Försäljning 2026-03-31 (1 ordrar)'],
        ['20260331', 'Swish-försäljning 2026-03-31 (3 ordrar)'],
        ['20260401', 'Försäljning 2026-04-01 (1 ordrar)'],
        ['20260401', 'Swish-försäljning 2026-04-01 (1 ordrar)'],
      ]);
      expect(byAccount(sie.verifications[0])).toEqual({
        '1910': A0,
        '3002': -(A0 - vat(A0, 12)),
        '2621': -vat(A0, 12),
      });
      expect(byAccount(sie.verifications[1])['1940']).toBe(P1 + P2 + P3);
      expect(byAccount(sie.verifications[2])).toEqual({ '1910': A1, '3003': -(A1 - vat(A1, 6)), '2631': -vat(A1, 6) });
      expect(byAccount(sie.verifications[3])['1940']).toBe(P4);
      for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);
      const total = sie.verifications.flatMap((v) => v.trans).filter((tr) => ['1910', '1940'].includes(tr.account));
      expect(total.reduce((sum, tr) => sum + tr.cents, 0)).toBe(A0 + A1 + P1 + P2 + P3 + P4);
    } finally {
      expect((await t.put('/api/admin/accounting/settings', settings, admin)).status).toBe(200);
    }
  });

  it('closing March freezes the sales paid on 31 March: April counts them nowhere again, with no correction', async () => {
    now = new Date('2026-04-02T08:00:00Z');
    admin = await t.login();
    const closed = await t.post('/api/admin/accounting/periods/2026-03/close', {}, admin);
    expect(closed.status).toBe(200);
    const march = (await t.get('/api/admin/reports/accounting?startDate=2026-03-01&endDate=2026-03-31', admin)).body;
    expect(march.closed).toBe(true);
    expect(march.payment_channels.online.totals.sales_cents).toBe(P1 + P2 + P3);
    const both = (await t.get(`/api/admin/reports/accounting?${BOUNDARY}`, admin)).body;
    expect(both.corrections).toEqual([]);
    expect(both.totals.sales_cents).toBe(A0 + A1 + P1 + P2 + P3 + P4);
    const april = (await t.get('/api/admin/reports/accounting?startDate=2026-04-01&endDate=2026-04-30', admin)).body;
    expect(april.corrections).toEqual([]);
    expect(april.totals.sales_cents).toBe(A1 + P4);
  });
});

describe('refunds as corrections on the refund’s day, at the rate the sale was booked with', () => {
  const refunded = async (id: string) => {
    for (let tries = 0; tries < 100; tries++) {
      if ((await t.get(`/api/admin/bookings/${id}`, admin)).body.payment?.refund?.status === 'refunded') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no refund of ${id}`);
  };

  it('staff cancel P1 (paid in closed March at 12 %) and P4 (paid 1 April at 6 %) on 2 April: each refund a correction that day', async () => {
    // The clock stands on 2 April 2026 (the close above); March is closed.
    for (const key of ['p1', 'p4']) {
      expect(
        (await t.put(`/api/admin/bookings/${ids[key]}/cancel`, { reason: 'Ugnen gick sönder' }, admin)).status,
      ).toBe(200);
      await refunded(ids[key]);
    }
    const april = (await t.get('/api/admin/reports/accounting?startDate=2026-04-01&endDate=2026-04-30', admin)).body;
    const refund = (id: string, total: number, rate: number) => ({
      date: '2026-04-02',
      booking_id: id,
      booking_date: '2026-04-01',
      booking_time: expect.any(String),
      rate,
      gross_cents: -total,
      discount_cents: 0,
      sales_cents: -total,
      net_cents: -(total - vat(total, rate)),
      vat_cents: -vat(total, rate),
      channel: 'online',
      refund: true,
    });
    expect(april.corrections).toEqual(expect.arrayContaining([refund(ids.p1, P1, 12), refund(ids.p4, P4, 6)]));
    expect(april.corrections).toHaveLength(2);
    // P4's sale of 1 April stands (its money came in that day); the refunds take both back.
    expect(april.days.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([['2026-04-01', 2]]);
    expect(april.totals.sales_cents).toBe(A1 + P4 - P1 - P4);
    expect(april.totals.rates).toEqual([
      { rate: 12, sales_cents: -P1, net_cents: -(P1 - vat(P1, 12)), vat_cents: -vat(P1, 12) },
      { rate: 6, sales_cents: A1, net_cents: A1 - vat(A1, 6), vat_cents: vat(A1, 6) },
    ]);
    expect(april.payment_channels.online.totals.sales_cents).toBe(-P1);
    expect(april.payment_channels.at_pickup.totals.sales_cents).toBe(A1);
    // March's closed books are as they were: P1's sale stands there.
    const march = (await t.get('/api/admin/reports/accounting?startDate=2026-03-01&endDate=2026-03-31', admin)).body;
    expect(march.totals.sales_cents).toBe(A0 + P1 + P2 + P3);
    expect(march.corrections).toEqual([]);
  });

  it('the SIE file: a balanced verification per refund crediting 1930, the CSV a line each', async () => {
    const sie = parseSie(
      (await t.get('/api/admin/reports/accounting.si?startDate=2026-04-01&endDate=2026-04-30', admin)).body as Buffer,
    );
    const byAccount = (v: (typeof sie.verifications)[number]) =>
      Object.fromEntries(v.trans.map((tr) => [tr.account, tr.cents]));
    const texts = sie.verifications.map((v) => [v.date, v.text]);
    expect(texts).toEqual([
      ['20260401', 'Swish-försäljning 2026-04-01 (1 ordrar)'],
      ['20260402', `Återbetalning med Swish av bokning ${ids.p1} (2026-04-01, 12 % moms)`],
      ['20260402', `Återbetalning med Swish av bokning ${ids.p4} (2026-04-01, 6 % moms)`],
    ]);
    expect(byAccount(sie.verifications[1])).toEqual({
      '1930': -P1,
      '3002': P1 - vat(P1, 12),
      '2621': vat(P1, 12),
    });
    expect(byAccount(sie.verifications[2])).toEqual({ '1930': -P4, '3003': P4 - vat(P4, 6), '2631': vat(P4, 6) });
    for (const v of sie.verifications) expect(v.trans.reduce((sum, tr) => sum + tr.cents, 0)).toBe(0);

    const lines = csvLines(
      (await t.get('/api/admin/reports/accounting.csv?startDate=2026-04-01&endDate=2026-04-30', admin)).body as Buffer,
    );
    const header = lines[0];
    const refunds = lines.filter((l) => l.at(-1)?.startsWith('Återbetalning med Swish'));
    expect(refunds.map((l) => [l[0], l[4], l[header.indexOf('Betalt med Swish vid bokningen')]])).toEqual([
      ['2026-04-02', kr(-P1), kr(-P1)],
      ['2026-04-02', kr(-P4), kr(-P4)],
    ]);
  });
});
