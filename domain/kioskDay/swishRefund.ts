// A paid booking's money given back (issue 49, rule: swish-refund): when a cancellation asks for a
// refund, and how Swish's answer about the refund decides its end. Pure: the caller brings the
// refund's id (derived from the booking: api/swish/client.ts swishInstructionId('refund', …)),
// Swish's answer (GET /api/v1/refunds/{id}, which a callback only wakes) and the time. The events
// are the payment's (./swishPayment.ts), in the booking's kiosk-day stream.
import type { BookingCancelledData } from './kioskDay.js';
import type { SwishPaymentEvent, SwishPaymentTrack, SwishRefundReason } from './swishPayment.js';

/**
 * rule: swish-refund. Why a cancellation gives the money back: staff's own cancellation or the one
 * a closure makes, the customer's (before the cut-off: the only one the kiosk takes), a move to
 * another date taken back (the copy on the new date is cancelled `move_undone`), and the system's
 * (a paid booking nobody confirmed in time, rule pending-expiry).
 */
export function refundReasonOf(cancelled: Pick<BookingCancelledData, 'by' | 'move_undone'>, closure: boolean) {
  const reasons: Record<BookingCancelledData['by'], SwishRefundReason> = {
    staff: closure ? 'closure' : 'staff_cancel',
    customer: cancelled.move_undone ? 'reschedule' : 'customer_cancel',
    system: 'expired',
  };
  return reasons[cancelled.by];
}

/**
 * rule: swish-refund. The refund a booking's payment gets, decided in the same append as what ends
 * the booking (its cancellation, or a payment that came after it): the whole amount paid, once. A
 * payment not paid, or one whose refund was asked for before, gets none; a paid one without a
 * refund id to give it is a mistake of the caller's, never money silently kept.
 */
export function swishRefundFor(
  track: SwishPaymentTrack | undefined,
  bookingId: string,
  refundId: string | undefined,
  reason: SwishRefundReason,
  now: Date,
): SwishPaymentEvent | null {
  if (track?.status !== 'paid' || track.refund) return null;
  if (!refundId) throw new Error(`Booking ${bookingId} is paid with Swish and was ended without a refund id`);
  return {
    type: 'SwishRefundRequested',
    data: {
      booking_id: bookingId,
      refund_id: refundId,
      original_payment_reference: track.payment_reference,
      amount_cents: track.amount_cents,
      reason,
      requested_at: now.toISOString(),
    },
  };
}

/** Swish's answer about a refund, as the client reads it (api/swish/client.ts). */
export interface SwishRefundAnswer {
  id: string;
  status: 'VALIDATED' | 'DEBITED' | 'PAID' | 'ERROR';
  /** The refund's own bank reference, once PAID. */
  paymentReference: string | null;
  /** Kronor, as Swish gives it. */
  amount: number;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * rule: swish-refund. What Swish's answer decides for a requested refund: PAID records it
 * refunded, with its bank reference; ERROR (or a PUT Swish refused, answered as ERROR with its
 * code) records it failed with Swish's code; VALIDATED or DEBITED is still on its way. A refund
 * that ended already decides nothing (a second callback, a late poll): each refund ends once.
 */
export function decideSwishRefund(
  track: SwishPaymentTrack | undefined,
  bookingId: string,
  answer: SwishRefundAnswer,
  now: Date,
): SwishPaymentEvent | null {
  if (track?.status !== 'paid' || track.refund?.status !== 'requested') return null;
  const { refund_id, amount_cents } = track.refund;
  if (answer.id !== refund_id) return null;
  const at = now.toISOString();
  if (answer.status === 'PAID' && answer.paymentReference)
    return {
      type: 'SwishRefunded',
      data: {
        booking_id: bookingId,
        refund_id,
        amount_cents,
        payment_reference: answer.paymentReference,
        refunded_at: at,
      },
    };
  if (answer.status !== 'ERROR') return null;
  return {
    type: 'SwishRefundFailed',
    data: {
      booking_id: bookingId,
      refund_id,
      error_code: answer.errorCode,
      error_message: answer.errorMessage,
      failed_at: at,
    },
  };
}
