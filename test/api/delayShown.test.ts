// A delayed slot's new time in every booking answer (rule: slot-delay): the staff list, a booking's
// details, the kitchen board and the customer's lookup give `delayed_to` beside the booked time,
// and an undo takes it away again.
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
const DATE = '2026-11-25';
let admin: string;
let id: string;
let other: string;
beforeAll(async () => {
  admin = await t.login();
  id = (await t.post('/api/bookings', bookingPayload({ date: DATE, time: '18:00' }))).body.booking_id;
  other = (await t.post('/api/bookings', bookingPayload({ date: DATE, time: '18:15', email: 'annan@example.se' }))).body
    .booking_id;
  for (const b of [id, other]) expect((await t.put(`/api/admin/bookings/${b}/confirm`, {}, admin)).status).toBe(200);
});

/** [booked time, delayed_to] of the booking in each answer that shows it. */
async function shown(bookingId: string) {
  const list = (await t.get(`/api/admin/bookings?date=${DATE}`, admin)).body as Array<Record<string, unknown>>;
  const board = (await t.get(`/api/admin/kitchen?date=${DATE}`, admin)).body.bookings as typeof list;
  const details = (await t.get(`/api/admin/bookings/${bookingId}`, admin)).body;
  const email = details.email as string;
  const lookup = (await t.post('/api/bookings/lookup', { email, booking_id: bookingId })).body.booking;
  return [list.find((b) => b.id === bookingId), board.find((b) => b.id === bookingId), details, lookup].map((b) => [
    b!.booking_time,
    b!.delayed_to,
  ]);
}

describe('a delayed slot in the booking answers', () => {
  it('gives the new time beside the booked one, only for the delayed slot, and not after an undo', async () => {
    expect(await shown(id)).toEqual(Array(4).fill(['18:00', null]));
    const delayed = await t.post('/api/admin/slot-delays', { date: DATE, time: '18:00', minutes: 20 }, admin);
    expect(delayed.body).toEqual({ success: true, orders: 1 });
    expect(await shown(id)).toEqual(Array(4).fill(['18:00', '18:20']));
    expect(await shown(other)).toEqual(Array(4).fill(['18:15', null]));

    expect((await t.post('/api/admin/slot-delays/undo', { date: DATE, time: '18:00' }, admin)).status).toBe(200);
    expect(await shown(id)).toEqual(Array(4).fill(['18:00', null]));
  });
});
