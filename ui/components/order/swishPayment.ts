// Following a booking's Swish payment from the confirmation (issue 49, rule: swish-payment): the
// booking as the lookup answers it (POST /bookings/lookup, the booking number and e-mail the
// customer just gave), read every few seconds until its payment is paid or has failed.
import { api } from '../../lib/api.js';
import type { LookupAnswer } from '../../../domain/answers/index.js';

export type SwishPaymentSeen =
  | { status: 'requested' }
  | { status: 'paid' }
  | { status: 'failed'; failure: 'DECLINED' | 'ERROR' | 'CANCELLED' | 'EXPIRED' }
  /** The lookup failed (no network): shown, and tried again. */
  | { status: 'unknown' };

export const SWISH_FOLLOW_MS = 2_000;

export async function readSwishPayment(bookingId: string, email: string): Promise<SwishPaymentSeen> {
  try {
    const { booking } = await api<LookupAnswer>('/bookings/lookup', { body: { booking_id: bookingId, email } });
    const payment = booking.payment;
    if (!payment) return { status: 'unknown' };
    if (payment.status === 'failed') return { status: 'failed', failure: payment.failure ?? 'ERROR' };
    return { status: payment.status };
  } catch {
    return { status: 'unknown' };
  }
}
