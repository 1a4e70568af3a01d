// An answer to a write shows that write, also when the read models lag behind it: a staff
// confirm answers the booking confirmed, a cancel answers it cancelled, even with the projection
// runner stopped (it waits its 5 s for the read models, then folds the day's events itself).
import { describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

describe('answers after a write, with the read models behind', () => {
  it('confirm and cancel answer the new status, not the read model\'s old one', async () => {
    const admin = await t.login();
    const confirmedId = (await t.post('/api/bookings', bookingPayload({ time: '12:00' }))).body.booking_id;
    const cancelledId = (await t.post('/api/bookings', bookingPayload({ time: '13:00', email: 'bo@example.se' }))).body.booking_id;
    await t.server.projections.stop();

    const confirmed = await t.put(`/api/admin/bookings/${confirmedId}/confirm`, {}, admin);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking).toMatchObject({ id: confirmedId, status: 'confirmed', email: 'asa@example.se' });
    expect(confirmed.body.booking.confirmed_at).toBeTruthy();
    // The read model itself is still behind: the answer did not come from it.
    expect((await t.get(`/api/admin/bookings/${confirmedId}`, admin)).body.status).toBe('pending');

    const cancelled = await t.put(`/api/admin/bookings/${cancelledId}/cancel`, { reason: 'Ugnen är trasig' }, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ id: cancelledId, status: 'cancelled', cancel_reason: 'Ugnen är trasig' });
  }, 20_000);
});
