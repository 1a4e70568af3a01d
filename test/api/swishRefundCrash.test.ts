// One Swish refund per paid booking across processes and a crash (issue 49, rule: swish-refund):
// two API processes on one store; staff cancel a paid booking on the first, which makes the
// refund's PUT and is killed with SIGKILL before Swish ends the refund or calls back. The second
// process, woken by Swish's callbacks (twice), records the refund once; a third process started
// afterwards with its poll finds nothing left to make. Swish holds exactly one refund for the
// booking, made by exactly one PUT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { swishInstructionId } from '../../api/swish/client.js';
import { killApiProcesses, startApiProcess, type ApiProcess } from '../apiProcess.js';
import { ADMIN, bookingPayload } from './harness.js';
import { makeTestCa, swishEnvironment } from '../support/testCa.js';
import { startTestSwish, type TestSwish } from '../support/swishServer.js';

const PAYEE = '1231181189';
const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-refundcrash-'));
const certDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-refundcrash-certs-'));
// Real clock here (child processes): a date a few days ahead, inside the default horizon.
const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
let swish: TestSwish;
let env: Record<string, string>;

beforeAll(async () => {
  const ca = makeTestCa();
  const merchant = ca.client({ commonName: PAYEE });
  // Every payment and refund ends 2 s after it is made; Swish calls nobody back by itself (the test does).
  swish = await startTestSwish({ server: ca.server(), clientCa: ca.cert, callBack: false, settleAfterMs: 2000 });
  env = {
    ...swishEnvironment(certDir, { ca, merchant, payee: PAYEE, url: swish.url }),
    BOOKINGS_PER_MINUTE: '0',
    LOOKUPS_PER_MINUTE: '0',
    OUTBOX_ITEM_LEASE_MS: '1000',
  };
}, 60_000);

afterAll(async () => {
  killApiProcesses();
  await swish?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(certDir, { recursive: true, force: true });
});

const shown = async (p: ApiProcess, cookie: string, id: string) =>
  (await p.call('GET', `/api/admin/bookings/${id}`, undefined, cookie)).body;

describe('a server killed between the refund’s PUT and Swish’s callback', () => {
  it('makes one refund, never two, and the refund ends once on another process', async () => {
    // Callbacks only (no poll): what either process does to Swish here, it does when told.
    const [a, b] = await Promise.all([
      startApiProcess(dataDir, { ...env, SWISH_POLL_MS: '0' }),
      startApiProcess(dataDir, { ...env, SWISH_POLL_MS: '0' }),
    ]);
    const adminA = (await a.call('POST', '/api/admin/login', ADMIN)).cookie;
    const adminB = (await b.call('POST', '/api/admin/login', ADMIN)).cookie;
    expect((await a.call('PUT', '/api/admin/swish/prepay', { choice: 'required_all_web' }, adminA)).status).toBe(200);

    // A paid booking: placed on a, PAID at Swish, told by Swish's callback.
    const placed = await a.call(
      'POST',
      '/api/bookings',
      bookingPayload({ date, time: '12:00', email: 'krasch@example.se' }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    const paymentId = swishInstructionId('payment', id);
    await vi.waitFor(() => expect(swish.payments.get(paymentId)?.status).toBe('PAID'), { timeout: 10_000 });
    expect((await a.call('POST', '/api/swish/callback', swish.payments.get(paymentId))).status).toBe(200);
    await vi.waitFor(async () => expect((await shown(b, adminB, id)).payment?.status).toBe('paid'), {
      timeout: 10_000,
      interval: 100,
    });

    // Staff cancel on a: its refund is PUT at once; a is killed as soon as Swish holds it.
    const refundId = swishInstructionId('refund', id);
    const cancelled = await a.call('PUT', `/api/admin/bookings/${id}/cancel`, { reason: 'Ugnen är trasig' }, adminA);
    expect(cancelled.status).toBe(200);
    await vi.waitFor(() => expect(swish.refunds.has(refundId)).toBe(true), { timeout: 5000, interval: 5 });
    a.child.kill('SIGKILL');
    await a.exited;
    expect(swish.refunds.get(refundId)?.status).toBe('VALIDATED');

    // Swish calls back once the refund is paid, twice: b reads its status and records it once.
    await vi.waitFor(() => expect(swish.refunds.get(refundId)?.status).toBe('PAID'), { timeout: 10_000 });
    for (let i = 0; i < 2; i++)
      expect((await b.call('POST', '/api/swish/callback', swish.refunds.get(refundId))).status).toBe(200);
    await vi.waitFor(async () => expect((await shown(b, adminB, id)).payment.refund?.status).toBe('refunded'), {
      timeout: 10_000,
      interval: 100,
    });

    // A third process with its poll, later: nothing left to make.
    const c = await startApiProcess(dataDir, { ...env, SWISH_POLL_MS: '200' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const history = (await b.call('GET', `/api/admin/bookings/${id}/history`, undefined, adminB)).body as Array<{
      type: string;
    }>;
    expect(history.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'SwishPaymentRequested',
      'SwishPaymentPaid',
      'BookingCancelled',
      'SwishRefundRequested',
      'SwishRefunded',
    ]);
    const puts = swish.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/refunds/${refundId}`));
    expect(puts.map((r) => r.status)).toEqual([201]);
    expect([...swish.refunds.keys()]).toEqual([refundId]);
    for (const p of [b, c]) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }, 120_000);
});
