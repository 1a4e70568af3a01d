// A customer whose only other trace is a browser's push subscription (rule: personal-data-
// retention): the subscription hangs on their booking, so when the booking's time runs out the
// sweep erases the customer and the subscription goes with them: out of the read model, its
// endpoint and keys "[raderad]" in the log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from './harness.js';

describe('retention and push subscriptions', () => {
  it('erases an expired customer’s push subscription with them, and keeps a recent customer’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-retention-push-'));
    let clock = MONDAY_MORNING;
    const t = await startTestServer({ dataDir: dir, now: () => clock, config: { retentionIntervalMs: 0 } });
    try {
      const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };
      const old = await t.post('/api/bookings', bookingPayload({ email: 'pia.push@example.se', date: '2026-11-24' }));
      const recent = await t.post('/api/bookings', bookingPayload({ email: 'ny.push@example.se', date: '2026-12-05' }));
      for (const r of [old, recent]) expect(r.status).toBe(201);
      const subscribe = (endpoint: string, booking_id: string, email: string) =>
        t.post('/api/notifications/subscribe', { endpoint, keys, booking_id, email });
      const gone = await subscribe('https://push.example/pia', old.body.booking_id, 'pia.push@example.se');
      const kept = await subscribe('https://push.example/ny', recent.body.booking_id, 'ny.push@example.se');
      for (const r of [gone, kept]) expect(r.status).toBe(201);

      // 4 January 2027, retention one month: the cutoff is 4 December.
      clock = new Date('2027-01-04T08:00:00Z');
      const admin = await t.login();
      const settings = (await t.get('/api/admin/settings', admin)).body;
      expect(
        (await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: 1 }, admin)).status,
      ).toBe(200);
      expect(await t.server.retention.sweep()).toBe(1);

      expect(await t.server.docs.get(COLLECTIONS.pushSubscriptions, gone.body.id)).toBeNull();
      expect(await t.server.docs.get(COLLECTIONS.pushSubscriptions, kept.body.id)).toMatchObject({
        endpoint: 'https://push.example/ny',
      });
      const endpoints = (await t.server.events.readStream('push-subscriptions')).map(
        (e) => (e.data as { endpoint?: string }).endpoint,
      );
      expect(endpoints).toEqual(['[raderad]', 'https://push.example/ny']);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
