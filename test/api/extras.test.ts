// Extras and removals over the real server and store (issue 29): staff keep extras and what a
// pizza can be made without; an order's lines carry them, priced with VAT, in the answer, the
// mails (real SMTP server), the kitchen board, the PDF report (parsed) and the books (CSV, SIE).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';
import { parseSie } from './sie.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;
let document: any;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  admin = await t.login();
  document = (await t.get('/api/openapi.json')).body;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Validates an answer against the response schema the OpenAPI document gives the call. */
function matchesDocument(path: string, method: string, status: string, body: unknown) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: document.components });
  const schema = document.paths[path][method].responses[status].content['application/json'].schema;
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
  return validate(body) ? null : validate.errors;
}

type ExtraAnswer = { id: number; name: string; price_cents: number; active: 0 | 1; allergens: string[] };
const adminExtras = async () => (await t.get<ExtraAnswer[]>('/api/admin/extras', admin)).body;
/** What 1 Margherita with extra cheese and aioli, without basil, reads as. */
const CHOICES = '+ Extra ost 15 kr, + Aioli 10 kr, utan basilika';
const kr = (cents: number) => `${Math.round(cents / 100)} kr`;
const krOre = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} kr`;
const vat6 = (cents: number) => Math.round((cents * 6) / 106);

/** POST /api/bookings with an Idempotency-Key header, as the browser sends it. */
async function book(body: Record<string, unknown>, key: string) {
  const response = await fetch(`${t.base}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

let ost: ExtraAnswer;
let aioli: ExtraAnswer;

describe('extras on the menu (/api/admin/extras, /api/extras)', () => {
  it('staff add, change and remove extras; the public list shows the active ones, as in the OpenAPI document', async () => {
    const added = await t.post<ExtraAnswer>(
      '/api/admin/extras',
      { name: 'Extra ost', price_cents: 1200, allergens: ['milk'] },
      admin,
    );
    expect(added.status).toBe(201);
    expect(matchesDocument('/api/admin/extras', 'post', '201', added.body)).toBeNull();
    const changed = await t.put<ExtraAnswer>(
      `/api/admin/extras/${added.body.id}`,
      { name: 'Extra ost', price_cents: 1500, active: 1, allergens: ['milk'] },
      admin,
    );
    expect(changed.body).toEqual({
      id: added.body.id,
      name: 'Extra ost',
      price_cents: 1500,
      active: 1,
      allergens: ['milk'],
    });
    ost = changed.body;
    aioli = (
      await t.post<ExtraAnswer>('/api/admin/extras', { name: 'Aioli', price_cents: 1000, allergens: ['eggs'] }, admin)
    ).body;
    const gone = (
      await t.post<ExtraAnswer>('/api/admin/extras', { name: 'Tryffel', price_cents: 5000, allergens: [] }, admin)
    ).body;
    const hidden = (
      await t.post<ExtraAnswer>(
        '/api/admin/extras',
        { name: 'Ansjovis', price_cents: 800, active: 0, allergens: ['fish'] },
        admin,
      )
    ).body;
    expect((await t.del(`/api/admin/extras/${gone.id}`, {}, admin)).status).toBe(200);

    const shown = await t.get<ExtraAnswer[]>('/api/extras');
    expect(shown.body.map((e) => e.name)).toEqual(['Extra ost', 'Aioli']);
    expect(matchesDocument('/api/extras', 'get', '200', shown.body)).toBeNull();
    expect((await adminExtras()).map((e) => e.id)).toEqual([ost.id, aioli.id, hidden.id]);
  });

  it('refuses bad input with a Swedish message and changes nothing', async () => {
    const before = await adminExtras();
    const noPrice = await t.post('/api/admin/extras', { name: 'Ost', allergens: [] }, admin);
    expect(noPrice.status).toBe(400);
    expect(noPrice.body).toEqual({ error: 'Tillvalet behöver ett namn och ett pris (0 kr eller mer)' });
    const undeclared = await t.post('/api/admin/extras', { name: 'Ost', price_cents: 100 }, admin);
    expect(undeclared.body).toEqual({ error: 'Ange tillvalets allergener (eller Inga allergener)' });
    const unknown = await t.put('/api/admin/extras/999', { name: 'Ost', price_cents: 100, allergens: [] }, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Tillvalet finns inte' });
    expect(await adminExtras()).toEqual(before);
  });

  it('a pizza lists what it can be made without; a form that leaves the list out keeps it', async () => {
    const margherita = (await t.get<any[]>('/api/admin/pizzas', admin)).body.find((p) => p.id === 1);
    const { id: _id, allergens_declared: _d, removable: _r, ...fields } = margherita;
    const put = await t.put(`/api/admin/pizzas/1`, { ...fields, removable: ['Basilika', 'mozzarella'] }, admin);
    expect(put.status).toBe(200);
    expect(put.body.removable).toEqual(['basilika', 'mozzarella']);
    expect(matchesDocument('/api/admin/pizzas/{id}', 'put', '200', put.body)).toBeNull();
    const again = await t.put(`/api/admin/pizzas/1`, fields, admin);
    expect(again.body.removable).toEqual(['basilika', 'mozzarella']);
    expect((await t.get<any[]>('/api/pizzas')).body.find((p) => p.id === 1).removable).toEqual([
      'basilika',
      'mozzarella',
    ]);
  });
});

describe("GET /api/vat-rate (the order summary's VAT)", () => {
  it('answers the rate of the order type on the date from the rate table, as in the OpenAPI document', async () => {
    // prop. 2025/26:55: take-away food 6 % from 2026-04-01 to 2027-12-31, 12 % again from 2028.
    const takeAway = await t.get('/api/vat-rate?date=2026-11-24&dine_in=false');
    expect(takeAway.body).toEqual({ rate: 6 });
    expect(matchesDocument('/api/vat-rate', 'get', '200', takeAway.body)).toBeNull();
    expect((await t.get('/api/vat-rate?date=2026-11-24&dine_in=true')).body).toEqual({ rate: 12 });
    expect((await t.get('/api/vat-rate?date=2028-01-01&dine_in=false')).body).toEqual({ rate: 12 });
    const bad = await t.get('/api/vat-rate?date=24/11&dine_in=false');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/datum/i);
  });
});

describe('an order with extras and removals (POST /api/bookings)', () => {
  const items = () => [
    { pizza_id: 1, qty: 1, extras: [aioli.id, ost.id], without: ['basilika'] },
    { pizza_id: 1, qty: 1 },
  ];
  let id: string;
  let margheritaCents: number;
  let lineCents: number;
  let total: number;

  beforeAll(async () => {
    margheritaCents = (await t.get<any[]>('/api/pizzas')).body.find((p) => p.id === 1).price_cents;
    lineCents = margheritaCents + 1500 + 1000;
    total = lineCents + margheritaCents;
  });

  it('refuses an extra not on the menu and a removal the pizza does not allow, placing nothing', async () => {
    const before = (await t.get<any[]>('/api/admin/bookings', admin)).body.length;
    const unknown = await t.post('/api/bookings', bookingPayload({ items: [{ pizza_id: 1, qty: 2, extras: [999] }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Tillvalet finns inte på menyn' });
    const notRemovable = await t.post(
      '/api/bookings',
      bookingPayload({ items: [{ pizza_id: 1, qty: 2, without: ['lök'] }] }),
    );
    expect(notRemovable.status).toBe(400);
    expect(notRemovable.body).toEqual({ error: 'Margherita kan inte göras utan lök' });
    expect((await t.get<any[]>('/api/admin/bookings', admin)).body).toHaveLength(before);
  });

  it("prices each line with its extras, VAT included, and gives it the pizza's and the extras' allergens", async () => {
    const reply = await book(bookingPayload({ email: 'tillval@example.se', items: items() }), 'extras-order-1');
    expect(reply.status).toBe(201);
    id = reply.body.booking_id;
    expect(reply.body.booking.items).toEqual([
      {
        pizza_id: 1,
        pizza_name: 'Margherita',
        qty: 1,
        price_cents: lineCents,
        allergens: ['gluten', 'eggs', 'milk'],
        extras: [
          { id: ost.id, name: 'Extra ost', price_cents: 1500, allergens: ['milk'] },
          { id: aioli.id, name: 'Aioli', price_cents: 1000, allergens: ['eggs'] },
        ],
        without: ['basilika'],
      },
      { pizza_id: 1, pizza_name: 'Margherita', qty: 1, price_cents: margheritaCents, allergens: ['gluten', 'milk'] },
    ]);
    expect(reply.body.booking.final_total_cents).toBe(total);
    // Take-away on 24 November 2026: 6 % (prop. 2025/26:55), the domain's rate table.
    expect(reply.body.vat).toEqual([{ rate: 6, vat_cents: vat6(total) }]);
    expect(matchesDocument('/api/bookings', 'post', '201', reply.body)).toBeNull();
  });

  it('a retry with the same key and lines is the same booking; with other extras it is a conflict', async () => {
    const retry = await book(bookingPayload({ email: 'tillval@example.se', items: items() }), 'extras-order-1');
    expect(retry.status).toBe(201);
    expect(retry.body.booking_id).toBe(id);
    const other = await book(
      bookingPayload({ email: 'tillval@example.se', items: [{ pizza_id: 1, qty: 2 }] }),
      'extras-order-1',
    );
    expect(other.status).toBe(409);
  });

  it('the received and confirmed mails show the choices in bold, the line price and the VAT', async () => {
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    for (const subject of ['Vi har tagit emot din beställning', 'är bekräftad']) {
      let mail: string | undefined;
      for (let i = 0; i < 400 && !mail; i++) {
        mail = smtp.mails.find((m) => m.to.includes('tillval@example.se') && m.text.includes(subject))?.text;
        if (!mail) await new Promise((r) => setTimeout(r, 25));
      }
      expect(mail, subject).toBeDefined();
      expect(mail).toContain(`1 × Margherita à ${kr(lineCents)} – ${kr(lineCents)}`);
      expect(mail).toContain(`<strong>${CHOICES}</strong>`);
      expect(mail).toContain('Allergener: Spannmål som innehåller gluten, Ägg, Mjölk');
      expect(mail).toContain(`Totalt inkl. moms: ${kr(total)}`);
      expect(mail).toContain(`varav moms 6 %: ${krOre(vat6(total))}`);
    }
  });

  it('the calendar file names the choices after the pizza', async () => {
    const reply = await t.get(`/api/bookings/${id}/calendar.ics?email=tillval@example.se`);
    expect(reply.status).toBe(200);
    // iCalendar folds long lines (RFC 5545 3.1) and escapes commas; unfold and unescape to read it.
    const text = String(reply.body)
      .replace(/\r\n[ \t]/g, '')
      .replaceAll('\\,', ',');
    expect(text).toContain(`1 × Margherita (${CHOICES})`);
  });

  it('the kitchen board carries the line with its extras and removals', async () => {
    const day = (await t.get('/api/admin/kitchen?date=2026-11-24', admin)).body;
    const order = day.bookings.find((b: { id: string }) => b.id === id);
    expect(order.items[0]).toMatchObject({ extras: [{ name: 'Extra ost' }, { name: 'Aioli' }], without: ['basilika'] });
  });

  it('the daily PDF report, parsed, shows the choices after the pizza', async () => {
    const reply = await t.get('/api/admin/daily-report?date=2026-11-24', admin);
    expect(reply.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(reply.body as Buffer) });
    try {
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      expect(text).toContain(`1× Margherita (${CHOICES})`);
    } finally {
      await parser.destroy();
    }
  });

  it('the books count the extras in the takings, with their VAT: CSV and SIE', async () => {
    const PERIOD = 'startDate=2026-11-24&endDate=2026-11-24';
    const csv = ((await t.get(`/api/admin/reports/accounting.csv?${PERIOD}`, admin)).body as Buffer)
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .map((l) => l.split(';'));
    const head = csv[0];
    const row = csv.find((r) => r[0] === '2026-11-24')!;
    const ore = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    expect(row[head.indexOf('Försäljning')]).toBe(ore(total));
    expect(row[head.indexOf('Moms 6 %')]).toBe(ore(vat6(total)));
    expect(row[head.indexOf('Netto 6 %')]).toBe(ore(total - vat6(total)));

    // A kiosk without a till obligation: the SIE file books the sales (rule: sales-recording).
    const accounting = (await t.get('/api/admin/accounting/settings', admin)).body;
    expect(
      (await t.put('/api/admin/accounting/settings', { ...accounting, sales_recording: 'pizzakiosken' }, admin)).status,
    ).toBe(200);
    const sie = parseSie((await t.get(`/api/admin/reports/accounting.se?${PERIOD}`, admin)).body as Buffer);
    const trans = sie.verifications.flatMap((v) => v.trans);
    expect(trans).toContainEqual({ account: '1910', cents: total });
    expect(trans).toContainEqual({ account: '2631', cents: -vat6(total) });
    expect(trans).toContainEqual({ account: '3003', cents: -(total - vat6(total)) });
  });
});
