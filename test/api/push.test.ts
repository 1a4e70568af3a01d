// Web push over the API (rule: ready-notice): the VAPID public key, the same across restarts and
// for every process on one DATA_DIR (or the one given in the environment), and subscriptions
// tied to a booking only with its number and e-mail, stored once.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../api/config.js';
import { VAPID_FILE } from '../../api/push/vapid.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';

const subscription = (n: number) => ({
  endpoint: `https://push.example/sub/${n}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const pushEvents = async (t: {
  server: { events: { readStream(s: string): Promise<Array<{ type: string; data: any }>> } };
}) => (await t.server.events.readStream('push-subscriptions')).map((e) => ({ type: e.type, data: e.data }));

describe('GET /api/notifications/vapid-public-key', () => {
  it('answers one key, kept in DATA_DIR (0600): the same after a restart and for two processes starting together', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-vapid-'));
    try {
      const [a, b] = await Promise.all([startTestServer({ dataDir }), startTestServer({ dataDir })]);
      const key = (await a.get('/api/notifications/vapid-public-key')).body.key as string;
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
      expect((await b.get('/api/notifications/vapid-public-key')).body).toEqual({ key });
      expect(statSync(join(dataDir, VAPID_FILE)).mode & 0o777).toBe(0o600);
      await Promise.all([a.close(), b.close()]);
      const again = await startTestServer({ dataDir });
      expect((await again.get('/api/notifications/vapid-public-key')).body).toEqual({ key });
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers the key given in VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, and keeps none in DATA_DIR', async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = configFromEnv({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://pizzakiosken.se',
    });
    expect(config).toMatchObject({
      vapidPublicKey: keys.publicKey,
      vapidPrivateKey: keys.privateKey,
      vapidSubject: 'https://pizzakiosken.se',
    });
    const t = await startTestServer({ config: { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey } });
    try {
      expect((await t.get('/api/notifications/vapid-public-key')).body).toEqual({ key: keys.publicKey });
      expect(() => statSync(join(t.dataDir, VAPID_FILE))).toThrow();
    } finally {
      await t.close();
    }
  });

  it('refuses a start with one VAPID key, a key that is not one, keys of two pairs, or a subject that is no https: or mailto: address', () => {
    const keys = webpush.generateVAPIDKeys();
    const problems = (env: Record<string, string>) => {
      try {
        configFromEnv(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.map((p) => p.split('=')[0]);
      }
    };
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual(['VAPID_PRIVATE_KEY']);
    expect(problems({ VAPID_PUBLIC_KEY: 'nyckel', VAPID_PRIVATE_KEY: keys.privateKey })).toEqual(['VAPID_PUBLIC_KEY']);
    expect(
      problems({ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toEqual(['VAPID_PUBLIC_KEY']);
    expect(problems({ VAPID_SUBJECT: 'http://kiosk.se' })).toEqual(['VAPID_SUBJECT']);
    expect(problems({ VAPID_SUBJECT: 'mailto:kok@pizzakiosken.se' })).toEqual([]);
  });
});

describe('POST /api/notifications/subscribe with a booking', () => {
  const t = useTestServer({ now: () => MONDAY_MORNING });

  it('refuses a booking number with another e-mail, or one that does not exist, like a lookup, and stores nothing', async () => {
    const placed = await t.post('/api/bookings', bookingPayload({ email: 'prenumerant@example.se' }));
    const id = placed.body.booking_id as string;
    for (const body of [
      { ...subscription(1), booking_id: id, email: 'annan@example.se' },
      { ...subscription(1), booking_id: '20261124-99', email: 'prenumerant@example.se' },
      { ...subscription(1), booking_id: 'inget-nummer', email: 'prenumerant@example.se' },
    ]) {
      const reply = await t.post('/api/notifications/subscribe', body);
      expect(reply.status, JSON.stringify(body)).toBe(404);
      expect(reply.body).toEqual({ error: 'Kunde inte hitta bokningen' });
    }
    expect((await t.post('/api/notifications/subscribe', { ...subscription(1), booking_id: id })).status).toBe(400);
    expect(await pushEvents(t)).toEqual([]);
  });

  it('ties the subscription to the booking once, however often it is sent, and links a further booking once', async () => {
    const first = (await t.post('/api/bookings', bookingPayload({ email: 'tva@example.se', time: '13:00' }))).body
      .booking_id as string;
    const second = (await t.post('/api/bookings', bookingPayload({ email: 'tva@example.se', time: '13:30' }))).body
      .booking_id as string;
    const body = { ...subscription(2), booking_id: first, email: 'Tva@Example.se ' };
    const replies = await Promise.all([
      t.post('/api/notifications/subscribe', body),
      t.post('/api/notifications/subscribe', body),
    ]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    expect(replies[0].body.id).toBe(replies[1].body.id);
    await t.post('/api/notifications/subscribe', { ...subscription(2), booking_id: second, email: 'tva@example.se' });
    await t.post('/api/notifications/subscribe', { ...subscription(2), booking_id: second, email: 'tva@example.se' });
    await t.post('/api/notifications/subscribe', subscription(2));
    const events = (await pushEvents(t)).filter((e) => e.data.id === replies[0].body.id);
    expect(events.map((e) => [e.type, e.data.booking_id])).toEqual([
      ['PushSubscribed', first],
      ['PushSubscriptionLinked', second],
    ]);
    const doc = await t.server.docs.get<{ id: string; booking_ids: string[] }>(
      'push_subscriptions_v1',
      replies[0].body.id,
    );
    expect(doc?.booking_ids).toEqual([first, second]);
  });
});
