// Allergens per pizza (rule: allergen-declaration; EU 1169/2011 art. 9, 14.2, 44 and Annex II):
// the menu answers carry each pizza's declaration and match the OpenAPI document. A pizza without a
// declaration is taken as SPEC sends it and listed on the menu, but is sold at the counter only: a
// web booking holding one is refused, changing nothing, and a staff order takes it (rule:
// undeclared-pizzas).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { fullSlot, offerOf } from './waitlistSetup.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
const notOnline = (name: string) =>
  `${name} saknar allergeninformation och kan inte beställas online. Beställ den i kiosken, där personalen berättar vilka allergener den innehåller.`;

type PizzaAnswer = {
  id: number;
  name: string;
  price_cents: number;
  active: 0 | 1;
  allergens: string[];
  allergens_declared: boolean;
};

let admin: string;
let document: any;
beforeAll(async () => {
  admin = await t.login();
  document = (await t.get('/api/openapi.json')).body;
});

/** Validates an answer against the response schema the OpenAPI document gives the call. */
function matchesDocument(path: string, method: string, status: string, body: unknown) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: document.components });
  const schema = document.paths[path][method].responses[status].content['application/json'].schema;
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
  return validate(body) ? null : validate.errors;
}

const adminPizzas = async () => (await t.get<PizzaAnswer[]>('/api/admin/pizzas', admin)).body;

describe('GET /api/pizzas', () => {
  it("carries each pizza's declared allergens: the seeded Margherita has gluten and milk", async () => {
    const reply = await t.get<PizzaAnswer[]>('/api/pizzas');
    expect(reply.status).toBe(200);
    expect(reply.body.find((p) => p.name === 'Margherita')).toMatchObject({
      allergens: ['gluten', 'milk'],
      allergens_declared: true,
    });
    expect(reply.body.find((p) => p.name === 'Quattro Stagioni')?.allergens).toEqual([
      'gluten',
      'crustaceans',
      'milk',
      'molluscs',
    ]);
    expect(reply.body.every((p) => p.allergens_declared)).toBe(true);
    expect(matchesDocument('/api/pizzas', 'get', '200', reply.body)).toBeNull();
  });

  it('is described in the OpenAPI document with the 14 codes of Annex II', () => {
    const pizza = document.components.schemas.Pizza;
    expect(pizza.required).toEqual(expect.arrayContaining(['allergens', 'allergens_declared']));
    expect(pizza.properties.allergens.items.enum).toEqual([
      'gluten',
      'crustaceans',
      'eggs',
      'fish',
      'peanuts',
      'soybeans',
      'milk',
      'nuts',
      'celery',
      'mustard',
      'sesame',
      'sulphites',
      'lupin',
      'molluscs',
    ]);
    expect(pizza.properties.allergens_declared.type).toBe('boolean');
  });

  it('the document check can fail: an allergen code outside the 14 does not match', () => {
    const body = [
      { id: 1, name: 'M', description: '', price_cents: 1, active: 1, allergens: ['tomato'], allergens_declared: true },
    ];
    expect(matchesDocument('/api/pizzas', 'get', '200', body)).not.toBeNull();
  });
});

describe('POST /api/admin/pizzas', () => {
  it('takes a declaration, in Annex II order, and answers it as in the OpenAPI document', async () => {
    const reply = await t.post<PizzaAnswer>(
      '/api/admin/pizzas',
      {
        name: 'Tonno',
        description: 'Tonfisk',
        price_cents: 12500,
        active: true,
        allergens: ['fish', 'milk', 'gluten'],
      },
      admin,
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ active: 1, allergens: ['gluten', 'fish', 'milk'], allergens_declared: true });
    expect(matchesDocument('/api/admin/pizzas', 'post', '201', reply.body)).toBeNull();
    expect((await t.get<PizzaAnswer[]>('/api/pizzas')).body.find((p) => p.id === reply.body.id)?.allergens).toEqual([
      'gluten',
      'fish',
      'milk',
    ]);
  });

  it('takes "Inga allergener" (an empty list) as a declaration', async () => {
    const reply = await t.post<PizzaAnswer>(
      '/api/admin/pizzas',
      { name: 'Marinara glutenfri', price_cents: 9900, allergens: [] },
      admin,
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ active: 1, allergens: [], allergens_declared: true });
  });

  it("takes SPEC's body without allergens (201): the pizza is active and on the menu, undeclared", async () => {
    const body = { name: 'Hemlis', description: 'Husets egen', price_cents: 9900, active: 1 };
    const reply = await t.post<PizzaAnswer>('/api/admin/pizzas', body, admin);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ ...body, allergens: [], allergens_declared: false });
    expect(matchesDocument('/api/admin/pizzas', 'post', '201', reply.body)).toBeNull();
    const menu = (await t.get<PizzaAnswer[]>('/api/pizzas')).body;
    expect(menu.find((p) => p.id === reply.body.id)).toMatchObject({
      ...body,
      allergens: [],
      allergens_declared: false,
    });
    expect(matchesDocument('/api/pizzas', 'get', '200', menu)).toBeNull();
    expect((await adminPizzas()).find((p) => p.id === reply.body.id)).toMatchObject({ allergens_declared: false });
  });

  it('refuses a code outside the 14, and adds nothing', async () => {
    const before = await adminPizzas();
    const reply = await t.post('/api/admin/pizzas', { name: 'X', price_cents: 9900, allergens: ['tomato'] }, admin);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Okänd allergen: välj bland de 14 allergenerna' });
    expect(await adminPizzas()).toEqual(before);
  });
});

describe('PUT /api/admin/pizzas/:id', () => {
  it('puts an undeclared pizza on the menu, still undeclared, and takes its declaration later', async () => {
    const created = await t.post<PizzaAnswer>(
      '/api/admin/pizzas',
      { name: 'Nykomling', price_cents: 9900, active: false },
      admin,
    );
    expect(created.body).toMatchObject({ active: 0, allergens: [], allergens_declared: false });
    const id = created.body.id;
    const activated = await t.put(
      `/api/admin/pizzas/${id}`,
      { name: 'Nykomling', price_cents: 9900, active: 1 },
      admin,
    );
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ active: 1, allergens: [], allergens_declared: false });
    expect(matchesDocument('/api/admin/pizzas/{id}', 'put', '200', activated.body)).toBeNull();
    expect((await adminPizzas()).find((p) => p.id === id)).toMatchObject({ active: 1, allergens_declared: false });
    expect((await t.get<PizzaAnswer[]>('/api/pizzas')).body.find((p) => p.id === id)).toMatchObject({
      allergens_declared: false,
    });
    const declared = await t.put<PizzaAnswer>(
      `/api/admin/pizzas/${id}`,
      { name: 'Nykomling', price_cents: 9900, active: 1, allergens: ['sesame'] },
      admin,
    );
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({ active: 1, allergens: ['sesame'], allergens_declared: true });
    expect(matchesDocument('/api/admin/pizzas/{id}', 'put', '200', declared.body)).toBeNull();
    expect((await t.get<PizzaAnswer[]>('/api/pizzas')).body.some((p) => p.id === id)).toBe(true);
  });
});

describe('a pizza from before declarations (an old event without allergens)', () => {
  it('still loads, on the menu and undeclared, and takes a declaration with its next change', async () => {
    const id = 1000;
    await t.server.events.append(
      'menu',
      [
        {
          id: crypto.randomUUID(),
          type: 'PizzaAdded',
          data: { id, name: 'Gammal favorit', description: 'Från förr', price_cents: 9000, active: true },
          metadata: { actor: 'admin@pizzakiosken.test', timestamp: MONDAY_MORNING.toISOString() },
        },
      ],
      'any',
    );
    let old: PizzaAnswer | undefined;
    for (let i = 0; i < 200 && !old; i++) {
      old = (await t.get<PizzaAnswer[]>('/api/pizzas')).body.find((p) => p.id === id);
      if (!old) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(old).toMatchObject({ active: 1, allergens: [], allergens_declared: false });

    // Like a pizza added today without allergens (rule: undeclared-pizzas): not sold online...
    const refused = await t.post('/api/bookings', bookingPayload({ items: [{ pizza_id: id, qty: 2 }] }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: notOnline('Gammal favorit') });
    // ...and changed without a declaration, staying on the menu undeclared.
    const changed = await t.put<PizzaAnswer>(
      `/api/admin/pizzas/${id}`,
      { name: 'Gammal favorit', price_cents: 9500 },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ active: 1, price_cents: 9500, allergens: [], allergens_declared: false });
    expect((await adminPizzas()).find((p) => p.id === id)?.price_cents).toBe(9500);

    const declared = await t.put<PizzaAnswer>(
      `/api/admin/pizzas/${id}`,
      { name: 'Gammal favorit', price_cents: 9500, allergens: ['gluten'] },
      admin,
    );
    expect(declared.status).toBe(200);
    expect(declared.body).toMatchObject({ price_cents: 9500, allergens: ['gluten'], allergens_declared: true });
  });
});

describe('a pizza without a declaration is sold at the counter only (rule: undeclared-pizzas)', () => {
  const DATE = '2026-11-26';
  let id: number;
  beforeAll(async () => {
    const created = await t.post<PizzaAnswer>(
      '/api/admin/pizzas',
      { name: 'Funghi', description: 'Champinjoner', price_cents: 10500, active: 1 },
      admin,
    );
    expect(created.status).toBe(201);
    id = created.body.id;
  });
  const bookings = async () => (await t.get<unknown[]>(`/api/admin/bookings?date=${DATE}`, admin)).body;
  const availability = async () => (await t.get(`/api/availability?date=${DATE}`)).body;

  it('a web booking holding it is refused with a Swedish 400, and nothing is written', async () => {
    const [bookingsBefore, slotsBefore] = [await bookings(), await availability()];
    const reply = await t.post(
      '/api/bookings',
      bookingPayload({
        date: DATE,
        items: [
          { pizza_id: 1, qty: 1 },
          { pizza_id: id, qty: 1 },
        ],
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: notOnline('Funghi') });
    expect(matchesDocument('/api/bookings', 'post', '4XX', reply.body)).toBeNull();
    expect(await bookings()).toEqual(bookingsBefore);
    expect(await availability()).toEqual(slotsBefore);
  });

  it("a waitlist offer's booking holding it is refused the same way, and the hold stays", async () => {
    const date = '2026-11-27';
    const { bookings: placed, tokens } = await fullSlot(t, date, [4, 2], [2]);
    expect((await t.put(`/api/admin/bookings/${placed[1]}/cancel`, { reason: 'Kunden ringde' }, admin)).status).toBe(
      200,
    );
    const offer = (await offerOf(t, tokens[0])).body;
    const listed = async () => (await t.get(`/api/admin/bookings?date=${date}`, admin)).body;
    const before = await listed();
    const reply = await t.post(`/api/waitlist/${tokens[0]}/book`, {
      name: 'Kö 0',
      email: 'ko0@example.se',
      dine_in: false,
      items: [{ pizza_id: id, qty: 2 }],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: notOnline('Funghi') });
    expect(await listed()).toEqual(before);
    expect((await t.get(`/api/waitlist/${tokens[0]}`)).body).toEqual(offer);
  });

  it('a staff order takes it (staff tell its allergens in person), confirmed at once', async () => {
    const reply = await t.post(
      '/api/admin/staff-orders',
      { source: 'counter', date: DATE, time: '12:00', items: [{ pizza_id: id, qty: 2 }] },
      admin,
    );
    expect(reply.status).toBe(201);
    const booking = (await bookings()).find((b: any) => b.id === reply.body.booking.id) as any;
    expect(booking).toMatchObject({ status: 'confirmed', total_pizzas: 2 });
  });
});

describe('an order keeps the allergens its pizzas had when it was placed', () => {
  it('in the booking answer, the lookup (/my-booking) and the kitchen board, as in the OpenAPI document', async () => {
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-25', items: [{ pizza_id: 5, qty: 2 }] }),
    );
    expect(placed.status).toBe(201);
    const quattro = ['gluten', 'crustaceans', 'milk', 'molluscs'];
    expect(placed.body.booking.items[0]).toMatchObject({ pizza_name: 'Quattro Stagioni', allergens: quattro });
    expect(matchesDocument('/api/bookings', 'post', '201', placed.body)).toBeNull();

    const lookup = await t.post('/api/bookings/lookup', {
      email: 'asa@example.se',
      booking_id: placed.body.booking_id,
    });
    expect(lookup.body.items[0].allergens).toEqual(quattro);
    expect(matchesDocument('/api/bookings/lookup', 'post', '200', lookup.body)).toBeNull();

    await t.put(`/api/admin/bookings/${placed.body.booking_id}/confirm`, {}, admin);
    const kitchen = await t.get('/api/admin/kitchen?date=2026-11-25', admin);
    const order = kitchen.body.bookings.find((b: { id: string }) => b.id === placed.body.booking_id);
    expect(order.items[0].allergens).toEqual(quattro);
    expect(matchesDocument('/api/admin/kitchen', 'get', '200', kitchen.body)).toBeNull();

    // A later change of the menu does not rewrite what the customer was told.
    await t.put('/api/admin/pizzas/5', { name: 'Quattro Stagioni', price_cents: 12900, allergens: ['gluten'] }, admin);
    const again = await t.post('/api/bookings/lookup', { email: 'asa@example.se', booking_id: placed.body.booking_id });
    expect(again.body.items[0].allergens).toEqual(quattro);
  });
});
