// Web push and SMS through the shared leased work-item sender (api/outbox/leasedSender.ts), as
// mail goes (test/mail/senderTrust.test.ts): a read of the log that fails for a moment while a
// notice is built (a KurrentDB leader change) is our stores' trouble, no verdict on the notice:
// it is let go at once and sent within seconds, never parked. (The earlier copies of the loop came
// to the same end another way: the error ended the round, and the same process took its own lease
// again; the item-lease fences these channels gained are tested in leaseFenceNotices.test.ts.) The
// real SQLite stores, the test's own push service and 46elks endpoint; the failure is a wrapper
// around the real event store that throws once (the product is unchanged).
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { Agent, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../domain/eventStore.js';
import { PushNoticeSender } from '../../api/push/noticeSender.js';
import { PUSH_LOG, pushReactor, type PushItem } from '../../api/push/reactor.js';
import { createPushSender } from '../../api/push/sender.js';
import { vapidKeys } from '../../api/push/vapid.js';
import { SmsItemSender } from '../../api/sms/sender.js';
import { SMS_LOG, smsReactor, type SmsItem } from '../../api/sms/reactor.js';
import { elksSender } from '../../api/sms/elks.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { PUSH_CERT, startPushService, type TestPushService } from '../push/pushService.js';
import { startElksEndpoint, type ElksEndpoint } from '../mail/elksEndpoint.js';

https.globalAgent.options.ca = [...rootCertificates, PUSH_CERT];
setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, PUSH_CERT] } }));

const SMS = { username: 'u0123456789abcdef', password: 'Hemligt-elks-lösen', from: 'Pizzakiosk' };
const DATE = '2026-11-24';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestServer;
let push: TestPushService;
let elks: ElksEndpoint;

/** The real event store, whose first read of a stream fails (a leader change), once. */
function readFailingOnce(events: EventStore): EventStore & { failed: number } {
  let failed = 0;
  return new Proxy(events, {
    get(target, prop) {
      if (prop === 'failed') return failed;
      if (prop === 'readStream')
        return async (...args: Parameters<EventStore['readStream']>) => {
          if (failed === 0) {
            failed += 1;
            throw new Error('not leader: a KurrentDB election is under way');
          }
          return target.readStream(...args);
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as EventStore & { failed: number };
}

beforeAll(async () => {
  elks = await startElksEndpoint({ username: SMS.username, password: SMS.password });
  t = await startTestServer({
    now: () => MONDAY_MORNING,
    config: { runReactors: false, sms: { ...SMS, baseUrl: elks.url } },
  });
  push = await startPushService(async () => (await t.get('/api/notifications/vapid-public-key')).body.key);
  const admin = await t.login();
  // One customer whose browser subscribed, one who asked for an SMS; both told of a delay.
  const ids: string[] = [];
  for (const customer of [
    { email: 'push@example.se', phone: '070-111 11 11', sms_when_ready: false },
    { email: 'sms@example.se', phone: '070-222 22 22', sms_when_ready: true },
  ]) {
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ ...customer, date: DATE, time: '12:00', items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    ids.push((placed.body as { booking_id: string }).booking_id);
  }
  expect(
    (
      await t.post('/api/notifications/subscribe', {
        ...push.subscribe('phone'),
        booking_id: ids[0],
        email: 'push@example.se',
      })
    ).status,
  ).toBe(201);
  for (const id of ids) expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  // The reactors, run by hand (a first start begins at the log's head), write the notices as work items.
  const { docs, events } = t.server;
  const reactors = [pushReactor({ events, docs }), smsReactor({ events, docs })];
  for (const reactor of reactors) await reactor.start();
  expect((await t.post('/api/admin/slot-delays', { date: DATE, time: '12:00', minutes: 15 }, admin)).status).toBe(200);
  for (let i = 0; i < 200 && ((await docs.count(PUSH_LOG)) < 1 || (await docs.count(SMS_LOG)) < 1); i++)
    await sleep(50);
  for (const reactor of reactors) await reactor.stop();
  expect(await docs.count(PUSH_LOG)).toBe(1);
  expect(await docs.count(SMS_LOG)).toBe(1);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
  await elks?.close();
});

describe('push and SMS through the shared leased sender', () => {
  it('sends a web push within seconds after the log failed once while it was built, never parked', async () => {
    const events = readFailingOnce(t.server.events);
    const sender = new PushNoticeSender({
      events,
      docs: t.server.docs,
      sender: createPushSender({
        vapid: vapidKeys({ dataDir: t.dataDir, publicKey: null, privateKey: null, subject: 'mailto:kiosk@example.se' }),
      }),
      dropSubscription: async () => {},
      owner: 'push-test',
      pollIntervalMs: 20,
      log: () => {},
    });
    await sender.start();
    try {
      await push.waitFor(1, 5000);
      expect(events.failed).toBe(1);
      expect(push.received).toHaveLength(1);
      for (let i = 0; i < 40 && (await t.server.docs.find<PushItem>(PUSH_LOG))[0]?.state !== 'sent'; i++)
        await sleep(50);
      expect((await t.server.docs.find<PushItem>(PUSH_LOG))[0]).toMatchObject({ state: 'sent', attempts: 1 });
    } finally {
      await sender.stop();
    }
  });

  it('sends an SMS within seconds after the log failed once while it was built, never parked', async () => {
    const events = readFailingOnce(t.server.events);
    const sender = new SmsItemSender({
      events,
      docs: t.server.docs,
      sender: elksSender({ ...SMS, baseUrl: elks.url }),
      owner: 'sms-test',
      kioskName: 'Pizzakiosken',
      pollIntervalMs: 20,
      log: () => {},
    });
    await sender.start();
    try {
      await elks.until((all) => all.length >= 1, 5000);
      expect(events.failed).toBe(1);
      expect(elks.received.map((r) => r.fields.to)).toEqual(['+46702222222']);
      for (let i = 0; i < 40 && (await t.server.docs.find<SmsItem>(SMS_LOG))[0]?.state !== 'sent'; i++) await sleep(50);
      expect((await t.server.docs.find<SmsItem>(SMS_LOG))[0]).toMatchObject({ state: 'sent', attempts: 1 });
    } finally {
      await sender.stop();
    }
  });
});
