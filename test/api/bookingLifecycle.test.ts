import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
let now = MONDAY_MORNING;

const t = useTestServer({ now: () => now });
beforeAll(async () => {
  admin = await t.login();
});

const slot = async (date: string, time: string, pizzas = 1) => {
  const reply = await t.get(`/api/test-availability?date=${date}&pizzas=${pizzas}`);
  return reply.body.slots.find((s: { time: string }) => s.time === time);
};

describe('a first start', () => {
  it('serves the demo menu with prices in cents', async () => {
    const reply = await t.get('/api/pizzas');
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(6);
    expect(reply.body[0]).toMatchObject({ id: 1, name: 'Margherita', price_cents: 9900, active: 1 });
  });

  it('serves the default settings without the admin e-mail', async () => {
    const reply = await t.get('/api/settings');
    expect(reply.body).toMatchObject({ capacity_per_window: 6, vip_booking_advance_days: 30 });
    expect(reply.body.opening_hours.mon).toEqual({ start: '11:00', end: '22:00' });
    expect(reply.body.admin_email).toBeUndefined();
  });

  it('lists open days from today within the booking horizon', async () => {
    const reply = await t.get('/api/open-days?days=30');
    expect(reply.status).toBe(200);
    const dates = reply.body.open_days.map((d: { date: string }) => d.date);
    expect(dates[0]).toBe('2026-11-23');
    expect(dates.at(-1)).toBe('2026-12-07');
    expect(reply.body).toMatchObject({ is_vip: false, vip_dates: [], vip_customer: null });
  });
});

describe('the booking life cycle', () => {
  let bookingId: string;

  it('offers every slot of an empty day with full capacity', async () => {
    const reply = await t.get('/api/test-availability?date=2026-11-24&pizzas=2');
    expect(reply.body).toMatchObject({ available: true, fits_request: true, message: null });
    expect(reply.body.slots[0]).toEqual({
      time: '11:00',
      available: true,
      can_accommodate: true,
      capacity_remaining: 6,
    });
    expect(reply.body.slots.at(-1).time).toBe('21:45');
  });

  it('accepts a booking as pending and shows its capacity at once', async () => {
    const reply = await t.post(
      '/api/bookings',
      bookingPayload({
        items: [
          { pizza_id: 1, qty: 1 },
          { pizza_id: 2, qty: 1 },
        ],
      }),
    );
    expect(reply.status).toBe(201);
    bookingId = reply.body.booking_id;
    expect(bookingId).toBe('20261124-1');
    expect(reply.body.booking).toMatchObject({
      status: 'pending',
      original_total_cents: 9900 + 10900,
      final_total_cents: 20800,
      total_pizzas: 2,
    });
    expect(await slot('2026-11-24', '12:00')).toMatchObject({ capacity_remaining: 4 });
    expect(await slot('2026-11-24', '12:15')).toMatchObject({ capacity_remaining: 6 });
  });

  it('lets the customer look the booking up with e-mail and number', async () => {
    const reply = await t.post('/api/bookings/lookup', { email: 'ASA@example.se', booking_id: bookingId });
    expect(reply.status).toBe(200);
    expect(reply.body.can_cancel).toBe(true);
    // 2026-11-24 12:00 Stockholm is 27 hours after Monday 09:00.
    expect(reply.body.hours_until_booking).toBe(27);
    expect(reply.body.booking).toMatchObject({
      id: bookingId,
      status: 'pending',
      name: 'Åsa Öberg',
      pizza_summary: '1× Margherita, 1× Vesuvio',
    });
    expect(reply.body.items).toHaveLength(2);
  });

  it('hides the booking from a wrong e-mail', async () => {
    const reply = await t.post('/api/bookings/lookup', { email: 'someone@else.se', booking_id: bookingId });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('Kunde inte hitta bokningen');
  });

  it('shows the booking to staff among the pending ones', async () => {
    const reply = await t.get('/api/admin/bookings?status=pending', admin);
    expect(reply.body.map((b: { id: string }) => b.id)).toContain(bookingId);
    const tomorrow = await t.get('/api/admin/bookings?date=tomorrow', admin);
    expect(tomorrow.body.map((b: { id: string }) => b.id)).toEqual([bookingId]);
    // A cleared filter arrives blank and filters nothing; a wrong one is refused.
    const blank = await t.get('/api/admin/bookings?date=&status=', admin);
    expect(blank.status).toBe(200);
    expect(blank.body.map((b: { id: string }) => b.id)).toContain(bookingId);
    expect((await t.get('/api/admin/bookings?status=maybe', admin)).status).toBe(400);
  });

  it('lets staff confirm it once', async () => {
    const reply = await t.put(`/api/admin/bookings/${bookingId}/confirm`, {}, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.booking.status).toBe('confirmed');
    const again = await t.put(`/api/admin/bookings/${bookingId}/confirm`, {}, admin);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Endast väntande bokningar kan bekräftas');
  });

  it('refuses a staff cancellation without a reason and changes nothing', async () => {
    const reply = await t.put(`/api/admin/bookings/${bookingId}/cancel`, { reason: '  ' }, admin);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Ange en anledning till avbokningen');
    expect((await t.get(`/api/admin/bookings/${bookingId}`, admin)).body.status).toBe('confirmed');
  });

  it('cancels with a reason and frees the capacity', async () => {
    const reply = await t.put(`/api/admin/bookings/${bookingId}/cancel`, { reason: 'Ugnen är trasig' }, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.booking).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Ugnen är trasig',
      cancelled_by: 'staff',
    });
    expect(await slot('2026-11-24', '12:00')).toMatchObject({ capacity_remaining: 6 });
  });
});

describe('customer cancellation', () => {
  it('is allowed while at least 24 hours remain', async () => {
    const placed = await t.post('/api/bookings', bookingPayload({ date: '2026-11-25', time: '18:00' }));
    const id = placed.body.booking_id;
    const reply = await t.post(`/api/bookings/${id}/cancel-public`, { email: 'asa@example.se' });
    expect(reply.status).toBe(200);
    const lookup = await t.post('/api/bookings/lookup', { email: 'asa@example.se', booking_id: id });
    expect(lookup.body).toMatchObject({ can_cancel: false, booking: { status: 'cancelled' } });
  });

  it('is refused with less than 24 hours left', async () => {
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-24', time: '08:45', requested_pizzas: 1, items: [{ pizza_id: 3, qty: 1 }] }),
    );
    // 08:45 is before opening: refused as a slot that does not exist.
    expect(placed.status).toBe(400);
    const soon = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-24', time: '11:00', requested_pizzas: 1, items: [{ pizza_id: 3, qty: 1 }] }),
    );
    expect(soon.status).toBe(201);
    const lookup = await t.post('/api/bookings/lookup', { email: 'asa@example.se', booking_id: soon.body.booking_id });
    expect(lookup.body).toMatchObject({ can_cancel: true, hours_until_booking: 26 });
    // Three hours later 23 hours remain.
    now = new Date(MONDAY_MORNING.getTime() + 3 * 3_600_000);
    const later = await t.post('/api/bookings/lookup', { email: 'asa@example.se', booking_id: soon.body.booking_id });
    expect(later.body).toMatchObject({ can_cancel: false, hours_until_booking: 23 });
    const reply = await t.post(`/api/bookings/${soon.body.booking_id}/cancel-public`, { email: 'asa@example.se' });
    now = MONDAY_MORNING;
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Det är för sent att avboka online. Kontakta kiosken.');
  });
});

describe('bonus codes on a booking', () => {
  it('gives original, discount and final totals in cents and counts the use', async () => {
    const created = await t.post(
      '/api/admin/bonus-codes',
      {
        code: 'sommar10',
        description: 'Sommar',
        discount_percentage: 10,
        usage_limit: 5,
        expires_at: '',
        is_active: true,
      },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'SOMMAR10',
      used_count: 0,
      usage_limit: 5,
      expires_at: null,
      is_active: 1,
    });
    const check = await t.post('/api/validate-bonus-code', { code: 'Sommar10' });
    expect(check.body).toMatchObject({ valid: true, discount_percentage: 10 });

    const reply = await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', bonus_code: 'sommar10' }));
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({
      original_total_cents: 19800,
      discount_cents: 1980,
      final_total_cents: 17820,
      bonus_code: 'SOMMAR10',
    });
    const codes = await t.get('/api/admin/bonus-codes', admin);
    expect(codes.body.find((c: { code: string }) => c.code === 'SOMMAR10').used_count).toBe(1);

    // For the auditor: the use and the booking, in two streams, carry one correlation id.
    const use = (await t.server.events.readStream('bonus-codes')).find((e) => e.type === 'BonusCodeRedeemed')!;
    const placed = (await t.server.events.readStream('kioskday-2026-11-26')).find(
      (e) => e.type === 'BookingPlaced' && (e.data as { booking_id: string }).booking_id === reply.body.booking_id,
    )!;
    expect(use.metadata).toMatchObject({ actor: 'customer', timestamp: MONDAY_MORNING.toISOString() });
    expect(placed.metadata.correlationId).toBe(use.metadata.correlationId);
    expect(placed.metadata.causationId).toEqual(expect.any(String));
    expect(placed.metadata.causationId).not.toBe(use.metadata.causationId);
  });

  it('does not count a use when the booking is refused', async () => {
    const reply = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', time: '03:00', bonus_code: 'SOMMAR10' }),
    );
    expect(reply.status).toBe(400);
    const codes = await t.get('/api/admin/bonus-codes', admin);
    expect(codes.body.find((c: { code: string }) => c.code === 'SOMMAR10').used_count).toBe(1);
  });

  it('refuses an unknown code', async () => {
    const reply = await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', bonus_code: 'FINNSINTE' }));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Ogiltig bonuskod');
  });
});
