// Following open Swish payment requests (api/swish/paymentWatch.ts, rule: swish-payment) against
// a Swish of the test's own: its callback over HTTPS wakes a read of the request's status with the
// merchant's certificate, and the domain decides the end once: a callback that comes twice, a
// forged one for an id nobody opened, and a poll racing a callback record nothing more. A callback
// that never comes is caught by the poll; a request Swish never got ends when its lifetime is over.
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { swishClient, swishInstructionId, type SwishClient } from '../../api/swish/client.js';
import { paymentWatch, type OpenPaymentRequest, type PaymentWatch } from '../../api/swish/paymentWatch.js';
import type { SwishConfig } from '../../api/swish/config.js';
import {
  NO_SWISH_PAYMENT,
  decideSwishPayment,
  evolveSwishPayment,
  type SwishPaymentEvent,
  type SwishPaymentTrack,
} from '../../domain/kioskDay/swishPayment.js';
import { makeTestCa, type TestCa } from '../support/testCa.js';
import { startTestSwish, type TestSwish } from '../support/swishServer.js';

const PAYEE = '1231181189';
let ca: TestCa;
let swish: TestSwish;
let quiet: TestSwish;
let client: SwishClient;
let quietClient: SwishClient;
let callbackServer: Server;
let callbackUrl: string;
let watch: PaymentWatch;
let quietWatch: PaymentWatch;

/** The bookings' payments as the kiosk day would hold them: a track and the events decided. */
class Payments {
  readonly tracks = new Map<string, SwishPaymentTrack>();
  readonly events: SwishPaymentEvent[] = [];
  now = () => new Date();
  record(event: SwishPaymentEvent) {
    this.events.push(event);
    const id = event.data.booking_id;
    this.tracks.set(id, evolveSwishPayment(this.tracks.get(id) ?? NO_SWISH_PAYMENT, event));
  }
  request(bookingId: string, amountCents: number, lifetimeMs = 600_000) {
    const requested_at = this.now();
    this.record({
      type: 'SwishPaymentRequested',
      data: {
        booking_id: bookingId,
        instruction_id: swishInstructionId('payment', bookingId),
        payee: '1231181189',
        amount_cents: amountCents,
        requested_at: requested_at.toISOString(),
        expires_at: new Date(requested_at.getTime() + lifetimeMs).toISOString(),
      },
    });
  }
  open = async (): Promise<OpenPaymentRequest[]> =>
    [...this.tracks].flatMap(([bookingId, track]) =>
      track.status === 'requested' ? [{ bookingId, instructionId: track.instruction_id }] : [],
    );
  settle = async (request: OpenPaymentRequest, answer: Parameters<typeof decideSwishPayment>[2]) => {
    const event = decideSwishPayment(this.tracks.get(request.bookingId)!, request.bookingId, answer, this.now());
    if (event) this.record(event);
  };
  ends = (bookingId: string) =>
    this.events.filter((e) => e.type !== 'SwishPaymentRequested' && e.data.booking_id === bookingId);
}
const payments = new Payments();
const quietPayments = new Payments();

let merchantPem: { cert: string; key: string } | undefined;
const pemOf = (pem: { cert: string; key: string }) => ({ cert: Buffer.from(pem.cert), key: Buffer.from(pem.key) });

const config = (apiUrl: string): SwishConfig => ({
  apiUrl,
  payee: PAYEE,
  credentials: { kind: 'pem', ...pemOf(merchantPem!) },
  ca: Buffer.from(ca.cert),
  callbackUrl,
  certificate: { subject: '', issuer: '', validFrom: new Date(), validTo: new Date(), fingerprint256: '' },
  files: { cert: null, key: null, pfx: null, ca: null },
});

/** Posts a callback body to the kiosk's endpoint, as Swish (or anyone) would. */
function postCallback(body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = httpsRequest(
      callbackUrl,
      { method: 'POST', ca: ca.cert, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const statusReads = (server: TestSwish, id: string) =>
  server.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/paymentrequests/${id}`)).length;

beforeAll(async () => {
  ca = makeTestCa();
  merchantPem = ca.client({ commonName: PAYEE });
  const serverCert = ca.server();
  // The kiosk's callback endpoint: it only wakes the watch with the id the body names.
  callbackServer = createServer({ key: serverCert.key, cert: serverCert.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown };
      res.writeHead(200).end();
      if (typeof body.id === 'string') void watch.wake(body.id);
    });
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `https://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/api/swish/callback`;
  swish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callbackCa: ca.cert, settleAfterMs: 100 });
  // A Swish whose callbacks never come.
  quiet = await startTestSwish({ server: serverCert, clientCa: ca.cert, callBack: false, settleAfterMs: 100 });
  client = swishClient(config(swish.url));
  quietClient = swishClient(config(quiet.url));
  watch = paymentWatch({ client, open: payments.open, settle: payments.settle, pollMs: 0 });
  quietWatch = paymentWatch({
    client: quietClient,
    open: quietPayments.open,
    settle: quietPayments.settle,
    pollMs: 150,
  });
  quietWatch.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([watch?.stop(), quietWatch?.stop()]);
  client?.close();
  quietClient?.close();
  await Promise.all([swish?.close(), quiet?.close()]);
  await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
});

describe('a callback wakes a read of the status', () => {
  it('records PAID once, with the reference Swish gave, on its callback', async () => {
    const id = swishInstructionId('payment', '20261207-1');
    payments.request('20261207-1', 14_900);
    expect((await client.createPaymentRequest(id, { amountOre: 14_900, message: 'Order 20261207-1' })).ok).toBe(true);
    await vi.waitFor(() => expect(payments.ends('20261207-1')).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(payments.ends('20261207-1')[0]).toMatchObject({
      type: 'SwishPaymentPaid',
      data: { payment_reference: swish.payments.get(id)!.paymentReference, amount_cents: 14_900 },
    });
  });

  it('a callback that comes twice (or a forged one) records nothing more, and a closed request is not read again', async () => {
    const id = swishInstructionId('payment', '20261207-1');
    const reads = statusReads(swish, id);
    expect(await postCallback(swish.payments.get(id))).toBe(200);
    expect(await postCallback({ id: '0'.repeat(32), status: 'PAID' })).toBe(200);
    expect(await postCallback({ id: 'not an id' })).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statusReads(swish, id)).toBe(reads);
    expect(statusReads(swish, '0'.repeat(32))).toBe(0);
    expect(payments.ends('20261207-1')).toHaveLength(1);
  });

  it('ends with Swish’s status: DECLINED and ERROR with its code', async () => {
    payments.request('20261207-2', 10_000);
    payments.request('20261207-3', 10_000);
    await client.createPaymentRequest(swishInstructionId('payment', '20261207-2'), {
      amountOre: 10_000,
      message: 'DECLINED',
    });
    await client.createPaymentRequest(swishInstructionId('payment', '20261207-3'), {
      amountOre: 10_000,
      message: 'BANKIDCL',
    });
    await vi.waitFor(
      () => {
        expect(payments.ends('20261207-2')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ reason: 'DECLINED' }) }),
        ]);
        expect(payments.ends('20261207-3')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ reason: 'ERROR', error_code: 'BANKIDCL' }) }),
        ]);
      },
      { timeout: 5000, interval: 20 },
    );
  });

  it('a poll racing the wake-ups reads each open request once at a time and still records one end', async () => {
    payments.request('20261207-4', 10_000);
    const id = swishInstructionId('payment', '20261207-4');
    await client.createPaymentRequest(id, { amountOre: 10_000, message: 'Order 20261207-4' });
    await Promise.all([watch.pollOnce(), watch.wake(id), watch.wake(id), watch.pollOnce()]);
    await vi.waitFor(() => expect(payments.ends('20261207-4')).toHaveLength(1), { timeout: 5000, interval: 20 });
    await Promise.all([watch.pollOnce(), watch.wake(id)]);
    expect(payments.ends('20261207-4')).toHaveLength(1);
  });
});

describe('a callback that never comes', () => {
  it('is caught by the poll', async () => {
    quietPayments.request('20261208-1', 20_000);
    await quietClient.createPaymentRequest(swishInstructionId('payment', '20261208-1'), {
      amountOre: 20_000,
      message: 'Order 20261208-1',
    });
    await vi.waitFor(
      () => expect(quietPayments.ends('20261208-1')).toEqual([expect.objectContaining({ type: 'SwishPaymentPaid' })]),
      {
        timeout: 5000,
        interval: 20,
      },
    );
    expect(quiet.callbacks).toEqual([]);
  });

  it('a request Swish never got (its PUT lost) ends as EXPIRED once its lifetime is over, and not before', async () => {
    quietPayments.request('20261208-2', 20_000, 600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quietPayments.ends('20261208-2')).toEqual([]);
    await vi.waitFor(
      () =>
        expect(quietPayments.ends('20261208-2')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ reason: 'EXPIRED' }) }),
        ]),
      { timeout: 5000, interval: 20 },
    );
  });
});
