// The ready notice (rule: ready-notice): when the kitchen marks an order Klar, the customer gets a
// web push, signed with the server's VAPID key and encrypted for the subscription, at a push
// service of the test's own (pushService.ts), and then no 'klar' mail (rule: notice-channel: push
// if subscribed, else SMS, else mail); without a subscription the mail goes through a real SMTP
// server. Once, also when Klar is undone and set again. A subscription whose push service answers 410 is
// dropped; a failing one is tried again a bounded number of times; a notice no browser took is
// mailed instead, once; a relay refusing one recipient holds back no other mail.
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer, type ReceivedMail } from '../mail/smtp.js';
import { PUSH_CERT, startPushService, type TestPushService } from './pushService.js';
import type { KitchenStep } from '../../domain/kioskDay/kitchen.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { PUSH_LOG } from '../../api/push/reactor.js';

// The server under test runs in this process: it trusts the test push service's certificate as
// a machine trusts its own CA (the child-process tests set NODE_EXTRA_CA_CERTS instead).
https.globalAgent.options.ca = [...rootCertificates, PUSH_CERT];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readyMails = (mails: ReceivedMail[], to: string) =>
  mails.filter((m) => m.to.includes(to) && /^Subject:.*klar/im.test(m.text));

async function until(check: () => boolean, timeoutMs = 10_000) {
  for (let waited = 0; !check() && waited < timeoutMs; waited += 25) await sleep(25);
}

describe('the ready notice', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestServer;
  let push: TestPushService;
  let admin: string;
  let slot = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: 'nej@example.se' });
    t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
    push = await startPushService(async () => (await t.get('/api/notifications/vapid-public-key')).body.key);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await smtp?.close();
  });

  /** A confirmed booking (each in a slot of its own), with the given subscriptions tied to it. */
  async function confirmedBooking(email: string, dine_in: boolean, ...subscriptions: string[]) {
    const i = slot++;
    const time = `${String(12 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ email, dine_in, time, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    for (const name of subscriptions) {
      const reply = await t.post('/api/notifications/subscribe', {
        ...push.subscribe(name),
        booking_id: id,
        email: ` ${email.toUpperCase()} `,
      });
      expect(reply.status).toBe(201);
    }
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    return id;
  }
  const step = (id: string, kitchenStep: KitchenStep) =>
    t.server.services.bookings.kitchenStep(id, kitchenStep, ADMIN.email);

  it('pushes to their browser once when the order is Klar, not again after an undo, and mails no notice', async () => {
    const id = await confirmedBooking('klar@example.se', false, 'phone');
    await step(id, 'baking');
    await sleep(700);
    expect(push.requests).toHaveLength(0); // I ugnen tells nobody
    await step(id, 'ready');
    await push.waitFor(1);

    expect(push.problems).toEqual([]);
    expect(push.received).toHaveLength(1);
    const [notice] = push.received;
    expect(notice.name).toBe('phone');
    expect(notice.payload).toEqual({
      title: 'Din pizza är klar!',
      body: `Din beställning ${id} är klar! Hämta den i kiosken och ta med den.`,
      url: '/my-booking',
    });
    expect(notice.claims.aud).toBe(push.origin);
    expect(notice.claims.sub).toMatch(/^mailto:\S+@\S+$/);
    expect(notice.ttl).toBe('3600');

    // Klar undone and set again: the customer was told already.
    await step(id, 'undo');
    await step(id, 'ready');
    await sleep(1500);
    expect(push.requests.filter((r) => r.name === 'phone')).toHaveLength(1);
    // The push was the notice's one channel: no 'klar' mail besides.
    expect(readyMails(smtp.mails, 'klar@example.se')).toHaveLength(0);
  });

  it('tells a dine-in customer the same, and reaches every browser tied to the booking', async () => {
    const id = await confirmedBooking('ata-har@example.se', true, 'laptop', 'tablet');
    await step(id, 'baking');
    await step(id, 'ready');
    await until(() => push.received.filter((r) => r.name === 'laptop' || r.name === 'tablet').length === 2);
    const bodies = push.received.filter((r) => r.name === 'laptop' || r.name === 'tablet').map((r) => r.payload.body);
    expect(bodies).toEqual([
      `Din beställning ${id} är klar! Hämta den i kiosken – du äter på plats.`,
      `Din beställning ${id} är klar! Hämta den i kiosken – du äter på plats.`,
    ]);
  });

  it('drops a subscription its push service answers 410 for, and never tries it again', async () => {
    push.answer('gone', 410);
    const first = await confirmedBooking('borta@example.se', false, 'gone');
    await step(first, 'baking');
    await step(first, 'ready');
    await until(() => push.requests.some((r) => r.name === 'gone'));
    const dropped = async () =>
      (await t.server.events.readStream('push-subscriptions')).filter((e) => e.type === 'PushSubscriptionDropped');
    for (let i = 0; i < 100 && (await dropped()).length === 0; i++) await sleep(50);
    expect((await dropped()).map((e) => e.data)).toEqual([expect.objectContaining({ status: 410 })]);
    // The read model follows the event a moment later (the projections run after the append).
    const droppedId = ((await dropped())[0].data as { id: string }).id;
    for (let i = 0; i < 100 && (await t.server.docs.get(COLLECTIONS.pushSubscriptions, droppedId)); i++)
      await sleep(50);
    expect(await t.server.docs.get(COLLECTIONS.pushSubscriptions, droppedId)).toBeNull();

    // The dropped subscription is not tried again. No browser took the notice: it is mailed
    // instead, once (rule: notice-channel).
    await until(() => readyMails(smtp.mails, 'borta@example.se').length > 0);
    await sleep(1000);
    expect(readyMails(smtp.mails, 'borta@example.se')).toHaveLength(1);
    expect(push.requests.filter((r) => r.name === 'gone')).toHaveLength(1);
  });

  it('tries a push service that fails again, a bounded number of times, and gives up on a refusal at once', async () => {
    push.answer('flaky', 503, 500);
    push.answer('broken', 500, 500, 500, 500);
    push.answer('refusing', 400);
    push.answer('throttled', 429);
    const id = await confirmedBooking('envis@example.se', false, 'flaky', 'broken', 'refusing', 'throttled');
    await step(id, 'baking');
    await step(id, 'ready');
    // Three tries each for flaky (the third gets through) and broken (never does), one for refusing.
    await until(
      () => push.requests.filter((r) => ['flaky', 'broken', 'throttled'].includes(r.name)).length === 8,
      20_000,
    );
    await sleep(500);
    const tries = (name: string) => push.requests.filter((r) => r.name === name).map((r) => r.status);
    expect(tries('flaky')).toEqual([503, 500, 201]);
    expect(tries('broken')).toEqual([500, 500, 500]);
    expect(tries('refusing')).toEqual([400]);
    // 429: the push service asks for less; backed off, then sent.
    expect(tries('throttled')).toEqual([429, 201]);
    expect(push.received.filter((r) => r.name === 'flaky')).toHaveLength(1);
    // Two of the four browsers took the notice: no mail besides.
    expect(readyMails(smtp.mails, 'envis@example.se')).toHaveLength(0);
    // Only gone subscriptions are dropped.
    const dropped = (await t.server.events.readStream('push-subscriptions')).filter(
      (e) => e.type === 'PushSubscriptionDropped',
    );
    expect(dropped).toHaveLength(1);
  });

  it('holds back no other notice while one push service fails and is backed off (work items)', async () => {
    push.answer('sulky', 500, 500, 500);
    const failing = await confirmedBooking('sur@example.se', false, 'sulky');
    const prompt = await confirmedBooking('snabb@example.se', false, 'prompt');
    await step(failing, 'baking');
    await step(failing, 'ready');
    await until(() => push.requests.some((r) => r.name === 'sulky'));
    await step(prompt, 'baking');
    await step(prompt, 'ready');
    await until(
      () =>
        push.requests.filter((r) => r.name === 'sulky').length === 3 && push.received.some((r) => r.name === 'prompt'),
      20_000,
    );
    const order = push.requests.filter((r) => r.name === 'sulky' || r.name === 'prompt').map((r) => r.name);
    // The other booking's notice went while the failing one waited for its next try.
    expect(order.indexOf('prompt')).toBeLessThan(order.lastIndexOf('sulky'));
    expect(order.filter((name) => name === 'sulky')).toHaveLength(3);
    await expect
      .poll(() => t.server.docs.find(PUSH_LOG, { booking_id: failing }))
      .toEqual([expect.objectContaining({ state: 'failed', attempts: 3, status: 500 })]);
  });

  it('goes on mailing the others when the relay refuses one recipient', async () => {
    const refused = await confirmedBooking('nej@example.se', false);
    const other = await confirmedBooking('ja@example.se', true);
    await step(refused, 'baking');
    await step(other, 'baking');
    await step(refused, 'ready');
    await step(other, 'ready');
    await until(() => readyMails(smtp.mails, 'ja@example.se').length === 1);
    await sleep(1000);
    expect(readyMails(smtp.mails, 'ja@example.se')).toHaveLength(1);
    expect(
      smtp.mails.filter((m) => m.to.includes('ja@example.se')).map((m) => /^Subject: (.*)$/m.exec(m.text)?.[1]),
    ).toEqual([
      `Din beställning ${other} – väntar på bekräftelse`,
      `Din bokning ${other} är bekräftad`,
      `Din beställning ${other} är klar – hämta den i kiosken`,
    ]);
    expect(smtp.mails.filter((m) => m.to.includes('nej@example.se'))).toEqual([]);
    // The kiosk heard of both bookings.
    expect(smtp.mails.filter((m) => m.text.includes(`Ny bokning att bekräfta: ${refused}`))).toHaveLength(1);
    // Every push of the file was signed and encrypted as a push service demands.
    expect(push.problems).toEqual([]);
  });
});
