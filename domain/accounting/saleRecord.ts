// The order confirmation as the record of a sale (rule: sale-record): who sells, what was bought
// at what price, the total with VAT included and the VAT in it per rate, when and where the order
// is picked up and paid, and that the right of withdrawal does not apply. The confirmation screen
// and the customer's mails show it; the VAT is the books' own rule (rule: vat-per-receipt).
import { rateOn, vatOfReceipt, type AccountingBooking, type AccountingSettings, type VatRate } from './accounting.js';
import type { Prepayment } from './prepayment.js';

/** The VAT contained in a receipt at one rate. */
export interface ReceiptVat {
  rate: VatRate;
  vat_cents: number;
}

/**
 * The VAT of a booking's receipt per rate: the rate its order type has on its booking date and
 * the VAT that total contains, exactly as the books count it (accounting.ts, rule: vat-per-receipt).
 * A booking is one receipt at one rate, so there is one line; a list, so a receipt with several
 * rates would print each. A booking paid online (`prepaid`, issue 49) is sold at the rate of the
 * day its payment came in, as the books count it (rule: vat-on-prepayment).
 */
export function receiptVat(
  booking: Pick<AccountingBooking, 'dine_in' | 'booking_date' | 'final_total_cents'>,
  settings: AccountingSettings,
  prepaid?: Pick<Prepayment, 'paid_on'> | null,
): ReceiptVat[] {
  const rate = rateOn(settings, booking.dine_in ? 'dine_in' : 'take_away', prepaid?.paid_on ?? booking.booking_date);
  return [{ rate, vat_cents: vatOfReceipt(booking.final_total_cents, rate) }];
}

/** 'varav moms 6 %: 13,40 kr' (kronor and öre, decimal comma, as the books write them). */
export const vatLineText = (line: ReceiptVat): string => `varav moms ${line.rate} %: ${krOre(line.vat_cents)}`;

const krOre = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} kr`;

export { NO_RIGHT_OF_WITHDRAWAL, PAYMENT_AT_PICKUP, paymentTerms } from './saleTerms.js';
