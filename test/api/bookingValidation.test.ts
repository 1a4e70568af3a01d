// Bad booking input answers 400 with the SPEC's Swedish message and changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;

const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

const refused = async (overrides: Record<string, unknown>) => {
  const reply = await t.post('/api/bookings', bookingPayload(overrides));
  expect(reply.status).toBe(400);
  return reply.body.error as string;
};

describe('POST /api/bookings with bad input', () => {
  it('names the missing or malformed field (SPEC 5)', async () => {
    expect(await refused({ date: '' })).toBe('Välj ett datum');
    expect(await refused({ date: undefined })).toBe('Välj ett datum');
    expect(await refused({ date: '2026-02-30' })).toBe('Ogiltigt datum');
    expect(await refused({ time: '' })).toBe('Välj en tid');
    expect(await refused({ name: 'Å' })).toBe('Namn måste vara minst 2 tecken');
    expect(await refused({ email: 'asa@' })).toBe('Ogiltig e-postadress');
  });

  it('checks the pizzas against the requested count (SPEC 5)', async () => {
    expect(await refused({ items: [], requested_pizzas: 2 })).toBe('Välj minst en pizza');
    expect(await refused({ items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 3 })).toBe(
      'Välj 2 fler pizzor för att matcha din beställning',
    );
    expect(await refused({ items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 2 })).toBe(
      'Välj 1 fler pizza för att matcha din beställning',
    );
    expect(await refused({ items: [{ pizza_id: 1, qty: 3 }], requested_pizzas: 2 })).toBe(
      'Du har ändå valt fler pizzor än vad du önskade i steg 2',
    );
    expect(await refused({ items: [{ pizza_id: 1, qty: 7 }], requested_pizzas: 7 })).toBe('Max 6 pizzor per tidslucka');
  });

  it('says how many to remove when the slot cannot take the whole order (SPEC 5)', async () => {
    await t.post(
      '/api/bookings',
      bookingPayload({ time: '15:00', items: [{ pizza_id: 1, qty: 4 }], requested_pizzas: 4 }),
    );
    expect(await refused({ time: '15:00', items: [{ pizza_id: 2, qty: 3 }], requested_pizzas: 3 })).toBe(
      'Du har valt 3 pizzor men kan bara boka 2 för denna tid. Ta bort 1 för att fortsätta.',
    );
  });

  it('refuses dates and times the kiosk cannot serve', async () => {
    expect(await refused({ date: '2026-11-22' })).toBe('Datumet har redan passerat');
    expect(await refused({ date: '2026-11-23', time: '09:00' })).toBe('Tiden finns inte denna dag');
    expect(await refused({ date: '2026-12-08' })).toBe('Datumet ligger för långt fram för bokning');
    expect(await refused({ time: '12:05' })).toBe('Tiden finns inte denna dag');
    expect(await refused({ items: [{ pizza_id: 999, qty: 2 }] })).toBe('En vald pizza finns inte längre på menyn');
  });

  it('answers malformed JSON with a Swedish error', async () => {
    const response = await fetch(`${t.base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"date":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Ogiltig förfrågan' });
  });

  it('stored none of the refused bookings', async () => {
    const all = (await t.get('/api/admin/bookings', admin)).body;
    expect(all).toHaveLength(1);
  });
});

describe('lookup and public cancel with bad input', () => {
  it('requires both e-mail and booking number', async () => {
    expect((await t.post('/api/bookings/lookup', { email: '', booking_id: '1' })).body.error).toBe(
      'Ange e-postadress och bokningsnummer',
    );
    expect((await t.post('/api/bookings/lookup', { email: 'a@b.se' })).body.error).toBe(
      'Ange e-postadress och bokningsnummer',
    );
  });

  it('answers an unknown booking number like a wrong e-mail', async () => {
    expect((await t.post('/api/bookings/lookup', { email: 'a@b.se', booking_id: 'nonsens' })).status).toBe(404);
    const cancel = await t.post('/api/bookings/nonsens/cancel-public', { email: 'a@b.se' });
    expect(cancel.status).toBe(404);
    expect(cancel.body.error).toBe('Kunde inte hitta bokningen');
  });

  it('answers unknown API paths with a Swedish 404', async () => {
    const reply = await t.get('/api/finns-inte');
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('Hittades inte');
  });
});
