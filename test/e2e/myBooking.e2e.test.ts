/// <reference lib="dom" />
// /my-booking against SPEC 9 and the kiosk's own cut-off: the hours left before the booking,
// rounded down as the API sends them, and a too-late notice that names the real cut-off (the
// larger of 24 hours and the cancellation deadline setting), in a real Chromium.
import { describe, expect, it } from 'vitest';
import { inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();
const fresh = () => suite.fresh(390);

async function setDeadline(minutes: number) {
  const { body: settings } = await suite.server.api('GET', '/api/admin/settings', undefined, suite.cookie);
  const saved = await suite.server.api(
    'PUT',
    '/api/admin/settings',
    { ...settings, cancellation_deadline_minutes: minutes },
    suite.cookie,
  );
  expect(saved.status).toBe(200);
}

async function book(email: string) {
  const placed = await suite.server.api('POST', '/api/bookings', {
    date: inDays(3),
    time: '12:00',
    name: 'Tora Tid',
    email,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(placed.status).toBe(201);
  const id = placed.body.booking_id as string;
  const lookup = await suite.server.api('POST', '/api/bookings/lookup', { email, booking_id: id });
  return { id, hours: lookup.body.hours_until_booking as number, canCancel: lookup.body.can_cancel as boolean };
}

const hoursText = (hours: number) => (hours === 1 ? '1 timme' : `${hours} timmar`);

describe('/my-booking', () => {
  it('shows the hours left and the cancel button while cancelling is allowed', async () => {
    await setDeadline(24 * 60);
    const booking = await book('tora@example.se');
    expect(booking.canCancel).toBe(true);
    const { page, errors } = await fresh();
    await page.goto(`/my-booking?id=${booking.id}&email=tora@example.se`);
    await page.getByRole('heading', { name: `Bokning ${booking.id}` }).waitFor();
    const result = page.locator('.booking-result');
    expect(await result.textContent()).toContain(`Tid kvar${hoursText(booking.hours)}`);
    await page.getByRole('button', { name: 'Avboka' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("names the kiosk's own cut-off when it is too late to cancel online", async () => {
    await setDeadline(100 * 60 + 30);
    const booking = await book('sen@example.se');
    expect(booking.canCancel).toBe(false);
    const { page, errors } = await fresh();
    await page.goto(`/my-booking?id=${booking.id}&email=sen@example.se`);
    await page.getByRole('heading', { name: `Bokning ${booking.id}` }).waitFor();
    const notice = page.getByRole('note');
    expect(await notice.textContent()).toBe(
      'Det är för sent att avboka online (mindre än 100 timmar och 30 minuter kvar). Ring kiosken om du behöver ändra något.',
    );
    expect(await page.locator('.booking-result').textContent()).toContain(`Tid kvar${hoursText(booking.hours)}`);
    expect(await page.getByRole('button', { name: 'Avboka' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
