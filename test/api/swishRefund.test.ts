// A paid booking's refund over the real server (issue 49, rule: swish-refund), against a Swish of
// the test's own (HTTPS asking for the merchant's client certificate) whose callbacks reach the
// kiosk through an HTTPS front of the test's own: staff cancel a paid booking and exactly one
// refund is PUT with the payment's reference, the callback ends it (a second callback changes
// nothing), the customer gets the mails; a refund Swish fails (RF07), or refuses at once (RF08),
// shows staff its code; a callback that never comes is caught by the poll; the customer
// cancelling before the cut-off, and a closure, are refunded too; a booking whose payment is still
// requested, cancelled by staff or the customer, is settled (its request cancelled at Swish, no
// refund), and one whose payer pays after all (a race) is refunded as a late payment; the expiry
// of unconfirmed bookings refunds a paid one and cancels a requested one's request.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../api/config.js';
import { swishInstructionId } from '../../api/swish/client.js';
import type { SwishConfig } from '../../api/swish/config.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { makeTestCa, swishEnvironment } from '../support/testCa.js';
import { startTestSwish, type TestSwish } from '../support/swishServer.js';
import { startSwishFront, type SwishFront } from '../support/swishFront.js';

const PAYEE = '1231181189';
const DATE = '2026-11-24';
let dir: string;
let swish: TestSwish;
let quietSwish: TestSwish;
let front: SwishFront;
let main: TestServer;
let quiet: TestServer;
let mainAdmin: string;
let quietAdmin: string;
let next: string | null = null;
let nextRefund: string | null = null;
/** The main server's clock: moved only by the last test (the pending-expiry sweep). */
let mainNow = MONDAY_MORNING;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swish-refund-'));
  const ca = makeTestCa();
  const merchant = ca.client({ commonName: PAYEE });
  const serverCert = ca.server();
  const outcome = () => next;
  const refundOutcome = () => nextRefund;
  swish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callbackCa: ca.cert, outcome, refundOutcome });
  quietSwish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callBack: false, outcome });
  front = await startSwishFront(serverCert, ca.cert, () => main.base);
  const { swish: fromEnv } = configFromEnv(swishEnvironment(dir, { ca, merchant, payee: PAYEE, url: swish.url }));
  const setup = (apiUrl: string): SwishConfig => ({
    ...fromEnv!,
    apiUrl,
    callbackUrl: `${front.url}/api/swish/callback`,
  });
  [main, quiet] = await Promise.all([
    // Callbacks only: no poll, so what ends a payment or a refund here is its callback.
    // Its booking timers sweep only when the test says (an hour apart by themselves).
    startTestServer({
      now: () => mainNow,
      config: { swish: setup(swish.url), swishPollMs: 0, timerIntervalMs: 3_600_000 },
    }),
    // A Swish that never calls back: the poll (every 100 ms) reads the status.
    startTestServer({ now: () => MONDAY_MORNING, config: { swish: setup(quietSwish.url), swishPollMs: 100 } }),
  ]);
  [mainAdmin, quietAdmin] = await Promise.all([main.login(), quiet.login()]);
  for (const [server, admin] of [
    [main, mainAdmin],
    [quiet, quietAdmin],
  ] as const)
    expect((await server.put('/api/admin/swish/prepay', { choice: 'required_all_web' }, admin)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all([main?.close(), quiet?.close()]);
  await front?.close();
  await Promise.all([swish?.close().catch(() => undefined), quietSwish?.close().catch(() => undefined)]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function book(server: TestServer, time: string, email = 'asa@example.se') {
  const response = await fetch(`${server.base}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingPayload({ time, email })),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking_id: string }).booking_id;
}
const shown = async (server: TestServer, admin: string, id: string) =>
  (await server.get(`/api/admin/bookings/${id}`, admin)).body;
async function paidBooking(server: TestServer, admin: string, time: string, email?: string) {
  next = null;
  const id = await book(server, time, email);
  await expect.poll(async () => (await shown(server, admin, id)).payment?.status, { timeout: 5000 }).toBe('paid');
  return id;
}
const eventsOf = async (server: TestServer, id: string) =>
  (
    (await server.server.events.readStream(`kioskday-${DATE}`)) as Array<{ id: string; type: string; data: any }>
  ).filter((e) => e.data.booking_id === id);
const requestsTo = (server: TestSwish, method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path.endsWith(path));
const cancel = (server: TestServer, admin: string, id: string) =>
  server.put(`/api/admin/bookings/${id}/cancel`, { reason: 'Ugnen är trasig' }, admin);

/** The customer mail written for this event (api/mail/mailer.ts writes whole files only). */
async function customerMail(server: TestServer, eventId: string): Promise<string> {
  const name = `${eventId}-customer.eml`;
  await expect.poll(() => readdirSync(join(server.dataDir, 'outbox')).includes(name), { timeout: 5000 }).toBe(true);
  return readFileSync(join(server.dataDir, 'outbox', name), 'utf8');
}

describe('refunding a paid booking with Swish (rule: swish-refund)', () => {
  it('staff cancel a paid booking: one refund PUT with the payment’s reference, refunded on its callback, a second callback changes nothing, and the customer is mailed', async () => {
    const id = await paidBooking(main, mainAdmin, '12:00', 'refund@example.se');
    const refundId = swishInstructionId('refund', id);
    const paymentReference = (await shown(main, mainAdmin, id)).payment.payment_reference as string;
    expect((await cancel(main, mainAdmin, id)).status).toBe(200);
    await expect
      .poll(async () => (await shown(main, mainAdmin, id)).payment.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    const puts = requestsTo(swish, 'PUT', `/refunds/${refundId}`);
    expect(puts.map((r) => r.status)).toEqual([201]);
    const made = swish.refunds.get(refundId)!;
    expect(made).toMatchObject({ originalPaymentReference: paymentReference, payerAlias: PAYEE, status: 'PAID' });
    expect(Math.round(made.amount * 100)).toBe((await shown(main, mainAdmin, id)).final_total_cents);
    const detail = await shown(main, mainAdmin, id);
    expect(detail.payment).toMatchObject({ status: 'paid', refund: { status: 'refunded' } });
    expect(detail.payment.refund.refunded_at).toBeTruthy();

    // Swish calls back again: the refund has ended, so nothing more is recorded.
    expect(await front.callBack(made)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = await eventsOf(main, id);
    expect(events.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'SwishPaymentPaid',
      'BookingCancelled',
      'SwishRefundRequested',
      'SwishRefunded',
    ]);
    expect(events[4].data).toMatchObject({
      refund_id: refundId,
      original_payment_reference: paymentReference,
      reason: 'staff_cancel',
      amount_cents: detail.final_total_cents,
    });
    expect(events[5].data).toMatchObject({ refund_id: refundId, payment_reference: made.paymentReference });
    expect(requestsTo(swish, 'PUT', `/refunds/${refundId}`)).toHaveLength(1);
    // Nothing left for Swish to answer: the watches' index names it no more.
    expect((await main.server.docs.get('bookings_v1', id))?.swish_open).toBeUndefined();

    // The booking's history names each step; the customer gets the mail once the money is back.
    const history = (await main.get(`/api/admin/bookings/${id}/history`, mainAdmin)).body as Array<{ type: string }>;
    expect(history.map((h) => h.type)).toContain('SwishRefunded');
    // The cancellation's mail says the money goes back; the refund's says it is back.
    const cancelledMail = (await customerMail(main, events[3].id)).replace(/=\r?\n/g, '');
    expect(cancelledMail).toContain('betalar tillbaka');
    const mail = await customerMail(main, events[5].id);
    expect(mail).toContain('refund@example.se');
    expect(mail).toMatch(/tillbaka/);
  });

  it('a refund Swish fails (RF07): staff see it failed with Swish’s code, and nothing is tried again', async () => {
    const id = await paidBooking(main, mainAdmin, '13:00');
    nextRefund = 'RF07';
    try {
      expect((await cancel(main, mainAdmin, id)).status).toBe(200);
      await expect
        .poll(async () => (await shown(main, mainAdmin, id)).payment.refund?.status, { timeout: 5000 })
        .toBe('failed');
    } finally {
      nextRefund = null;
    }
    expect((await shown(main, mainAdmin, id)).payment.refund).toMatchObject({ status: 'failed', error_code: 'RF07' });
    const history = (await main.get(`/api/admin/bookings/${id}/history`, mainAdmin)).body as Array<{
      type: string;
      data: Record<string, unknown>;
    }>;
    expect(history.find((h) => h.type === 'SwishRefundFailed')?.data).toMatchObject({
      refund_status: 'failed',
      error_code: 'RF07',
    });
    expect(requestsTo(swish, 'PUT', `/refunds/${swishInstructionId('refund', id)}`)).toHaveLength(1);
  });

  it('a refund Swish refuses at once (RF08: the payment was refunded elsewhere): failed with that code', async () => {
    const id = await paidBooking(main, mainAdmin, '18:00');
    const payment = await shown(main, mainAdmin, id);
    // Someone refunded the whole payment in Swish's own portal before the kiosk did.
    swish.refunds.set('0'.repeat(32), {
      id: '0'.repeat(32),
      originalPaymentReference: payment.payment.payment_reference,
      paymentReference: 'ELSEWHERE',
      payerPaymentReference: null,
      callbackUrl: 'https://example.se/',
      payerAlias: PAYEE,
      amount: payment.final_total_cents / 100,
      currency: 'SEK',
      message: null,
      status: 'PAID',
      dateCreated: new Date().toISOString(),
      datePaid: new Date().toISOString(),
      errorCode: null,
      errorMessage: null,
    });
    expect((await cancel(main, mainAdmin, id)).status).toBe(200);
    await expect
      .poll(async () => (await shown(main, mainAdmin, id)).payment.refund, { timeout: 5000 })
      .toMatchObject({ status: 'failed', error_code: 'RF08' });
    expect(requestsTo(swish, 'PUT', `/refunds/${swishInstructionId('refund', id)}`).map((r) => r.status)).toEqual([
      422,
    ]);
  });

  it('the customer cancels a paid booking before the cut-off: refunded as customer_cancel', async () => {
    const id = await paidBooking(main, mainAdmin, '14:00', 'kund@example.se');
    const reply = await main.post(`/api/bookings/${id}/cancel-public`, { email: 'kund@example.se' });
    expect(reply.status).toBe(200);
    await expect
      .poll(async () => (await shown(main, mainAdmin, id)).payment.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    const requested = (await eventsOf(main, id)).find((e) => e.type === 'SwishRefundRequested');
    expect(requested?.data.reason).toBe('customer_cancel');
  });

  it('a callback that never comes: the poll reads the refund’s status and it is refunded, made once', async () => {
    const id = await paidBooking(quiet, quietAdmin, '12:00');
    expect((await cancel(quiet, quietAdmin, id)).status).toBe(200);
    await expect
      .poll(async () => (await shown(quiet, quietAdmin, id)).payment.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    expect(quietSwish.callbacks).toEqual([]);
    expect(requestsTo(quietSwish, 'PUT', `/refunds/${swishInstructionId('refund', id)}`)).toHaveLength(1);
  });

  it('a closure cancels a paid booking: refunded as closure', async () => {
    const id = await paidBooking(quiet, quietAdmin, '13:00');
    const added = await quiet.post(
      '/api/admin/closures',
      { from: DATE, to: DATE, reason: 'Vattenläcka', recurring: false },
      quietAdmin,
    );
    expect(added.status).toBe(201);
    const closed = await quiet.post(
      `/api/admin/closures/${added.body.closure.id}/cancel-bookings`,
      { message: 'Stängt på grund av vattenläcka' },
      quietAdmin,
    );
    expect(closed.status).toBe(200);
    await expect
      .poll(async () => (await shown(quiet, quietAdmin, id)).payment.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    const requested = (await eventsOf(quiet, id)).find((e) => e.type === 'SwishRefundRequested');
    expect(requested?.data.reason).toBe('closure');
  });

  it('a booking whose payment is still requested, cancelled by staff: the request is cancelled at Swish and no refund is made', async () => {
    next = 'OPEN';
    const id = await book(main, '15:00');
    const paymentId = swishInstructionId('payment', id);
    await expect.poll(() => swish.payments.get(paymentId)?.status).toBe('CREATED');
    expect((await cancel(main, mainAdmin, id)).status).toBe(200);
    await expect.poll(async () => (await shown(main, mainAdmin, id)).payment?.status, { timeout: 5000 }).toBe('failed');
    expect((await shown(main, mainAdmin, id)).payment).toMatchObject({ status: 'failed', failure: 'CANCELLED' });
    expect(swish.payments.get(paymentId)?.status).toBe('CANCELLED');
    expect(requestsTo(swish, 'PATCH', `/paymentrequests/${paymentId}`).map((r) => r.status)).toContain(200);
    expect((await eventsOf(main, id)).map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'BookingCancelled',
      'SwishPaymentFailed',
    ]);
    expect(requestsTo(swish, 'PUT', `/refunds/${swishInstructionId('refund', id)}`)).toEqual([]);
  });

  it('the customer cancels a booking whose payment is still requested: the request is cancelled at Swish too', async () => {
    next = 'OPEN';
    const id = await book(main, '17:00', 'angrar@example.se');
    const paymentId = swishInstructionId('payment', id);
    await expect.poll(() => swish.payments.get(paymentId)?.status).toBe('CREATED');
    expect((await main.post(`/api/bookings/${id}/cancel-public`, { email: 'angrar@example.se' })).status).toBe(200);
    await expect
      .poll(async () => (await shown(main, mainAdmin, id)).payment, { timeout: 5000 })
      .toMatchObject({ status: 'failed', failure: 'CANCELLED' });
    expect(swish.payments.get(paymentId)?.status).toBe('CANCELLED');
    expect(requestsTo(swish, 'PUT', `/refunds/${swishInstructionId('refund', id)}`)).toEqual([]);
  });

  it('the payer pays as staff cancel (a race): the cancellation at Swish is refused, the payment recorded and refunded as a late payment', async () => {
    next = 'OPEN';
    const id = await book(main, '16:00');
    const paymentId = swishInstructionId('payment', id);
    await expect.poll(() => swish.payments.get(paymentId)?.status).toBe('CREATED');
    // Paid at Swish before the kiosk's cancellation reaches it (no callback: the cancel's read finds it).
    Object.assign(swish.payments.get(paymentId)!, {
      status: 'PAID',
      paymentReference: 'PAYREFRACE0000000000000000000001',
      datePaid: new Date().toISOString(),
    });
    expect((await cancel(main, mainAdmin, id)).status).toBe(200);
    await expect
      .poll(async () => (await shown(main, mainAdmin, id)).payment?.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    expect(requestsTo(swish, 'PATCH', `/paymentrequests/${paymentId}`).map((r) => r.status)).toContain(422);
    const events = await eventsOf(main, id);
    expect(events.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'BookingCancelled',
      'SwishPaymentPaid',
      'SwishRefundRequested',
      'SwishRefunded',
    ]);
    expect(events[4].data).toMatchObject({ reason: 'late_payment' });
    expect(swish.refunds.get(swishInstructionId('refund', id))?.originalPaymentReference).toBe(
      'PAYREFRACE0000000000000000000001',
    );
  });

  it('the expiry of unconfirmed bookings (rule pending-expiry): a paid one is refunded as expired, a requested one has its request cancelled at Swish', async () => {
    const current = (await main.get('/api/admin/settings', mainAdmin)).body;
    expect((await main.put('/api/admin/settings', { ...current, pending_expiry_minutes: 30 }, mainAdmin)).status).toBe(
      200,
    );
    const paid = await paidBooking(main, mainAdmin, '19:00', 'sen@example.se');
    next = 'OPEN';
    const waiting = await book(main, '19:30', 'vantar@example.se');
    const paymentId = swishInstructionId('payment', waiting);
    await expect.poll(() => swish.payments.get(paymentId)?.status).toBe('CREATED');
    mainNow = new Date(MONDAY_MORNING.getTime() + 30 * 60_000);
    const swept = await main.server.timers.sweep();
    expect(swept.expired).toEqual(expect.arrayContaining([paid, waiting]));
    await expect
      .poll(async () => (await shown(main, mainAdmin, paid)).payment.refund?.status, { timeout: 5000 })
      .toBe('refunded');
    expect((await eventsOf(main, paid)).find((e) => e.type === 'SwishRefundRequested')?.data.reason).toBe('expired');
    await expect
      .poll(async () => (await shown(main, mainAdmin, waiting)).payment, { timeout: 5000 })
      .toMatchObject({ status: 'failed', failure: 'CANCELLED' });
    expect(swish.payments.get(paymentId)?.status).toBe('CANCELLED');
  });
});
