// The terms the record of a sale states (rule: sale-record), apart from the VAT rule so the
// customer's pages take these texts without the books' code.

/** Prices are paid when the order is picked up (or served): nothing is paid online. */
export const PAYMENT_AT_PICKUP = 'Du betalar när du hämtar beställningen i kiosken.';

/**
 * Ordering food online for a set time is a distance contract, but the right of withdrawal does not
 * apply to goods that spoil quickly: lagen (2005:59) om distansavtal och avtal utanför
 * affärslokaler, 2 kap. 11 § första stycket 4 (Konsumentverket, "Ångerrätt": undantag för
 * livsmedel och andra varor som snabbt kan försämras). The customer is told so on the record of
 * the sale (2 kap. 2 § 6: information on whether there is a right of withdrawal).
 */
export const NO_RIGHT_OF_WITHDRAWAL =
  'Ångerrätt gäller inte: maten tillagas till din beställning och blir snabbt dålig (2 kap. 11 § lagen (2005:59) om distansavtal och avtal utanför affärslokaler). Du kan avboka fram till avbokningsgränsen.';
