// rule: vat-on-prepayment (issue 49, domain/README.md). A web order paid with Swish when it is
// booked is paid before the pizza is handed over: when is its VAT due, and at which rate?
//
// Mervärdesskattelagen (2023:200) 7 kap. 7 §: with payment in advance, the taxable event (den
// beskattningsgrundande händelsen) occurs when the seller receives the payment, not at delivery.
// Skatteverket, Rättslig vägledning, "Beskattningsgrundande händelse" (mervärdesskatt),
// http://www4.skatteverket.se/rattsligvagledning/edition/2024.1/394054.html : "Vid betalning i
// förskott inträffar den beskattningsgrundande händelsen när den som levererar varan eller
// tillhandahåller tjänsten får betalt (7 kap. 7 § ML)", and "Tidpunkten för när den
// beskattningsgrundande händelsen inträffar har betydelse för vilka regler som gäller för
// transaktionen" (the same page, under "Tidpunktens betydelse": the rules in force at the taxable
// event apply, whenever the invoice or the delivery comes; its example of a rate changed after
// the taxable event keeps the rate in force at the event).
//
// So a sale paid online is booked on the day the payment is received (the kiosk's date of
// SwishPaymentPaid's `paid_at`) at the rate its order type has on that day: a take-away paid on
// 2026-03-31 for pick-up on 2026-04-01 is food at 12 %, not at the 6 % of prop. 2025/26:55
// ("Tillfälligt sänkt mervärdesskatt på livsmedel", in force from 2026-04-01). That proposition's
// own transitional provisions (its section 6, https://rkrattsbaser.gov.se/prop?page=6&post_id=10)
// could not be read from here; nothing found says they depart from the general rule above, which
// is the reading taken. Should they name the delivery day for advance payments received before
// 2026-04-01, this is the one place to change.
//
// A refund (SwishRefunded) gives money back for that sale: it is a correction booked on the
// refund's day, at the rate the sale was booked with (the sale's VAT is reduced, never re-rated).
import type { BookingPayment } from '../kioskDay/swishPayment.js';
import { wallClock } from '../shared/time.js';

/** A booking's payment received before pick-up, as the books need it: kiosk dates, not instants. */
export interface Prepayment {
  /** The kiosk's date the payment was received: the sale's date (7 kap. 7 § ML). */
  paid_on: string;
  /** What was paid, öre. */
  amount_cents: number;
  /** The money given back, once Swish says it was (SwishRefunded): the correction's day and amount. */
  refund?: { refunded_on: string; amount_cents: number } | null;
}

/**
 * rule: vat-on-prepayment. The prepayment of a booking whose Swish payment was received, or null
 * (not asked to pay, still waiting, or failed: it is paid at pick-up, or not sold at all).
 */
export function prepaymentOf(payment: BookingPayment | null | undefined, timeZone: string): Prepayment | null {
  if (payment?.status !== 'paid' || !payment.paid_at) return null;
  const day = (instant: string) => wallClock(new Date(instant), timeZone).date;
  const refund = payment.refund;
  return {
    paid_on: day(payment.paid_at),
    amount_cents: payment.amount_cents,
    ...(refund?.status === 'refunded' && refund.refunded_at
      ? { refund: { refunded_on: day(refund.refunded_at), amount_cents: refund.amount_cents } }
      : {}),
  };
}
