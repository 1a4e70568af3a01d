// A web booking's Swish payment (issue 49, rule: swish-payment): what its three events record and
// how Swish's answer about the payment request decides between them. Pure: the caller brings the
// answer Swish gave (GET /api/v1/paymentrequests/{id}, which a callback only wakes: the
// callback's body is never believed) and the time.
//
// The events live in the kiosk day's stream (kioskDay.ts): a booking asked to pay is placed with
// its SwishPaymentRequested in the same append (swishPaymentRequest), and a failure is appended
// with the booking's cancellation by the system, which frees its capacity (decide.ts).
import { assertNever, type DomainEvent } from '../shared/decider.js';

/**
 * How long the kiosk waits for a payment request's end before it lets the booking go. Swish ends
 * an m-commerce request the payer never opened itself after a few minutes (status ERROR, code
 * TM01: developer.swish.nu, "Error codes"); a callback that never comes and status reads that fail
 * are caught here, with a margin, so the capacity the booking holds is never held for long.
 */
export const SWISH_PAYMENT_LIFETIME_MINUTES = 10;

export interface SwishPaymentRequestedData {
  booking_id: string;
  /** The payment request's id: 32 upper-case hex characters derived from the booking. */
  instruction_id: string;
  /** The merchant's Swish number the payment goes to. */
  payee: string;
  amount_cents: number;
  requested_at: string;
  /** When the kiosk gives up waiting (SWISH_PAYMENT_LIFETIME_MINUTES after the request). */
  expires_at: string;
}

export interface SwishPaymentPaidData {
  booking_id: string;
  instruction_id: string;
  /** The bank's reference of the payment: what a refund names. */
  payment_reference: string;
  amount_cents: number;
  paid_at: string;
  /**
   * The payer's Swish number as Swish's answer gives it (personal data: sealed under the customer's
   * key with `email`, domain/customers/personalData.ts, so erasing the customer erases it). Absent
   * when Swish gave none, or the booking names no customer by e-mail.
   */
  payer_alias?: string;
  /** The booking's e-mail, whose key seals payer_alias (rule: erasure); only with payer_alias. */
  email?: string;
}

/** Why a payment ended without money: Swish's own status, or the kiosk's lifetime ran out. */
export const SWISH_FAILURES = ['DECLINED', 'ERROR', 'CANCELLED', 'EXPIRED'] as const;
export type SwishFailure = (typeof SWISH_FAILURES)[number];

export interface SwishPaymentFailedData {
  booking_id: string;
  instruction_id: string;
  reason: SwishFailure;
  /** Swish's error code with ERROR (RF07, BANKIDCL, TM01, …); null otherwise. */
  error_code: string | null;
  failed_at: string;
}

/**
 * Why a paid booking's money goes back (rule: swish-refund): staff cancelled it, a closure did
 * (staff's cancellation of every booking a closure affects), a move to another date could not be
 * completed, the customer cancelled before the kiosk's cut-off, the payment came after the booking
 * had already been cancelled, or nobody confirmed the paid booking in time (rule pending-expiry).
 */
export const SWISH_REFUND_REASONS = [
  'staff_cancel',
  'closure',
  'reschedule',
  'customer_cancel',
  'late_payment',
  'expired',
] as const;
export type SwishRefundReason = (typeof SWISH_REFUND_REASONS)[number];

export interface SwishRefundRequestedData {
  booking_id: string;
  /** The refund's instruction id: 32 upper-case hex characters derived from the booking (one refund per booking). */
  refund_id: string;
  /** The payment's bank reference (SwishPaymentPaid's payment_reference): what the refund names. */
  original_payment_reference: string;
  amount_cents: number;
  reason: SwishRefundReason;
  requested_at: string;
}

export interface SwishRefundedData {
  booking_id: string;
  refund_id: string;
  amount_cents: number;
  /** The refund's own bank reference. */
  payment_reference: string;
  refunded_at: string;
}

export interface SwishRefundFailedData {
  booking_id: string;
  refund_id: string;
  /** Swish's error code (RF02, RF08, RF07, …); null when Swish gave none. */
  error_code: string | null;
  error_message: string | null;
  failed_at: string;
}

export type SwishPaymentEvent =
  | DomainEvent<'SwishPaymentRequested', SwishPaymentRequestedData>
  | DomainEvent<'SwishPaymentPaid', SwishPaymentPaidData>
  | DomainEvent<'SwishPaymentFailed', SwishPaymentFailedData>
  | DomainEvent<'SwishRefundRequested', SwishRefundRequestedData>
  | DomainEvent<'SwishRefunded', SwishRefundedData>
  | DomainEvent<'SwishRefundFailed', SwishRefundFailedData>;

/** A paid booking's refund as its events leave it (rule: swish-refund). */
export interface SwishRefundTrack {
  refund_id: string;
  status: 'requested' | 'refunded' | 'failed';
  amount_cents: number;
}

/** A booking's payment as its events leave it. */
export type SwishPaymentTrack =
  | { status: 'none' }
  | { status: 'requested'; instruction_id: string; amount_cents: number; expires_at: string }
  | {
      status: 'paid';
      instruction_id: string;
      payment_reference: string;
      amount_cents: number;
      /** Once its money is asked back (rule: swish-refund): at most one refund per payment. */
      refund?: SwishRefundTrack;
    }
  | { status: 'failed'; instruction_id: string; reason: SwishFailure; error_code: string | null };

export const NO_SWISH_PAYMENT: SwishPaymentTrack = { status: 'none' };

/** The payment and refund events' names: the projections that take no part in them ignore these. */
export const SWISH_EVENTS = [
  'SwishPaymentRequested',
  'SwishPaymentPaid',
  'SwishPaymentFailed',
  'SwishRefundRequested',
  'SwishRefunded',
  'SwishRefundFailed',
] as const;

/**
 * What a booking asked to pay in advance needs to request it (rule: swish-payment): the merchant's
 * Swish number, and the payment request's id for a booking id (derived, so a retry never makes a
 * second request: api/swish/client.ts swishInstructionId).
 */
export interface SwishPaymentAsked {
  payee: string;
  instructionIdFor: (bookingId: string) => string;
}

/**
 * rule: swish-payment. The request that goes with a booking placed with a payment asked for: the
 * booking's total, waited for SWISH_PAYMENT_LIFETIME_MINUTES.
 */
export function swishPaymentRequest(
  asked: SwishPaymentAsked,
  booking: { booking_id: string; final_total_cents: number },
  now: Date,
): SwishPaymentEvent {
  return {
    type: 'SwishPaymentRequested',
    data: {
      booking_id: booking.booking_id,
      instruction_id: asked.instructionIdFor(booking.booking_id),
      payee: asked.payee,
      amount_cents: booking.final_total_cents,
      requested_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SWISH_PAYMENT_LIFETIME_MINUTES * 60_000).toISOString(),
    },
  };
}

/** A booking's payment as the customer and staff see it (the read model's and the answers' `payment`). */
export interface BookingPayment {
  method: 'swish';
  status: 'requested' | 'paid' | 'failed';
  amount_cents: number;
  /** Until when the kiosk waits for it (while requested). */
  expires_at?: string;
  /** The bank's reference, once paid. */
  payment_reference?: string;
  paid_at?: string;
  /** Why it ended without money, once failed. */
  failure?: SwishFailure;
  /** Its money asked back (rule: swish-refund), once a paid booking was cancelled. */
  refund?: BookingRefund;
}

/** A paid booking's refund as the customer and staff see it (rule: swish-refund). */
export interface BookingRefund {
  status: 'requested' | 'refunded' | 'failed';
  amount_cents: number;
  requested_at: string;
  refunded_at?: string;
  /** Swish's error code, once failed (null when Swish gave none). */
  error_code?: string | null;
}

/** rule: swish-payment. The read model's payment after one of its events. */
export function bookingPayment(
  before: BookingPayment | undefined,
  event: SwishPaymentEvent,
): BookingPayment | undefined {
  switch (event.type) {
    case 'SwishPaymentRequested':
      return (
        before ?? {
          method: 'swish',
          status: 'requested',
          amount_cents: event.data.amount_cents,
          expires_at: event.data.expires_at,
        }
      );
    case 'SwishPaymentPaid': {
      if (before?.status !== 'requested') return before;
      const { expires_at: _e, ...rest } = before;
      const { payment_reference, paid_at, amount_cents } = event.data;
      return { ...rest, status: 'paid', amount_cents, payment_reference, paid_at };
    }
    case 'SwishPaymentFailed': {
      if (before?.status !== 'requested') return before;
      const { expires_at: _e, ...rest } = before;
      return { ...rest, status: 'failed', failure: event.data.reason };
    }
    case 'SwishRefundRequested':
      if (before?.status !== 'paid' || before.refund) return before;
      return {
        ...before,
        refund: { status: 'requested', amount_cents: event.data.amount_cents, requested_at: event.data.requested_at },
      };
    case 'SwishRefunded':
      if (before?.refund?.status !== 'requested') return before;
      return { ...before, refund: { ...before.refund, status: 'refunded', refunded_at: event.data.refunded_at } };
    case 'SwishRefundFailed':
      if (before?.refund?.status !== 'requested') return before;
      return { ...before, refund: { ...before.refund, status: 'failed', error_code: event.data.error_code } };
    default:
      return assertNever(event);
  }
}

export function evolveSwishPayment(track: SwishPaymentTrack, event: SwishPaymentEvent): SwishPaymentTrack {
  switch (event.type) {
    case 'SwishPaymentRequested': {
      const { instruction_id, amount_cents, expires_at } = event.data;
      return track.status === 'none' ? { status: 'requested', instruction_id, amount_cents, expires_at } : track;
    }
    case 'SwishPaymentPaid': {
      const { instruction_id, payment_reference, amount_cents } = event.data;
      return track.status === 'requested' ? { status: 'paid', instruction_id, payment_reference, amount_cents } : track;
    }
    case 'SwishPaymentFailed': {
      const { instruction_id, reason, error_code } = event.data;
      return track.status === 'requested' ? { status: 'failed', instruction_id, reason, error_code } : track;
    }
    case 'SwishRefundRequested': {
      if (track.status !== 'paid' || track.refund) return track;
      const { refund_id, amount_cents } = event.data;
      return { ...track, refund: { refund_id, status: 'requested', amount_cents } };
    }
    case 'SwishRefunded':
    case 'SwishRefundFailed': {
      if (track.status !== 'paid' || track.refund?.status !== 'requested') return track;
      const status = event.type === 'SwishRefunded' ? 'refunded' : 'failed';
      return { ...track, refund: { ...track.refund, status } };
    }
    default:
      return assertNever(event);
  }
}

/** Swish's answer about a payment request, as the client reads it (api/swish/client.ts). */
export interface SwishPaymentAnswer {
  id: string;
  status: 'CREATED' | 'PAID' | 'DECLINED' | 'ERROR' | 'CANCELLED';
  paymentReference: string | null;
  /** Kronor, as Swish gives it (238.5). */
  amount: number;
  errorCode: string | null;
  /** The payer's Swish number, once paid (personal data). */
  payerAlias?: string | null;
}

/**
 * rule: swish-payment. What Swish's answer (or, with `answer` null, no answer) decides for a
 * booking whose payment was requested: PAID records the payment once, with its reference, when the
 * amount is the one asked for; DECLINED, ERROR and CANCELLED end it with Swish's code; still
 * CREATED, or no answer, past `expires_at` ends it as EXPIRED; otherwise nothing yet. A payment
 * that ended already decides nothing (a second callback, a late poll): each payment ends once.
 */
export function decideSwishPayment(
  track: SwishPaymentTrack,
  bookingId: string,
  answer: SwishPaymentAnswer | null,
  now: Date,
): SwishPaymentEvent | null {
  if (track.status !== 'requested') return null;
  const { instruction_id } = track;
  const at = now.toISOString();
  const failed = (reason: SwishFailure, error_code: string | null): SwishPaymentEvent => ({
    type: 'SwishPaymentFailed',
    data: { booking_id: bookingId, instruction_id, reason, error_code, failed_at: at },
  });
  if (!answer || answer.status === 'CREATED')
    return now.getTime() >= Date.parse(track.expires_at) ? failed('EXPIRED', null) : null;
  if (answer.id !== instruction_id) return null;
  switch (answer.status) {
    case 'PAID': {
      const paidCents = Math.round(answer.amount * 100);
      // Swish pays what was asked; anything else is not this booking's payment (the code is ours).
      if (paidCents !== track.amount_cents || !answer.paymentReference) return failed('ERROR', 'AMOUNT_MISMATCH');
      return {
        type: 'SwishPaymentPaid',
        data: {
          booking_id: bookingId,
          instruction_id,
          payment_reference: answer.paymentReference,
          amount_cents: paidCents,
          paid_at: at,
          ...(answer.payerAlias ? { payer_alias: answer.payerAlias } : {}),
        },
      };
    }
    case 'DECLINED':
    case 'ERROR':
    case 'CANCELLED':
      return failed(answer.status, answer.errorCode);
    default:
      return assertNever(answer.status);
  }
}

/** rule: swish-payment. What the customer is told, in Swedish, when the payment ended without money. */
export const swishFailureText: Record<SwishFailure, string> = {
  DECLINED: 'Betalningen avböjdes i Swish. Beställningen är inte lagd: beställ igen när du vill.',
  ERROR: 'Betalningen gick inte igenom i Swish. Beställningen är inte lagd: försök igen, eller kontakta din bank.',
  CANCELLED: 'Betalningen avbröts. Beställningen är inte lagd: beställ igen när du vill.',
  EXPIRED:
    'Ingen betalning kom från Swish i tid. Beställningen är inte lagd och tiden är släppt: beställ igen när du vill.',
};
