// One Swish payment request per booking across processes and a crash (issue 49, rule:
// swish-payment): a server that made a booking's payment request is killed with SIGKILL before
// Swish's answer; the customer's retry of the same POST (same Idempotency-Key) reaches another
// server on the same store, which finds the same booking and the request's token kept in the store
// (the same token, app link and QR code in its 201; no second PUT: were one made, Swish would refuse
// it, as the id is derived from the booking, and it is never made twice),
// and that server's poll settles the payment, once, however often Swish calls back afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { swishInstructionId } from '../../api/swish/client.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { bookingPayload } from './harness.js';
import { makeTestCa, swishEnvironment } from '../support/testCa.js';
import { startTestSwish, type TestSwish } from '../support/swishServer.js';

const PAYEE = '1231181189';
const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-swishcrash-'));
const certDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-swishcrash-certs-'));
// Real clock here (child processes): a date a few days ahead, inside the default horizon.
const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
let swish: TestSwish;
let env: Record<string, string>;

beforeAll(async () => {
  const ca = makeTestCa();
  const merchant = ca.client({ commonName: PAYEE });
  // Paid 4 s after the request: the first server is dead by then; no callback reaches anyone.
  swish = await startTestSwish({ server: ca.server(), clientCa: ca.cert, callBack: false, settleAfterMs: 4000 });
  env = {
    ...swishEnvironment(certDir, { ca, merchant, payee: PAYEE, url: swish.url }),
    BOOKINGS_PER_MINUTE: '0',
    LOOKUPS_PER_MINUTE: '0',
  };
}, 60_000);

afterAll(async () => {
  killApiProcesses();
  await swish?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(certDir, { recursive: true, force: true });
});

const KEY = 'swish-crash-retry';
const payload = bookingPayload({ date, time: '12:00', email: 'krasch@example.se' });

describe('a server killed between the payment request and Swish’s answer', () => {
  it('makes one request, never two, and the payment ends once on the next server', async () => {
    // 1. The first server (no poll: nothing of it reads the payment) places the booking and
    //    makes its request.
    const first = await startApiProcess(dataDir, { ...env, SWISH_POLL_MS: '0' });
    const login = await first.call('POST', '/api/admin/login', {
      email: 'admin@pizzakiosken.test',
      password: 'Hemligt-lösen-123',
    });
    expect(login.status).toBe(200);
    const rule = await first.call('PUT', '/api/admin/swish/prepay', { choice: 'required_all_web' }, login.cookie);
    expect(rule.status).toBe(200);
    const placedResponse = await fetch(`${first.base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': KEY },
      body: JSON.stringify(payload),
    });
    expect(placedResponse.status).toBe(201);
    const placed = await placedResponse.json();
    const id = placed.booking_id as string;
    const instruction = swishInstructionId('payment', id);
    expect(placed.payment).toMatchObject({ status: 'requested', token: expect.stringMatching(/^token-/) });
    expect(swish.payments.get(instruction)?.status).toBe('CREATED');

    // 2. Killed before Swish's answer.
    first.child.kill('SIGKILL');
    await first.exited;

    // 3. The customer's retry reaches the next server: the same booking, the same request.
    const second = await startApiProcess(dataDir, { ...env, SWISH_POLL_MS: '200' });
    const retried = await fetch(`${second.base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': KEY },
      body: JSON.stringify(payload),
    });
    expect(retried.status).toBe(201);
    const again = await retried.json();
    expect(again.booking_id).toBe(id);
    expect(again.payment).toMatchObject({ status: 'requested', amount_cents: placed.payment.amount_cents });
    // The token was kept with the store (api/swish/payments.ts): the retry's 201 carries the same
    // token, app link and QR code, and the second server asks Swish nothing: one request, never two.
    expect(again.payment.token).toBe(placed.payment.token);
    expect(again.payment.qr_svg_url).toBe(placed.payment.qr_svg_url);
    // (Each test process has an address of its own to send the payer back to.)
    expect(again.payment.app_url).toMatch(new RegExp(`^swish://paymentrequest\\?token=${placed.payment.token}&`));
    const puts = swish.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(instruction));
    expect(puts.map((r) => r.status)).toEqual([201]);
    expect([...swish.payments.keys()]).toEqual([instruction]);

    // 4. The second server's poll reads Swish's PAID and records it once.
    const admin = await second.call('POST', '/api/admin/login', {
      email: 'admin@pizzakiosken.test',
      password: 'Hemligt-lösen-123',
    });
    await vi.waitFor(
      async () =>
        expect(
          (await second.call('GET', `/api/admin/bookings/${id}`, undefined, admin.cookie)).body.payment,
        ).toMatchObject({
          status: 'paid',
        }),
      { timeout: 20_000, interval: 100 },
    );
    // Swish calls back late, twice: nothing more.
    for (let i = 0; i < 2; i++)
      expect((await second.call('POST', '/api/swish/callback', swish.payments.get(instruction))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const history = (await second.call('GET', `/api/admin/bookings/${id}/history`, undefined, admin.cookie))
      .body as Array<{
      type: string;
    }>;
    expect(history.map((e) => e.type)).toEqual(['BookingPlaced', 'SwishPaymentRequested', 'SwishPaymentPaid']);
    second.child.kill('SIGKILL');
    await second.exited;
  }, 120_000);
});
