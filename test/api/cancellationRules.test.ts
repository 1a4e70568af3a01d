// Domain rules seen over HTTP: a cancelled booking gives its bonus-code use back, once (rule:
// cancellation-returns-bonus-use); a date-bound VIP link opens its date only (rule: horizon).
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

const usedCount = async (code: string) =>
  (await t.get('/api/admin/bonus-codes', admin)).body.find((c: { code: string }) => c.code === code)
    .used_count as number;

describe('a cancelled booking gives its bonus-code use back', () => {
  it('customer and staff cancellations each give the one use back, once', async () => {
    expect(
      (await t.post('/api/admin/bonus-codes', { code: 'ENGANG', discount_percentage: 10, usage_limit: 1 }, admin))
        .status,
    ).toBe(201);
    // Thursday 26 November: more than 24 h ahead, so the customer may cancel.
    const first = await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', bonus_code: 'engang' }));
    expect(first.status).toBe(201);
    expect(await usedCount('ENGANG')).toBe(1);
    expect(
      (await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', time: '13:00', bonus_code: 'ENGANG' }))).body
        .error,
    ).toBe('Bonuskoden har redan använts maximalt antal gånger');

    expect(
      (await t.post(`/api/bookings/${first.body.booking_id}/cancel-public`, { email: 'asa@example.se' })).status,
    ).toBe(200);
    expect(await usedCount('ENGANG')).toBe(0);
    expect((await t.post('/api/validate-bonus-code', { code: 'ENGANG' })).body.valid).toBe(true);

    const second = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', time: '13:00', bonus_code: 'ENGANG' }),
    );
    expect(second.status).toBe(201);
    expect(await usedCount('ENGANG')).toBe(1);
    expect(
      (await t.put(`/api/admin/bookings/${second.body.booking_id}/cancel`, { reason: 'Ugnen är trasig' }, admin))
        .status,
    ).toBe(200);
    expect(await usedCount('ENGANG')).toBe(0);
    // Cancelling again is refused and gives nothing more back.
    expect(
      (await t.put(`/api/admin/bookings/${second.body.booking_id}/cancel`, { reason: 'Igen' }, admin)).status,
    ).toBe(400);
    expect(await usedCount('ENGANG')).toBe(0);
  });
});

describe('a VIP link made for one date', () => {
  it('opens that date but does not lengthen the horizon for other dates', async () => {
    // 2026-12-10 is 17 days ahead: beyond the normal 14-day horizon, inside the 30-day VIP one.
    expect(
      (await t.post('/api/admin/vip-dates', { date: '2026-12-10', description: 'Luciapizza' }, admin)).status,
    ).toBe(201);
    const link = await t.post('/api/admin/vip-links/generate-for-date', { vip_date_id: '2026-12-10' }, admin);
    const token = link.body.token;
    expect((await t.post('/api/bookings', bookingPayload({ date: '2026-12-10', vip_token: token }))).status).toBe(201);
    const other = await t.post('/api/bookings', bookingPayload({ date: '2026-12-09', vip_token: token }));
    expect(other.body.error).toBe('Datumet ligger för långt fram för bokning');
    const days = await t.get(`/api/open-days?days=30&vip_token=${token}`);
    expect(days.body.vip_dates.map((d: { date: string }) => d.date)).toEqual(['2026-12-10']);
    expect(days.body.open_days.at(-1).date).toBe('2026-12-07');
    expect((await t.get(`/api/test-availability?date=2026-12-09&pizzas=1&vip_token=${token}`)).body).toMatchObject({
      available: false,
      message: 'Datumet ligger för långt fram för bokning',
    });
  });
});
