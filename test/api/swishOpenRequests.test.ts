// The payment watch reads only the open Swish payment requests (issue 49, rule: swish-payment):
// the bookings read model marks a booking `swish_open: 'payment'` from its SwishPaymentRequested
// until its payment ends (also when the booking is cancelled first: the request is cancelled at
// Swish), and the poll asks for those alone, never every pending or cancelled booking. A request's
// token is kept in the store (SWISH_TOKENS, api/swish/payments.ts) while it is open and goes with
// its end. Over the real server and a Swish of the test's own that never calls back; the test
// polls by hand.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SWISH_TOKENS } from '../../api/swish/payments.js';
import { swishInstructionId } from '../../api/swish/client.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSwishSetup, type SwishSetup } from '../support/swishSetup.js';
import type { TestSwish } from '../support/swishServer.js';

let setup: SwishSetup | undefined;
let swish: TestSwish;
let server: TestServer;
let admin: string;
let next: string | null = 'OPEN';

beforeAll(async () => {
  setup = await startSwishSetup('swish-open', { callBack: false, outcome: () => next });
  swish = setup.swish;
  const config = setup.config;
  // No poll of its own: the test polls.
  server = await startTestServer({ now: () => MONDAY_MORNING, config: { swish: config, swishPollMs: 0 } });
  admin = await server.login();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await setup?.close();
});

const docs = () => server.server.docs;
const OPEN = { swish_open: 'payment' };
const openIds = async () => (await docs().find(COLLECTIONS.bookings, OPEN)).map((d) => d.id).sort();
const poll = () => server.server.app.swishPayments!.watch.pollOnce();
async function book(time: string) {
  const reply = await server.post('/api/bookings', bookingPayload({ time }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.booking_id as string;
}

describe('the open Swish payment requests', () => {
  it('hold a booking from its request to its end, and the poll reads them alone', async () => {
    // Bookings without a payment (the rule asks none yet) are never in it.
    const plain = await book('11:00');
    expect(await openIds()).toEqual([]);

    expect((await server.put('/api/admin/swish/prepay', { choice: 'required_all_web' }, admin)).status).toBe(200);
    next = 'OPEN';
    const open = await book('12:00');
    next = null; // PAID after the test Swish's delay
    const paid = await book('12:30');
    await vi.waitFor(async () => expect(await openIds()).toEqual([open, paid].sort()));
    expect(swish.payments.has(swishInstructionId('payment', open))).toBe(true);
    expect((await docs().get(SWISH_TOKENS, paid))?.token).toMatch(/^token-/);

    // The poll asks the bookings read model for the open requests alone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const find = vi.spyOn(docs(), 'find');
    await poll();
    const asked = find.mock.calls.filter(([collection]) => collection === COLLECTIONS.bookings);
    find.mockRestore();
    // (The mail outbox, running beside it, may read its own log meanwhile.)
    expect(asked.length).toBeGreaterThan(0);
    for (const [, filter] of asked) expect(filter).toEqual(OPEN);

    // Paid: gone from the open requests, and its token with it; the open one stays.
    await vi.waitFor(async () => expect(await openIds()).toEqual([open]));
    expect(await docs().get(SWISH_TOKENS, paid)).toBeNull();
    expect((await server.get(`/api/admin/bookings/${paid}`, admin)).body.payment.status).toBe('paid');

    // Cancelled while its payment is still requested: its request is cancelled at Swish and ends,
    // and its token with it.
    expect((await server.put(`/api/admin/bookings/${open}/cancel`, { reason: 'Stänger tidigt' }, admin)).status).toBe(
      200,
    );
    await vi.waitFor(
      async () => {
        await poll();
        expect(await openIds()).toEqual([]);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(await openIds()).not.toContain(plain);
    expect(await docs().get(SWISH_TOKENS, open)).toBeNull();
  });
});
