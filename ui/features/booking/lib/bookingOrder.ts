// The booking page's order as it is sent, checked and confirmed: the POST /api/bookings payload
// from the form's state, SPEC 5's messages by field, and the confirmation's summary.
import { cartItems, orderProblem, type CartLine, type Price } from '../../../lib/cart.js';
import type { AppliedBonus, CustomerForm } from '../../../state/booking.js';
import type { BookingCreated } from '../../../../domain/answers/index.js';
import type { ConfirmationSummary } from '../../../components/order/confirmationSummary.js';
import type { checkBooking } from './checkBooking.js';

/** What the form holds of the order. */
export interface OrderForm {
  date: string;
  time: string;
  count: number;
  cart: CartLine[];
  customer: CustomerForm;
  bonus: AppliedBonus | null;
  vipToken: string | null;
  /** The form offers "SMS när pizzan är klar" (rule: sms-notices). */
  sms: boolean;
  /** Chose to pay now with Swish where the kiosk offers it (rule: swish-prepay). */
  payNow: boolean;
}

/** The order as POST /api/bookings takes it. */
export const bookingPayload = ({ date, time, count, cart, customer, bonus, vipToken, sms, payNow }: OrderForm) => ({
  date,
  time,
  name: customer.name,
  email: customer.email.trim(),
  phone: customer.phone.trim() || null,
  dine_in: customer.dine_in,
  comment: customer.comment.trim() || null,
  ...(sms && customer.sms_when_ready ? { sms_when_ready: true } : {}),
  items: cartItems(cart),
  requested_pizzas: count,
  ...(bonus ? { bonus_code: bonus.code } : {}),
  ...(vipToken ? { vip_token: vipToken } : {}),
  ...(payNow ? { pay_with_swish: true } : {}),
});
export type BookingPayload = ReturnType<typeof bookingPayload>;

/** SPEC 5's messages for this order, by field; empty when it may be sent. */
export function refusedFields(
  check: typeof checkBooking,
  payload: BookingPayload,
  order: Pick<OrderForm, 'cart' | 'count'>,
  slotRemaining: number | null,
): Record<string, string> {
  const found: Record<string, string> = {};
  const checked = check(payload);
  if (!checked.ok) {
    for (const [path, message] of Object.entries(checked.errors)) {
      // The requested count belongs to the order, shown at the menu.
      const first = path.split('.')[0];
      const field = first === 'requested_pizzas' ? 'items' : first;
      if (field && !found[field]) found[field] = message;
    }
  }
  const problem = orderProblem(order.cart, order.count, slotRemaining);
  if (problem) found.items = problem;
  return found;
}

/** The form's fields in page order: the first refused one gets the focus. */
const FIELD_ORDER = ['date', 'time', 'items', 'name', 'email', 'phone'] as const;
const FIELD_ID: Record<string, string> = {
  date: 'booking-date',
  time: 'step-time',
  items: 'step-menu',
  name: 'booking-name',
  email: 'booking-email',
  phone: 'booking-phone',
};

/** The first refused field in page order, with its message and its control's id; null for none. */
export function firstRefused(found: Record<string, string>): { message: string; id: string } | null {
  const first = FIELD_ORDER.find((f) => found[f]);
  return first ? { message: found[first], id: FIELD_ID[first] } : null;
}

/** The confirmation's summary: the server's booking where there is one, else the order as sent. */
export function confirmationSummary(
  order: OrderForm,
  payload: BookingPayload,
  price: Price,
  orderNumber: string,
  isOffline: boolean,
  created?: BookingCreated,
): ConfirmationSummary {
  const server = created?.booking;
  return {
    orderNumber,
    date: order.date,
    time: order.time,
    name: order.customer.name.trim(),
    email: payload.email,
    phone: payload.phone,
    hasPhone: Boolean(payload.phone),
    dine_in: order.customer.dine_in,
    originalCost: server?.original_total_cents ?? price.original_cents,
    discount: server?.discount_cents ?? price.discount_cents,
    totalCost: server?.final_total_cents ?? price.final_cents,
    isOffline,
    lines: server?.items ?? order.cart,
    vat: created?.vat ?? null,
    payment: created?.payment
      ? {
          amountCents: created.payment.amount_cents,
          expiresAt: created.payment.expires_at,
          appUrl: created.payment.app_url ?? null,
          qrSvgUrl: created.payment.qr_svg_url ?? null,
        }
      : null,
  };
}
