// Issue 45, over the real server: the payment methods and the cross-contact note (rules before-order,
// cross-contact-note) in the settings, the public settings and the OpenAPI document; a web booking
// without dine_in is take-away (rule: dine-in); the kitchen board's answer carries today's
// declarations, so a line whose pizza was re-declared after ordering is flagged (rule: allergen-change).
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { allergensChanged, lineAllergensNow } from '../../domain/menu/allergenChange.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const adminSettings = async () => (await t.get('/api/admin/settings', admin)).body;

describe('the payment methods and the cross-contact note (PUT /api/admin/settings, GET /api/settings)', () => {
  it('start as card, Swish and cash and no note, readable by the public settings call', async () => {
    const pub = (await t.get('/api/settings')).body;
    expect(pub.payment_methods).toEqual(['card', 'swish', 'cash']);
    expect(pub.cross_contact_note).toBe('');
  });

  it('are saved by staff and read back by everyone', async () => {
    const note = 'Vi bakar allt i samma ugn; spår av gluten, mjölk och fisk kan förekomma.';
    const reply = await t.put(
      '/api/admin/settings',
      { ...(await adminSettings()), payment_methods: ['swish', 'card'], cross_contact_note: ` ${note} ` },
      admin,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.settings).toMatchObject({ payment_methods: ['card', 'swish'], cross_contact_note: note });
    const pub = (await t.get('/api/settings')).body;
    expect(pub).toMatchObject({ payment_methods: ['card', 'swish'], cross_contact_note: note });
  });

  it('refuses no method, an unknown one and a note too long in Swedish, changing nothing', async () => {
    const before = await adminSettings();
    for (const [change, message] of [
      [{ payment_methods: [] }, 'Välj minst ett betalningssätt som kiosken tar emot: kort, Swish eller kontanter'],
      [
        { payment_methods: ['faktura'] },
        'Välj minst ett betalningssätt som kiosken tar emot: kort, Swish eller kontanter',
      ],
      [{ cross_contact_note: 'x'.repeat(301) }, 'Texten om spår av allergener får vara högst 300 tecken'],
    ] as const) {
      const reply = await t.put('/api/admin/settings', { ...before, ...change }, admin);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: message });
    }
    expect(await adminSettings()).toEqual(before);
  });

  it('are declared in the OpenAPI document, the methods with their enum', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    for (const id of ['PublicSettings', 'Settings']) {
      const schema = document.components.schemas[id];
      expect(schema.required).toEqual(expect.arrayContaining(['payment_methods', 'cross_contact_note']));
      expect(schema.properties.payment_methods.items.enum).toEqual(['card', 'swish', 'cash']);
      expect(schema.properties.cross_contact_note.type).toBe('string');
    }
  });
});

describe('POST /api/bookings without dine_in (rule: dine-in)', () => {
  it('is a take-away booking at take-away’s VAT, as the booking page’s default', async () => {
    const { dine_in: _, ...payload } = bookingPayload({ email: 'utan@example.se', time: '13:00' });
    const reply = await t.post('/api/bookings', payload);
    expect(reply.status).toBe(201);
    expect(reply.body.booking.dine_in).toBe(false);
    // 2026-11-24: take-away food 6 % (dine-in would be 12 %).
    expect(reply.body.vat.map((v: { rate: number }) => v.rate)).toEqual([6]);
    const listed = (await t.get(`/api/admin/bookings/${reply.body.booking_id}`, admin)).body;
    expect(listed.booking?.dine_in ?? listed.dine_in).toBe(false);
  });

  it('with dine_in true is eaten in, at 12 %', async () => {
    const reply = await t.post(
      '/api/bookings',
      bookingPayload({ email: 'bord@example.se', time: '13:15', dine_in: true }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.booking.dine_in).toBe(true);
    expect(reply.body.vat.map((v: { rate: number }) => v.rate)).toEqual([12]);
  });
});

describe('GET /api/admin/kitchen (rule: allergen-change)', () => {
  it('carries today’s declarations, so a pizza re-declared after the order is flagged on its line', async () => {
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', email: 'kok@example.se', items: [{ pizza_id: 1, qty: 2 }] }),
    );
    expect(placed.status).toBe(201);
    await t.put(`/api/admin/bookings/${placed.body.booking_id}/confirm`, {}, admin);
    const before = (await t.get('/api/admin/kitchen?date=2026-11-26', admin)).body;
    const nowOf = (day: any) => ({
      pizzas: new Map(day.declarations.pizzas.map((p: any) => [p.id, p.allergens])),
      extras: new Map(day.declarations.extras.map((e: any) => [e.id, e.allergens])),
    });
    const lineOf = (day: any) => day.bookings.find((b: any) => b.id === placed.body.booking_id).items[0];
    expect(lineOf(before).allergens).toEqual(['gluten', 'milk']);
    expect(allergensChanged(lineOf(before).allergens, lineAllergensNow(lineOf(before), nowOf(before) as any))).toBe(
      false,
    );

    const pizza = (await t.get('/api/admin/pizzas', admin)).body.find((p: any) => p.id === 1);
    const changed = await t.put('/api/admin/pizzas/1', { ...pizza, allergens: ['gluten', 'milk', 'nuts'] }, admin);
    expect(changed.status).toBe(200);
    const after = (await t.get('/api/admin/kitchen?date=2026-11-26', admin)).body;
    // The line keeps what the customer was shown; today's declaration is beside it.
    expect(lineOf(after).allergens).toEqual(['gluten', 'milk']);
    expect(after.declarations.pizzas.find((p: any) => p.id === 1).allergens).toEqual(['gluten', 'milk', 'nuts']);
    expect(lineAllergensNow(lineOf(after), nowOf(after) as any)).toEqual(['gluten', 'milk', 'nuts']);
    expect(allergensChanged(lineOf(after).allergens, lineAllergensNow(lineOf(after), nowOf(after) as any))).toBe(true);
  });
});

describe('naming the cereal or nut of a declaration (rule: allergen-kinds)', () => {
  it('is saved on a pizza and an extra, listed by the menu calls and declared in the OpenAPI document', async () => {
    const reply = await t.post(
      '/api/admin/pizzas',
      {
        name: 'Dinkelpizza',
        description: 'Speltbotten, pesto',
        price_cents: 13900,
        active: 1,
        allergens: ['gluten', 'milk', 'nuts'],
        allergen_kinds: { gluten: ['spelt'], nuts: ['pistachio'] },
      },
      admin,
    );
    expect(reply.status).toBe(201);
    const listed = (await t.get('/api/pizzas')).body.find((p: any) => p.name === 'Dinkelpizza');
    expect(listed.allergen_kinds).toEqual({ gluten: ['spelt'], nuts: ['pistachio'] });
    const extra = await t.post(
      '/api/admin/extras',
      { name: 'Valnötter', price_cents: 1500, allergens: ['nuts'], allergen_kinds: { nuts: ['walnut'] } },
      admin,
    );
    expect(extra.status).toBe(201);
    expect((await t.get('/api/extras')).body.find((e: any) => e.name === 'Valnötter').allergen_kinds).toEqual({
      nuts: ['walnut'],
    });
    const document = (await t.get('/api/openapi.json')).body;
    expect(document.components.schemas.AllergenKinds.properties.gluten.items.enum).toEqual([
      'wheat',
      'rye',
      'barley',
      'oats',
      'spelt',
      'kamut',
    ]);
  });

  it('refuses a cereal without gluten declared in Swedish, changing nothing', async () => {
    const before = (await t.get('/api/admin/pizzas', admin)).body;
    const reply = await t.post(
      '/api/admin/pizzas',
      { name: 'Fel', price_cents: 9900, allergens: ['milk'], allergen_kinds: { gluten: ['wheat'] } },
      admin,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Ett sädesslag kan bara anges när Spannmål som innehåller gluten är markerat',
    });
    expect((await t.get('/api/admin/pizzas', admin)).body).toEqual(before);
  });
});
