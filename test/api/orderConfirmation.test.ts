// The record of the sale for an order taken at the counter or on the phone without an e-mail
// (rule: staff-order-record): GET /api/admin/bookings/{id}/confirmation.pdf, parsed back: the
// seller, each line with its price, the total with VAT included and the VAT per rate, payment at
// pick-up; that it is no receipt; refused for a cancelled order and for a number that is none.
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
const SELLER = {
  legal_name: 'Pizzakiosken i Malmö AB',
  org_number: '556036-0793',
  address: 'Storgatan 1, 211 34 Malmö',
  phone: '040-12 34 56',
  email: 'hej@pizzakiosken.se',
  vat_number: 'SE556036079301',
};
let pizzas: Array<{ id: number; name: string; price_cents: number }>;

beforeAll(async () => {
  admin = await t.login();
  const settings = (await t.get('/api/admin/settings', admin)).body;
  expect((await t.put('/api/admin/settings', { ...settings, seller: SELLER }, admin)).status).toBe(200);
  pizzas = (await t.get('/api/pizzas')).body;
});

async function text(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const counterOrder = async (overrides: Record<string, unknown> = {}) => {
  const reply = await t.post(
    '/api/admin/staff-orders',
    {
      source: 'counter',
      date: '2026-11-24',
      time: '12:00',
      name: 'Disk-Kalle',
      items: [
        { pizza_id: pizzas[0].id, qty: 2 },
        { pizza_id: pizzas[1].id, qty: 1 },
      ],
      ...overrides,
    },
    admin,
  );
  expect(reply.status).toBe(201);
  expect(reply.body.booking.email).toBe('');
  return reply.body.booking.id as string;
};

/** '178,00 kr' or '178 kr' (whole kronor): the amount as the PDF may write it. */
const amount = (cents: number) =>
  new RegExp(`${Math.floor(cents / 100)}(,${String(cents % 100).padStart(2, '0')})? kr`);

describe('GET /api/admin/bookings/{id}/confirmation.pdf', () => {
  it('a counter order without e-mail: seller, lines, total inkl. moms, VAT per rate, payment; no receipt', async () => {
    const id = await counterOrder();
    const reply = await t.get(`/api/admin/bookings/${id}/confirmation.pdf`, admin);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe(`inline; filename="orderbekraftelse-${id}.pdf"`);
    const pdf = await text(reply.body as Buffer);
    expect(pdf).toContain('Orderbekräftelse');
    expect(pdf).toContain(`Ordernummer: ${id}`);
    expect(pdf).toContain('Pizzakiosken i Malmö AB');
    expect(pdf).toContain('Org.nr 556036-0793');
    expect(pdf).toContain('Momsreg.nr SE556036079301');
    expect(pdf).toContain('Storgatan 1, 211 34 Malmö');
    expect(pdf).toContain('Namn: Disk-Kalle');
    expect(pdf).toContain('Typ: Ta med');
    const [a, b] = pizzas;
    expect(pdf).toMatch(new RegExp(`2 × ${a.name} à ${amount(a.price_cents).source}`));
    expect(pdf).toMatch(new RegExp(`1 × ${b.name} à ${amount(b.price_cents).source}`));
    const total = 2 * a.price_cents + b.price_cents;
    expect(pdf).toMatch(new RegExp(`Totalt inkl\\. moms: ${amount(total).source}`));
    // Take-away in November 2026 is food at 6 %: VAT = total × 6 / 106, to the öre.
    const vat = Math.round((total * 6) / 106);
    expect(pdf).toContain(`varav moms 6 %: ${Math.floor(vat / 100)},${String(vat % 100).padStart(2, '0')} kr`);
    expect(pdf).toContain('Du betalar när du hämtar beställningen i kiosken.');
    expect(pdf).toContain('Detta är inget kvitto');
  });

  it('a phone order eaten in: the VAT at 12 % (restaurant service)', async () => {
    const id = await counterOrder({ source: 'phone', phone: '070-111 22 33', dine_in: true, time: '12:30' });
    const pdf = await text((await t.get(`/api/admin/bookings/${id}/confirmation.pdf`, admin)).body as Buffer);
    expect(pdf).toContain('Typ: Äta här');
    expect(pdf).toContain('Telefon: 070-111 22 33');
    expect(pdf).toMatch(/varav moms 12 %/);
  });

  it('refuses a cancelled order in Swedish, an unknown number with 404, and anyone not signed in', async () => {
    const id = await counterOrder({ time: '13:00' });
    expect((await t.put(`/api/admin/bookings/${id}/cancel`, { reason: 'Ångrade sig' }, admin)).status).toBe(200);
    const refused = await t.get(`/api/admin/bookings/${id}/confirmation.pdf`, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Beställningen är avbokad: den har ingen orderbekräftelse att skriva ut');
    expect((await t.get('/api/admin/bookings/20261124-999/confirmation.pdf', admin)).status).toBe(404);
    expect((await t.get(`/api/admin/bookings/${id}/confirmation.pdf`)).status).toBe(401);
  });
});
