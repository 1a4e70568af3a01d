// What the confirmation after submitting shows (SPEC 3 'confirmation summary'), read by the
// modal (ConfirmationModal.tsx) and by the record of the sale inside it (../seller/SaleRecord.tsx):
// a module of its own so that neither imports the other for it.
import type { ItemLine } from '../ItemsTable.js';
import type { ReceiptVat } from '../../../domain/accounting/saleRecord.js';
import type { SwishPaymentAsked } from './SwishPayment.js';

/** SPEC 3 'confirmation summary': the booking's fields plus what the modal derives. */
export interface ConfirmationSummary {
  orderNumber: string;
  date: string;
  time: string;
  name: string;
  email: string;
  phone: string | null;
  hasPhone: boolean;
  dine_in: boolean;
  originalCost: number;
  discount: number;
  totalCost: number;
  isOffline: boolean;
  /** The order's lines (rule: sale-record). */
  lines: readonly ItemLine[];
  /** The VAT per rate as the server counted it; null for a booking saved offline (not sent yet). */
  vat: readonly ReceiptVat[] | null;
  /** rule: swish-payment. The Swish payment asked for in advance; null: none (paid at pick-up). */
  payment?: SwishPaymentAsked | null;
}
