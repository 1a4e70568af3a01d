// The payer's Swish number and erasure (issue 49, rules swish-payment and erasure): Swish's answer
// to a paid request names the payer (`payerAlias`, their phone). The kiosk records it with the
// payment (SwishPaymentPaid's `payer_alias`), sealed under the key of the booking's e-mail as the
// other personal fields are, and shows it to staff in the booking's history (and to the customer in
// their data request, which carries each booking's history). Once the customer is
// erased it reads "[raderad]" in the events read back, the history and every staff answer, and no
// file under DATA_DIR holds it in readable form. Over the real server and a Swish of the test's own
// (HTTPS with client certificates), the watch's poll reading the payment's end.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED } from '../../domain/customers/personalData.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSwishSetup, type SwishSetup } from '../support/swishSetup.js';

const DATE = '2026-11-24';
// Written as Swish writes it (digits only), and as a customer might (with the leading 0).
const PAYER = '46739991122';
const PAYER_LOCAL = '0739991122';
const EMAIL = 'betalare.unik@example.se';
let setup: SwishSetup | undefined;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  setup = await startSwishSetup('swish-payer', { callBack: false, payerAlias: PAYER });
  const config = setup.config;
  server = await startTestServer({ now: () => MONDAY_MORNING, config: { swish: config, swishPollMs: 100 } });
  admin = await server.login();
  expect((await server.put('/api/admin/swish/prepay', { choice: 'required_all_web' }, admin)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await setup?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

/** Files under the directory holding the payer's number in readable form. */
function holding(path: string): string[] {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => holding(join(path, name)));
  const text = readFileSync(path).toString('latin1');
  return text.includes(PAYER) || text.includes(PAYER_LOCAL) ? [path] : [];
}

const paidEvent = async (id: string) =>
  ((await server.server.events.readStream(`kioskday-${DATE}`)) as Array<{ type: string; data: any }>).find(
    (e) => e.type === 'SwishPaymentPaid' && e.data.booking_id === id,
  );

describe("the payer's Swish number", () => {
  it('is recorded with the payment, sealed, shown to staff in the history, and erased with the customer', async () => {
    const booked = await server.post('/api/bookings', bookingPayload({ time: '12:00', email: EMAIL }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.booking_id as string;
    await until(
      () => server.get(`/api/admin/bookings/${id}`, admin),
      (r) => r.body.payment?.status === 'paid',
    );

    // Recorded with the payment, and with the e-mail whose key seals it.
    const paid = await paidEvent(id);
    expect(paid?.data).toMatchObject({ payer_alias: PAYER, email: EMAIL });
    const history = await server.get(`/api/admin/bookings/${id}/history`, admin);
    expect(history.body.find((e: { type: string }) => e.type === 'SwishPaymentPaid').data.payer_alias).toBe(PAYER);
    // The customer's own data request (GDPR art. 15) names it, through the booking's history.
    const exported = await server.get(`/api/admin/customers/export?email=${encodeURIComponent(EMAIL)}`, admin);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(PAYER);
    // Sealed in the log: not in readable form in the event store's files.
    expect(holding(server.dataDir).filter((f) => f.includes('events'))).toEqual([]);

    const erased = await server.post('/api/admin/customers/erase', { email: EMAIL }, admin);
    expect(erased.status).toBe(200);

    // The events read back, the history, and the staff's answers.
    expect((await paidEvent(id))?.data.payer_alias).toBe(ERASED);
    const after = await server.get(`/api/admin/bookings/${id}/history`, admin);
    expect(after.body.find((e: { type: string }) => e.type === 'SwishPaymentPaid').data.payer_alias).toBe(ERASED);
    // The payment itself stays: paid, with its amount and reference (the books and refunds need them).
    expect((await paidEvent(id))?.data.payment_reference).toMatch(/^PAYREF/);
    for (const path of [
      `/api/admin/customers/export?email=${encodeURIComponent(EMAIL)}`,
      `/api/admin/bookings/${id}`,
      `/api/admin/bookings/${id}/history`,
      `/api/admin/bookings?date=${DATE}`,
      `/api/admin/kitchen?date=${DATE}`,
    ]) {
      const answer = await server.get(path, admin);
      expect(answer.status, path).toBe(200);
      expect(JSON.stringify(answer.body), path).not.toContain(PAYER);
    }
    expect((await server.get(`/api/admin/bookings/${id}`, admin)).body.payment.status).toBe('paid');
    // Nothing under DATA_DIR holds it readable.
    expect(holding(server.dataDir)).toEqual([]);
  });
});
