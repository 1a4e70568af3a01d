// Paying a web booking with Swish over the real server (issue 49, rule: swish-payment), against a
// Swish of the test's own (HTTPS asking for the merchant's client certificate) whose callbacks
// reach the kiosk through an HTTPS front of the test's own (as Caddy does in deploy/): the request
// made once after the booking's append (also for a retried POST with the same Idempotency-Key),
// its token and the link that opens the Swish app in the 201, POST /api/swish/callback waking a
// status read, a callback twice settling once, declined and errors with Swish's codes cancelling
// the booking and freeing its capacity, a refused request refused in Swedish, a callback that
// never comes caught by the poll, and a payer who never opens Swish let go after the lifetime.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../api/config.js';
import { swishInstructionId } from '../../api/swish/client.js';
import type { SwishConfig } from '../../api/swish/config.js';
import { msg } from '../../domain/messages.js';
import { swishFailureText } from '../../domain/kioskDay/swishPayment.js';
import { swishMsg } from '../../domain/settings/swishPrepay.js';
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
let off: TestServer;
let mainAdmin: string;
let quietAdmin: string;
let next: string | null = null;
let quietNow = MONDAY_MORNING;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'swish-paying-'));
  const ca = makeTestCa();
  const merchant = ca.client({ commonName: PAYEE });
  const serverCert = ca.server();
  const outcome = () => next;
  swish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callbackCa: ca.cert, outcome });
  quietSwish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callBack: false, outcome });
  // The kiosk's HTTPS front: Swish calls back over HTTPS; the kiosk's own server speaks HTTP behind it.
  front = await startSwishFront(serverCert, ca.cert, () => main.base);
  const { swish: fromEnv } = configFromEnv(swishEnvironment(dir, { ca, merchant, payee: PAYEE, url: swish.url }));
  const setup = (apiUrl: string): SwishConfig => ({
    ...fromEnv!,
    apiUrl,
    callbackUrl: `${front.url}/api/swish/callback`,
  });
  [main, quiet, off] = await Promise.all([
    // Callbacks only: no poll, so what ends a payment here is its callback.
    startTestServer({ now: () => MONDAY_MORNING, config: { swish: setup(swish.url), swishPollMs: 0 } }),
    // A Swish that never calls back: the poll (every 100 ms) reads the status.
    startTestServer({ now: () => quietNow, config: { swish: setup(quietSwish.url), swishPollMs: 100 } }),
    startTestServer({ now: () => MONDAY_MORNING }),
  ]);
  [mainAdmin, quietAdmin] = await Promise.all([main.login(), quiet.login()]);
  for (const [server, admin] of [
    [main, mainAdmin],
    [quiet, quietAdmin],
  ] as const)
    expect((await server.put('/api/admin/swish/prepay', { choice: 'required_all_web' }, admin)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all([main?.close(), quiet?.close(), off?.close()]);
  await front?.close();
  await Promise.all([swish?.close().catch(() => undefined), quietSwish?.close().catch(() => undefined)]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function book(server: TestServer, time: string, key?: string) {
  const response = await fetch(`${server.base}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(bookingPayload({ time })),
  });
  return { status: response.status, body: await response.json() };
}
const slotLeft = async (server: TestServer, time: string) =>
  (await server.get(`/api/availability?date=${DATE}&pizzas=1`)).body.slots.find(
    (s: { time: string }) => s.time === time,
  ).capacity_remaining as number;
const shown = async (server: TestServer, admin: string, id: string) =>
  (await server.get(`/api/admin/bookings/${id}`, admin)).body;
const eventsOf = async (server: TestServer, id: string) =>
  ((await server.server.events.readStream(`kioskday-${DATE}`)) as Array<{ type: string; data: any }>).filter(
    (e) => e.data.booking_id === id,
  );
const puts = (server: TestSwish, id: string) =>
  server.requests.filter(
    (r) => r.method === 'PUT' && r.path.endsWith(`/paymentrequests/${swishInstructionId('payment', id)}`),
  ).length;

describe('paying a web booking with Swish', () => {
  it('PAID after a delay, told by its callback: one request, also for a retried POST, and paid once however often Swish calls', async () => {
    next = null;
    const key = 'swish-retry-1';
    const first = await book(main, '12:00', key);
    expect(first.status).toBe(201);
    const id = first.body.booking_id as string;
    const token = first.body.payment.token as string;
    expect(token).toMatch(/^token-/);
    expect(first.body.payment).toMatchObject({
      method: 'swish',
      status: 'requested',
      amount_cents: first.body.booking.final_total_cents,
      app_url: `swish://paymentrequest?token=${token}&callbackurl=${encodeURIComponent('http://kiosk.test/')}`,
      qr_svg_url: `/api/swish/qr.svg?token=${token}`,
    });
    // The QR code for a computer, drawn by the server from the token.
    const qr = await main.get(first.body.payment.qr_svg_url);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    expect(String(qr.body)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The same request again (a lost answer): the same booking and token, and no second request.
    const again = await book(main, '12:00', key);
    expect(again.status).toBe(201);
    expect(again.body.booking_id).toBe(id);
    expect(again.body.payment.token).toBe(token);
    expect(puts(swish, id)).toBe(1);
    expect(swish.payments.get(swishInstructionId('payment', id))?.amount).toBe(
      first.body.booking.final_total_cents / 100,
    );
    // Unpaid: staff cannot confirm it.
    const refused = await main.put(`/api/admin/bookings/${id}/confirm`, {}, mainAdmin);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(msg.swishPaymentAwaited);

    await expect.poll(async () => (await shown(main, mainAdmin, id)).payment?.status, { timeout: 5000 }).toBe('paid');
    expect(swish.callbacks.filter((c) => (c.body as { id: string }).id === swishInstructionId('payment', id))).toEqual([
      expect.objectContaining({ status: 200 }),
    ]);
    // Swish calls back again: the payment has ended, so Swish is not asked again, and nothing more is recorded.
    const reads = () =>
      swish.requests.filter((r) => r.method === 'GET' && r.path.endsWith(swishInstructionId('payment', id))).length;
    const readsBefore = reads();
    expect(readsBefore).toBeGreaterThanOrEqual(1);
    expect(await front.callBack(swish.payments.get(swishInstructionId('payment', id)))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toBe(readsBefore);
    expect((await eventsOf(main, id)).map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'SwishPaymentPaid',
    ]);
    expect((await main.put(`/api/admin/bookings/${id}/confirm`, {}, mainAdmin)).status).toBe(200);
  });

  it.each([
    ['DECLINED', 'DECLINED', null],
    ['ERROR', 'RF07', 'RF07'],
    ['ERROR', 'BANKIDCL', 'BANKIDCL'],
  ] as const)('%s (%s): cancelled by the system on its callback, its capacity freed', async (reason, outcome, code) => {
    next = outcome;
    const before = await slotLeft(main, '13:00');
    const placed = await book(main, '13:00');
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    expect(await slotLeft(main, '13:00')).toBe(before - 2);
    await expect.poll(async () => (await shown(main, mainAdmin, id)).status, { timeout: 5000 }).toBe('cancelled');
    expect(await shown(main, mainAdmin, id)).toMatchObject({
      cancelled_by: 'system',
      cancel_reason: msg.swishPaymentFailedReason,
      payment: { status: 'failed', failure: reason },
    });
    const events = await eventsOf(main, id);
    expect(events.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'SwishPaymentFailed',
      'BookingCancelled',
    ]);
    expect(events[2].data).toMatchObject({ reason, error_code: code });
    await expect.poll(() => slotLeft(main, '13:00')).toBe(before);
  });

  it('a request Swish refuses (ACMT07): refused in Swedish, the booking cancelled and its capacity freed', async () => {
    next = 'ACMT07';
    const before = await slotLeft(main, '14:00');
    const placed = await book(main, '14:00');
    expect(placed.status).toBe(400);
    expect(JSON.stringify(placed.body)).toContain(swishFailureText.ERROR);
    const id = (await main.get(`/api/admin/bookings?date=${DATE}`, mainAdmin)).body
      .filter((b: { booking_time: string }) => b.booking_time === '14:00')
      .at(-1).id as string;
    const events = await eventsOf(main, id);
    expect(events.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'SwishPaymentFailed',
      'BookingCancelled',
    ]);
    expect(events[2].data).toMatchObject({ reason: 'ERROR', error_code: 'ACMT07' });
    await expect.poll(() => slotLeft(main, '14:00')).toBe(before);
  });

  it('a callback that never comes: the poll reads the status and the payment is paid', async () => {
    next = null;
    const placed = await book(quiet, '12:00');
    const id = placed.body.booking_id as string;
    await expect.poll(async () => (await shown(quiet, quietAdmin, id)).payment?.status, { timeout: 5000 }).toBe('paid');
    expect(quietSwish.callbacks).toEqual([]);
    expect(puts(quietSwish, id)).toBe(1);
  });

  it('a payer who never opens Swish: let go after the request’s lifetime, cancelled and its capacity freed', async () => {
    next = 'OPEN';
    const before = await slotLeft(quiet, '15:00');
    const placed = await book(quiet, '15:00');
    const id = placed.body.booking_id as string;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await shown(quiet, quietAdmin, id)).payment.status).toBe('requested');
    quietNow = new Date(MONDAY_MORNING.getTime() + 10 * 60_000);
    await expect.poll(async () => (await shown(quiet, quietAdmin, id)).status, { timeout: 5000 }).toBe('cancelled');
    expect((await shown(quiet, quietAdmin, id)).payment).toMatchObject({ status: 'failed', failure: 'EXPIRED' });
    await expect.poll(() => slotLeft(quiet, '15:00')).toBe(before);
  });

  it('a callback naming no open request asks Swish nothing; with Swish off the callback is not found', async () => {
    const forged = '0123456789ABCDEF0123456789ABCDEF';
    expect((await main.post('/api/swish/callback', { id: forged, status: 'PAID' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(swish.requests.filter((r) => r.path.endsWith(forged))).toEqual([]);
    const reply = await off.post('/api/swish/callback', { id: forged });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).toContain(swishMsg.swishOff);
    expect((await off.get('/api/swish/qr.svg?token=abc')).status).toBe(404);
    const bad = await main.get('/api/swish/qr.svg?token=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Ogiltig Swish-token');
  });
});
