// An answer to a write shows that write, also when the read models lag behind it: a staff
// confirm answers the booking confirmed, a cancel answers it cancelled, even with the projection
// runner stopped (it waits its 5 s for the read models, then folds the day's events itself).
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
// Signed in while the read models still run: a session is a read model too.
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

describe('answers after a write, with the read models behind', () => {
  it("confirm and cancel answer the new status, not the read model's old one", async () => {
    const confirmedId = (await t.post('/api/bookings', bookingPayload({ time: '12:00' }))).body.booking_id;
    const cancelledId = (await t.post('/api/bookings', bookingPayload({ time: '13:00', email: 'bo@example.se' }))).body
      .booking_id;
    await t.server.projections.stop();

    const confirmed = await t.put(`/api/admin/bookings/${confirmedId}/confirm`, {}, admin);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({ id: confirmedId, status: 'confirmed', email: 'asa@example.se' });
    expect(confirmed.body.booking.confirmed_at).toBeTruthy();
    // The read model itself is still behind: the answer did not come from it.
    expect((await t.get(`/api/admin/bookings/${confirmedId}`, admin)).body.status).toBe('pending');

    const cancelled = await t.put(`/api/admin/bookings/${cancelledId}/cancel`, { reason: 'Ugnen är trasig' }, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({
      id: cancelledId,
      status: 'cancelled',
      cancel_reason: 'Ugnen är trasig',
    });
  }, 20_000);

  it('a bonus code created or changed answers as written', async () => {
    await t.server.projections.stop();
    const created = await t.post(
      '/api/admin/bonus-codes',
      { code: 'SENT', discount_percentage: 15, usage_limit: 3, is_active: true },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'SENT', discount_percentage: 15, usage_limit: 3, used_count: 0 });
    expect(typeof created.body.id).toBe('number');
    const changed = await t.put(
      `/api/admin/bonus-codes/${created.body.id}`,
      { code: 'SENT', discount_percentage: 25, usage_limit: 5, is_active: false },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, discount_percentage: 25, usage_limit: 5, is_active: 0 });
  }, 30_000);

  it('a day closed or given new hours answers its new hours and keeps its bookings', async () => {
    await t.server.projections.start();
    await t.post('/api/bookings', bookingPayload({ date: '2026-11-25', time: '12:00', email: 'dag@example.se' }));
    await t.server.projections.stop();
    const changed = await t.post(
      '/api/admin/calendar/day',
      { date: '2026-11-25', isOpen: true, openTime: '12:00', closeTime: '14:00' },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.day).toMatchObject({
      date: '2026-11-25',
      isOpen: true,
      openTime: '12:00',
      closeTime: '14:00',
      bookings: 1,
      hasOwnEntry: true,
    });
    const closed = await t.post('/api/admin/calendar/day', { date: '2026-11-26', isOpen: false }, admin);
    expect(closed.body.day).toMatchObject({ date: '2026-11-26', isOpen: false, hasOwnEntry: true });
  }, 30_000);
});
