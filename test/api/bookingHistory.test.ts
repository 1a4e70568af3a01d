// GET /api/admin/bookings/{id}/history: the booking's events in order, with actor and changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;

const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

describe('a booking history', () => {
  it('lists placement, confirmation and cancellation with who and what changed', async () => {
    const placed = await t.post('/api/bookings', bookingPayload({ email: 'historia@example.se' }));
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id;
    // Another booking of the same day must not show up.
    await t.post('/api/bookings', bookingPayload({ email: 'annan@example.se', time: '13:00' }));
    await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin);
    await t.put(`/api/admin/bookings/${id}/cancel`, { reason: '  Ugnen trasig ' }, admin);

    const reply = await t.get(`/api/admin/bookings/${id}/history`, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.map((e: { type: string }) => e.type)).toEqual([
      'BookingPlaced',
      'BookingConfirmed',
      'BookingCancelled',
    ]);
    const [first, second, third] = reply.body;
    expect(first).toMatchObject({
      time: MONDAY_MORNING.toISOString(),
      actor: 'customer',
      data: { status: 'pending', booking_time: '12:00', total_pizzas: 2 },
    });
    expect(second).toMatchObject({ actor: ADMIN.email, data: { status: 'confirmed', previous_status: 'pending' } });
    expect(third).toEqual({
      type: 'BookingCancelled',
      time: MONDAY_MORNING.toISOString(),
      actor: ADMIN.email,
      data: { status: 'cancelled', previous_status: 'confirmed', by: 'staff', reason: 'Ugnen trasig' },
    });
  });

  it('needs a session', async () => {
    const reply = await t.get('/api/admin/bookings/20261124-1/history');
    expect(reply.status).toBe(401);
    expect(reply.body.error).toEqual(expect.any(String));
  });

  it('answers 404 with a Swedish error for an unknown booking', async () => {
    for (const id of ['20261124-999', '20301231-1', 'inte-ett-nummer']) {
      const reply = await t.get(`/api/admin/bookings/${id}/history`, admin);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toEqual({ error: 'Kunde inte hitta bokningen' });
    }
  });
});
