// Abuse limits per client address (docs/configuration.md): bookings and push subscriptions
// share one limit, lookups, public cancels and bonus-code checks another; refusals are 429 with
// a Swedish error and Retry-After. The harness turns the limits off; this suite turns them on.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';

const t = useTestServer({
  now: () => MONDAY_MORNING,
  config: { bookingsPerMinute: 3, lookupsPerMinute: 4, loginAttemptsPerMinute: 2 },
});

const TOO_MANY = 'För många förfrågningar. Försök igen om en stund.';
const subscription = (i: number) => ({
  endpoint: `https://push.example/${i}`,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
});

describe('abuse limits', () => {
  it('refuses bookings and push subscriptions beyond BOOKINGS_PER_MINUTE together', async () => {
    const first = await t.post('/api/bookings', bookingPayload({ time: '12:00' }));
    const second = await t.post('/api/bookings', bookingPayload({ time: '13:00' }));
    const push = await t.post('/api/notifications/subscribe', subscription(1));
    expect([first.status, second.status, push.status]).toEqual([201, 201, 201]);
    const refused = await t.post('/api/bookings', bookingPayload({ time: '14:00' }));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.post('/api/notifications/subscribe', subscription(2))).status).toBe(429);
    // Nothing was stored for the refused booking.
    const admin = await t.login();
    expect((await t.get('/api/admin/bookings', admin)).body).toHaveLength(2);
  });

  it('counts lookups, public cancels and bonus-code checks together', async () => {
    const lookup = { email: 'asa@example.se', booking_id: '20261124-1' };
    const statuses = [
      (await t.post('/api/bookings/lookup', lookup)).status,
      (await t.post('/api/validate-bonus-code', { code: 'GISSNING' })).status,
      (await t.post('/api/bookings/20261124-9/cancel-public', { email: 'x@example.se' })).status,
      (await t.post('/api/bookings/lookup', lookup)).status,
    ];
    expect(statuses).toEqual([200, 400, 404, 200]);
    const refused = await t.post('/api/validate-bonus-code', { code: 'GISSNING' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await t.post('/api/bookings/lookup', lookup)).status).toBe(429);
    // The calendar file is guarded by the e-mail like lookup, and counted with it.
    expect((await t.get('/api/bookings/20261124-1/calendar.ics?email=asa@example.se')).status).toBe(429);
  });

  it('keeps the login limit with its own message', async () => {
    // The suite's one successful login above used one attempt of two.
    await t.post('/api/admin/login', { email: 'nobody@example.se', password: 'x' });
    const refused = await t.post('/api/admin/login', { email: 'nobody@example.se', password: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'För många inloggningsförsök. Försök igen om en stund.' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('abuse limits across API processes', () => {
  it('two processes on one DATA_DIR give a client the limit once, not twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-limits-'));
    const config = { bookingsPerMinute: 10 };
    const a = await startTestServer({ dataDir: dir, now: () => MONDAY_MORNING, config });
    const b = await startTestServer({ dataDir: dir, now: () => MONDAY_MORNING, config });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const api = i % 2 ? b : a;
        statuses.push(
          (
            await api.post(
              '/api/bookings',
              bookingPayload({
                time: `${11 + Math.floor(i / 4)}:${['00', '15', '30', '45'][i % 4]}`,
                email: `k${i}@example.se`,
              }),
            )
          ).status,
        );
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    } finally {
      await b.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('push subscriptions', () => {
  const u = useTestServer({ now: () => MONDAY_MORNING });

  it.each([
    ['an http endpoint', { endpoint: 'http://push.example/1', keys: { p256dh: 'p', auth: 'a' } }],
    [
      'an endpoint over 1,000 characters',
      { endpoint: `https://push.example/${'x'.repeat(1000)}`, keys: { p256dh: 'p', auth: 'a' } },
    ],
    [
      'a p256dh key over 200 characters',
      { endpoint: 'https://push.example/1', keys: { p256dh: 'p'.repeat(201), auth: 'a' } },
    ],
    [
      'an auth key over 100 characters',
      { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a'.repeat(101) } },
    ],
    ['no endpoint', { keys: { p256dh: 'p', auth: 'a' } }],
  ])('refuses %s with a Swedish 400', async (_name, body) => {
    const reply = await u.post('/api/notifications/subscribe', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Ogiltig push-prenumeration' });
  });

  it('accepts a real-sized subscription', async () => {
    expect((await u.post('/api/notifications/subscribe', subscription(7))).status).toBe(201);
  });
});
