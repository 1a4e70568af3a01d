// A web booking paid with Swish in advance, in the kiosk day (issue 49, rules swish-prepay and
// swish-payment), over the real server set up through SWISH_* with a certificate from the test's
// own CA: placed pending with its SwishPaymentRequested in the same append (capacity held), shown
// to staff as waiting for the payment and refused confirmation until paid; Swish's answer settles
// it once: paid marks it paid (then staff confirm), a failure cancels it by the system, freeing
// its capacity, with a mail that says why. With the rule 'never', or Swish off, nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swishInstructionId } from '../../api/swish/client.js';
import { bookingCancelledMail } from '../../api/mail/templates.js';
import { msg } from '../../domain/messages.js';
import type { SwishPaymentAnswer } from '../../domain/kioskDay/swishPayment.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { SWISH_PAYEE, startSwishSetup, type SwishSetup } from '../support/swishSetup.js';

const DATE = '2026-11-24';
let setup: SwishSetup | undefined;
let on: TestServer;
let off: TestServer;
let onAdmin: string;
let offAdmin: string;
let now = MONDAY_MORNING;

beforeAll(async () => {
  setup = await startSwishSetup('swish-booking', { callBack: false });
  const swishConfig = setup.config;
  [on, off] = await Promise.all([
    startTestServer({ now: () => now, config: { swish: swishConfig } }),
    startTestServer({ now: () => MONDAY_MORNING }),
  ]);
  [onAdmin, offAdmin] = await Promise.all([on.login(), off.login()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
  await setup?.close();
});

const setPrepay = async (server: TestServer, admin: string, prepay: Record<string, unknown>) =>
  expect((await server.put('/api/admin/swish/prepay', prepay, admin)).status).toBe(200);
const slotLeft = async (server: TestServer, time: string) =>
  (await server.get(`/api/availability?date=${DATE}&pizzas=1`)).body.slots.find(
    (s: { time: string }) => s.time === time,
  ).capacity_remaining as number;
const dayEvents = async (server: TestServer) =>
  (await server.server.events.readStream(`kioskday-${DATE}`)) as Array<{ type: string; data: any }>;
const answer = (id: string, change: Partial<SwishPaymentAnswer>): SwishPaymentAnswer => ({
  id: swishInstructionId('payment', id),
  status: 'PAID',
  paymentReference: 'REF-1',
  amount: 0,
  errorCode: null,
  ...change,
});

describe('a web booking asked to pay with Swish (rule swish-prepay: required_all_web)', () => {
  it('is placed pending with its payment request in the same append, its capacity held', async () => {
    await setPrepay(on, onAdmin, { choice: 'required_all_web' });
    const before = await slotLeft(on, '12:00');
    const reply = await on.post('/api/bookings', bookingPayload({ time: '12:00' }));
    expect(reply.status).toBe(201);
    const id = reply.body.booking_id as string;
    const total = reply.body.booking.final_total_cents as number;
    expect(reply.body.payment).toMatchObject({ method: 'swish', status: 'requested', amount_cents: total });
    expect(Date.parse(reply.body.payment.expires_at) - MONDAY_MORNING.getTime()).toBe(10 * 60_000);
    // One append: the booking, then its request.
    const events = (await dayEvents(on)).filter((e) => e.data.booking_id === id);
    expect(events.map((e) => e.type)).toEqual(['BookingPlaced', 'SwishPaymentRequested']);
    expect(events[1].data).toMatchObject({
      instruction_id: swishInstructionId('payment', id),
      payee: SWISH_PAYEE,
      amount_cents: total,
    });
    expect(await slotLeft(on, '12:00')).toBe(before - 2);

    // Staff see it waiting for the payment, and cannot confirm it yet.
    const shown = (await on.get(`/api/admin/bookings/${id}`, onAdmin)).body;
    expect(shown).toMatchObject({ status: 'pending', payment: { method: 'swish', status: 'requested' } });
    const refused = await on.put(`/api/admin/bookings/${id}/confirm`, {}, onAdmin);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(msg.swishPaymentAwaited);

    // A customer's move would leave the payment behind: refused in Swedish.
    const move = await on.post(`/api/bookings/${id}/reschedule`, {
      email: 'asa@example.se',
      date: '2026-11-25',
      time: '12:00',
    });
    expect(move.status).toBe(400);
    expect(JSON.stringify(move.body)).toContain(msg.swishBookingNotMovable);

    // Paid: marked paid with the bank's reference (once: the same answer again records nothing);
    // then staff confirm.
    const services = on.server.app.services;
    const paid = answer(id, { amount: total / 100, paymentReference: 'E0A1B2C3' });
    expect((await services.bookings.settleSwishPayment(id, paid)).map((e) => e.type)).toEqual(['SwishPaymentPaid']);
    expect(await services.bookings.settleSwishPayment(id, paid)).toEqual([]);
    await expect
      .poll(async () => (await on.get(`/api/admin/bookings/${id}`, onAdmin)).body.payment)
      .toMatchObject({
        status: 'paid',
        amount_cents: total,
        payment_reference: 'E0A1B2C3',
      });
    expect((await on.put(`/api/admin/bookings/${id}/confirm`, {}, onAdmin)).status).toBe(200);
    const history = (await on.get(`/api/admin/bookings/${id}/history`, onAdmin)).body;
    expect(JSON.stringify(history)).toContain('SwishPaymentPaid');

    // Paid, it still moves to another time the same day: the same number, the payment with it.
    const later = await on.post(`/api/bookings/${id}/reschedule`, {
      email: 'asa@example.se',
      date: '2026-11-24',
      time: '12:30',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    await expect
      .poll(async () => (await on.get(`/api/admin/bookings/${id}`, onAdmin)).body)
      .toMatchObject({ booking_time: '12:30', payment: { status: 'paid', payment_reference: 'E0A1B2C3' } });
    // Not to another date.
    const away = await on.post(`/api/bookings/${id}/reschedule`, {
      email: 'asa@example.se',
      date: '2026-11-25',
      time: '12:00',
    });
    expect(away.status).toBe(400);
    expect(JSON.stringify(away.body)).toContain(msg.swishBookingNotMovable);
  });

  it.each([
    ['DECLINED', null],
    ['ERROR', 'RF07'],
    ['CANCELLED', null],
  ] as const)('ended %s: cancelled by the system in the same append, its capacity freed', async (status, code) => {
    const before = await slotLeft(on, '13:00');
    const reply = await on.post('/api/bookings', bookingPayload({ time: '13:00' }));
    const id = reply.body.booking_id as string;
    expect(await slotLeft(on, '13:00')).toBe(before - 2);
    const services = on.server.app.services;
    const ended = await services.bookings.settleSwishPayment(id, answer(id, { status, errorCode: code }));
    expect(ended.map((e) => e.type)).toEqual(['SwishPaymentFailed', 'BookingCancelled']);
    expect(ended[0].data).toMatchObject({ reason: status, error_code: code });
    expect(ended[1].data).toMatchObject({ by: 'system', reason: msg.swishPaymentFailedReason });
    await expect.poll(() => slotLeft(on, '13:00')).toBe(before);
    const shown = (await on.get(`/api/admin/bookings/${id}`, onAdmin)).body;
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: msg.swishPaymentFailedReason,
      payment: { status: 'failed', failure: status },
    });
    // A late answer, or a second callback, changes nothing.
    expect(await services.bookings.settleSwishPayment(id, answer(id, { status: 'PAID' }))).toEqual([]);
  });

  it('never paid within its lifetime: expired, cancelled and freed', async () => {
    const reply = await on.post('/api/bookings', bookingPayload({ time: '14:00' }));
    const id = reply.body.booking_id as string;
    const services = on.server.app.services;
    // Still CREATED (or no answer) before the end of its lifetime: nothing yet.
    expect(await services.bookings.settleSwishPayment(id, answer(id, { status: 'CREATED' }))).toEqual([]);
    expect(await services.bookings.settleSwishPayment(id, null)).toEqual([]);
    // Its lifetime over with no answer (or still CREATED): failed as EXPIRED, cancelled, freed.
    const before = await slotLeft(on, '14:00');
    now = new Date(MONDAY_MORNING.getTime() + 10 * 60_000);
    try {
      const ended = await services.bookings.settleSwishPayment(id, null);
      expect(ended.map((e) => e.type)).toEqual(['SwishPaymentFailed', 'BookingCancelled']);
      expect(ended[0].data).toMatchObject({ reason: 'EXPIRED', error_code: null });
      await expect.poll(() => slotLeft(on, '14:00')).toBe(before + 2);
    } finally {
      now = MONDAY_MORNING;
    }
  });

  it('the customer’s mail says the payment did not go through, not that the kiosk was late', () => {
    const mail = bookingCancelledMail(
      { ...bookingPayload(), booking_id: '20261124-1', items: [], final_total_cents: 0 } as never,
      msg.swishPaymentFailedReason,
      'system',
    );
    expect(mail.text).toContain('betalningen med Swish inte gick igenom');
    expect(mail.text).not.toContain('inte hann bekräfta');
  });

  it('offered (and required from 3 pizzas below 3): asked only when the customer chose to pay now', async () => {
    for (const prepay of [{ choice: 'offered' }, { choice: 'required_from_pizzas', from_pizzas: 3 }]) {
      await setPrepay(on, onAdmin, prepay);
      const one = { items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 };
      const without = await on.post('/api/bookings', bookingPayload({ time: '15:00', ...one }));
      expect(without.status).toBe(201);
      expect(without.body.payment).toBeUndefined();
      const chosen = await on.post('/api/bookings', bookingPayload({ time: '15:00', ...one, pay_with_swish: true }));
      expect(chosen.status).toBe(201);
      expect(chosen.body.payment).toMatchObject({ method: 'swish', status: 'requested' });
    }
    // From 3 pizzas it is required, chosen or not.
    const three = await on.post(
      '/api/bookings',
      bookingPayload({ time: '14:00', items: [{ pizza_id: 1, qty: 3 }], requested_pizzas: 3 }),
    );
    expect(three.body.payment).toMatchObject({ status: 'requested' });
  });

  it('with the rule never, a booking is placed as before: no payment', async () => {
    await setPrepay(on, onAdmin, { choice: 'never' });
    const reply = await on.post('/api/bookings', bookingPayload({ time: '15:00' }));
    expect(reply.status).toBe(201);
    expect(reply.body.payment).toBeUndefined();
    const id = reply.body.booking_id as string;
    expect((await dayEvents(on)).filter((e) => e.data.booking_id === id).map((e) => e.type)).toEqual(['BookingPlaced']);
    expect((await on.put(`/api/admin/bookings/${id}/confirm`, {}, onAdmin)).status).toBe(200);
  });

  it('with Swish off, the rule asks nothing: placed and confirmed as before', async () => {
    await setPrepay(off, offAdmin, { choice: 'required_all_web' });
    const reply = await off.post('/api/bookings', bookingPayload({ time: '12:00' }));
    expect(reply.status).toBe(201);
    expect(reply.body.payment).toBeUndefined();
    expect((await off.put(`/api/admin/bookings/${reply.body.booking_id}/confirm`, {}, offAdmin)).status).toBe(200);
  });
});
