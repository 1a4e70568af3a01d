// The offer's booking as it is sent, checked and confirmed: the POST /waitlist/{token}/book body
// from the form, the messages by field, and the confirmation's summary from the server's booking.
import type { CartLine } from '../../../lib/cart.js';
import type { CustomerForm } from '../../../state/booking.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import type { BookingCreated } from '../../../../domain/answers/index.js';
import type { ConfirmationSummary } from '../../../components/order/confirmationSummary.js';

/** The booking as the offer's POST takes it, before its checks. */
export const offerBookingBody = (customer: CustomerForm, cart: CartLine[]) => ({
  name: customer.name,
  email: customer.email.trim(),
  phone: customer.phone.trim() || null,
  dine_in: customer.dine_in,
  comment: customer.comment.trim() || null,
  items: cart.map(({ pizza_id, qty }) => ({ pizza_id, qty })),
});

/** The checks' messages by field, and 'Välj minst en pizza' at the menu while none is chosen. */
export function refusedFields(errors: Record<string, string> | null, chosen: number): Record<string, string> {
  const found: Record<string, string> = errors ? { ...errors } : {};
  if (chosen === 0) found.items = customerMsg.atLeastOnePizza;
  return found;
}

/** The first refused field in page order, if any. */
export const firstRefused = (found: Record<string, string>) =>
  ['items', 'name', 'email', 'phone'].find((f) => found[f]);

/** The confirmation of the booking made from the offer, as the server answered it. */
export function offerConfirmation(created: BookingCreated): ConfirmationSummary {
  const b = created.booking;
  return {
    orderNumber: created.booking_id,
    date: b.booking_date,
    time: b.booking_time,
    name: b.name,
    email: b.email,
    phone: b.phone,
    hasPhone: Boolean(b.phone),
    dine_in: b.dine_in,
    originalCost: b.original_total_cents,
    discount: b.discount_cents,
    totalCost: b.final_total_cents,
    isOffline: false,
    lines: b.items,
    vat: created.vat,
  };
}
