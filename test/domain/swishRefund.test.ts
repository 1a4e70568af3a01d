// A paid booking's money given back (rule: swish-refund): every way a paid booking is cancelled
// asks for its refund in the same append, once, for the amount paid; Swish's answer about the
// refund ends it once; a payment that comes after the booking was cancelled is refunded.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { bookingPayment, type BookingPayment, type SwishRefundReason } from '../../domain/kioskDay/swishPayment.js';
import type { SwishRefundAnswer } from '../../domain/kioskDay/swishRefund.js';
import { given } from './givenWhenThen.js';
import { cancelled, clock, clockAt, placed, settingsWith, TOMORROW } from './fixtures.js';

const PAY_ID = '0123456789ABCDEF0123456789ABCDEF';
const REFUND_ID = 'FEDCBA9876543210FEDCBA9876543210';
const booking = placed({ date: TOMORROW, pizzas: 2 });
const { booking_id: BOOKING_ID, final_total_cents: AMOUNT } = booking.data as BookingPlacedData;

const requested: KioskDayEvent = {
  type: 'SwishPaymentRequested',
  data: {
    booking_id: BOOKING_ID,
    instruction_id: PAY_ID,
    payee: '1231181189',
    amount_cents: AMOUNT,
    requested_at: '2026-11-20T12:00:00.000Z',
    expires_at: '2026-11-20T12:10:00.000Z',
  },
};
const paid: KioskDayEvent = {
  type: 'SwishPaymentPaid',
  data: {
    booking_id: BOOKING_ID,
    instruction_id: PAY_ID,
    payment_reference: 'PAYREF1',
    amount_cents: AMOUNT,
    paid_at: '2026-11-20T12:01:00.000Z',
  },
};
const refundRequested = (reason: SwishRefundReason, at = clock.now.toISOString()) => ({
  type: 'SwishRefundRequested' as const,
  data: {
    booking_id: BOOKING_ID,
    refund_id: REFUND_ID,
    original_payment_reference: 'PAYREF1',
    amount_cents: AMOUNT,
    reason,
    requested_at: at,
  },
});
const staffCancel = { type: 'CancelBookingByStaff' as const, bookingId: BOOKING_ID, reason: 'Stängt', clock };
const refundAnswer = (changes: Partial<SwishRefundAnswer>): SwishRefundAnswer => ({
  id: REFUND_ID,
  status: 'VALIDATED',
  paymentReference: null,
  amount: AMOUNT / 100,
  errorCode: null,
  errorMessage: null,
  ...changes,
});
const paidDay = (...more: KioskDayEvent[]) => given(kioskDayDecider, [booking, requested, paid, ...more]);

describe('a paid booking cancelled (rule: swish-refund)', () => {
  it('by staff: the refund of the amount paid in the same append as the cancellation', () => {
    paidDay()
      .when({ ...staffCancel, swishRefundId: REFUND_ID })
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'staff' } }, refundRequested('staff_cancel')]);
  });

  it('by a closure, by the customer before the cut-off, by the expiry: each with its reason', () => {
    paidDay()
      .when({ ...staffCancel, closure: true, swishRefundId: REFUND_ID })
      .thenMatches([{ type: 'BookingCancelled' }, refundRequested('closure')]);
    paidDay()
      .when({
        type: 'CancelBookingByCustomer',
        bookingId: BOOKING_ID,
        email: 'sven@example.se',
        settings: settingsWith(),
        clock,
        swishRefundId: REFUND_ID,
      })
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'customer' } }, refundRequested('customer_cancel')]);
    const at = clockAt('2026-11-20T13:00:00.000Z');
    paidDay()
      .when({
        type: 'ExpirePendingBooking',
        bookingId: BOOKING_ID,
        settings: settingsWith({ pending_expiry_minutes: 30 }),
        clock: at,
        swishRefundId: REFUND_ID,
      })
      .thenMatches([
        { type: 'BookingCancelled', data: { by: 'system' } },
        refundRequested('expired', at.now.toISOString()),
      ]);
  });

  it('a booking never paid, or whose payment is still requested or failed, gets no refund', () => {
    given(kioskDayDecider, [booking])
      .when({ ...staffCancel, swishRefundId: REFUND_ID })
      .thenMatches([{ type: 'BookingCancelled' }]);
    given(kioskDayDecider, [booking, requested])
      .when({ ...staffCancel, swishRefundId: REFUND_ID })
      .thenMatches([{ type: 'BookingCancelled' }]);
  });

  it('a paid booking is never cancelled without a refund id (a mistake, never money kept)', () => {
    expect(() => paidDay().when(staffCancel).thenState()).toThrow(/without a refund id/);
  });

  it('ends once: PAID refunded with its reference, ERROR failed with Swish’s code; in between nothing', () => {
    const after = [cancelled(booking), refundRequested('staff_cancel')] as KioskDayEvent[];
    const settle = (answer: SwishRefundAnswer) =>
      ({ type: 'SettleSwishRefund', bookingId: BOOKING_ID, answer, clock }) as const;
    paidDay(...after)
      .when(settle(refundAnswer({ status: 'DEBITED' })))
      .then([]);
    paidDay(...after)
      .when(settle(refundAnswer({ status: 'PAID', paymentReference: 'REFREF1' })))
      .then([
        {
          type: 'SwishRefunded',
          data: {
            booking_id: BOOKING_ID,
            refund_id: REFUND_ID,
            amount_cents: AMOUNT,
            payment_reference: 'REFREF1',
            refunded_at: clock.now.toISOString(),
          },
        },
      ]);
    const failed = paidDay(...after)
      .when(settle(refundAnswer({ status: 'ERROR', errorCode: 'RF07', errorMessage: 'Transaction declined' })))
      .thenState();
    const track = failed.bookings.get(BOOKING_ID)!.swish;
    expect(track).toMatchObject({ status: 'paid', refund: { status: 'failed' } });
    // A second callback, a late poll, another id: nothing.
    const refunded = {
      type: 'SwishRefunded',
      data: {
        booking_id: BOOKING_ID,
        refund_id: REFUND_ID,
        amount_cents: AMOUNT,
        payment_reference: 'REFREF1',
        refunded_at: clock.now.toISOString(),
      },
    } as KioskDayEvent;
    paidDay(...after, refunded)
      .when(settle(refundAnswer({ status: 'PAID', paymentReference: 'REFREF1' })))
      .then([]);
    paidDay(...after)
      .when(settle(refundAnswer({ id: PAY_ID, status: 'PAID', paymentReference: 'X' })))
      .then([]);
  });

  it('a payment that comes after the booking was cancelled is refunded as late_payment, once', () => {
    const day = given(kioskDayDecider, [booking, requested, cancelled(booking)]);
    const settle = {
      type: 'SettleSwishPayment' as const,
      bookingId: BOOKING_ID,
      answer: {
        id: PAY_ID,
        status: 'PAID' as const,
        paymentReference: 'PAYREF1',
        amount: AMOUNT / 100,
        errorCode: null,
      },
      clock,
      swishRefundId: REFUND_ID,
    };
    day.when(settle).thenMatches([{ type: 'SwishPaymentPaid' }, refundRequested('late_payment')]);
  });

  it('the read model shows the refund: requested, then refunded or failed with the code', () => {
    const events = [requested, paid, refundRequested('staff_cancel')] as Parameters<typeof bookingPayment>[1][];
    let payment: BookingPayment | undefined;
    for (const e of events) payment = bookingPayment(payment, e);
    expect(payment?.refund).toEqual({
      status: 'requested',
      amount_cents: AMOUNT,
      requested_at: clock.now.toISOString(),
    });
    const failed = bookingPayment(payment, {
      type: 'SwishRefundFailed',
      data: { booking_id: BOOKING_ID, refund_id: REFUND_ID, error_code: 'RF08', error_message: 'x', failed_at: 'T' },
    });
    expect(failed?.refund).toMatchObject({ status: 'failed', error_code: 'RF08' });
  });
});
