// The record of the sale for an order taken at the counter or on the phone (rule:
// staff-order-record in domain/README.md): a web order's record reaches the customer by mail (rule:
// sale-record); an order without an e-mail gets the same record printed by staff ("Skriv ut
// orderbekräftelse" in the booking's details), made from the same rules (receiptVat, saleTerms).
import { msg } from '../messages.js';

/** An order whose customer left no e-mail: nothing is mailed, so staff print its record. */
export const needsPrintedRecord = (booking: { email: string }): boolean => booking.email.trim() === '';

/** Why an order has no record of sale to print, or null: a cancelled order was never sold. */
export function printedRecordRefusal(booking: { status: 'pending' | 'confirmed' | 'cancelled' }): string | null {
  return booking.status === 'cancelled' ? msg.orderConfirmationCancelled : null;
}
