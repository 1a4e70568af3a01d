// The terms the record of a sale states (rule: sale-record), apart from the VAT rule so the
// customer's pages take these texts without the books' code.

/** Prices are paid when the order is picked up (or served), unless paid in advance with Swish. */
export const PAYMENT_AT_PICKUP = 'Du betalar när du hämtar beställningen i kiosken.';
/** rule: swish-payment. An order asked to pay in advance, its payment not in yet. */
export const PAYMENT_BY_SWISH_AWAITED =
  'Du betalar i förväg med Swish. Beställningen gäller när betalningen har kommit in.';
/** rule: swish-payment. An order paid in advance: nothing more is paid at pick-up. */
export const PAYMENT_BY_SWISH_DONE = 'Betald i förväg med Swish. Du betalar ingenting när du hämtar.';

/**
 * How the record of a sale states its payment (rule: sale-record): an order paid in advance with
 * Swish never says it is paid at pick-up, and one whose payment is awaited says what is awaited.
 * A failed payment cancels its order (rule: swish-payment): its record falls back to the kiosk's
 * own terms.
 */
export function paymentTerms(payment?: { status: 'requested' | 'paid' | 'failed' } | null): string {
  if (payment?.status === 'paid') return PAYMENT_BY_SWISH_DONE;
  if (payment?.status === 'requested') return PAYMENT_BY_SWISH_AWAITED;
  return PAYMENT_AT_PICKUP;
}

/**
 * Ordering food online for a set time is a distance contract, but the right of withdrawal does not
 * apply to goods that spoil quickly: lagen (2005:59) om distansavtal och avtal utanför
 * affärslokaler, 2 kap. 11 § första stycket 4 (Konsumentverket, "Ångerrätt": undantag för
 * livsmedel och andra varor som snabbt kan försämras). The customer is told so on the record of
 * the sale (2 kap. 2 § 6: information on whether there is a right of withdrawal).
 */
export const NO_RIGHT_OF_WITHDRAWAL =
  'Ångerrätt gäller inte: maten tillagas till din beställning och blir snabbt dålig (2 kap. 11 § lagen (2005:59) om distansavtal och avtal utanför affärslokaler). Du kan avboka fram till avbokningsgränsen.';
