// A booking as placed: its order lines and the BookingPlaced event's data. Apart from the day's
// state (kioskDay.ts), which folds it, so that the waitlist's state (waitlistState.ts), which keeps
// a placed booking to answer a retry with, needs no import of the day's state.
import type { AllergenCode, AllergenDeclaration } from '../menu/allergens.js';
import type { StaffOrderSource } from './orderSource.js';

export interface BookingLine {
  pizza_id: number;
  pizza_name: string;
  qty: number;
  price_cents: number;
  /**
   * The pizza's allergen declaration as the menu gave it when the order was placed (rule:
   * allergen-declaration; null: the pizza had none). Absent in lines placed before declarations.
   */
  allergens?: AllergenDeclaration;
  /**
   * Issue 29: the extras chosen on this line, each with its name, price and allergens as the menu
   * gave them when the order was placed. `price_cents` above is the unit price with them included,
   * and `allergens` the pizza's plus theirs. Absent in lines without extras (and all older lines).
   */
  extras?: LineExtra[];
  /** Issue 29: the ingredients left out ("utan lök"), lower-case, sorted. Absent when none. */
  without?: string[];
}

/** An extra as an order line keeps it (issue 29). */
export interface LineExtra {
  id: number;
  name: string;
  price_cents: number;
  allergens: AllergenCode[];
}

export interface BookingPlacedData {
  booking_id: string;
  booking_date: string;
  booking_time: string;
  name: string;
  email: string;
  phone: string | null;
  dine_in: boolean;
  comment: string | null;
  items: BookingLine[];
  total_pizzas: number;
  original_total_cents: number;
  discount_cents: number;
  final_total_cents: number;
  bonus_code: string | null;
  /**
   * The reference the bonus-code use was redeemed under (rule: bonus-code-uses), so cancelling
   * the booking gives exactly that use back. Null without a code, and absent in bookings placed
   * before it was recorded (their uses are not given back).
   */
  bonus_ref?: string | null;
  discount_percentage: number;
  vip_customer_id: number | null;
  placed_at: string;
  /**
   * The client's Idempotency-Key, when it sent one (rule: idempotent-booking). Optional: events
   * from before the key existed, and bookings made without one, carry none.
   */
  idempotency_key?: string;
  /**
   * Set when the booking is another booking moved here from another date (rule: reschedule):
   * that booking's number. The old number points at this one once the move is complete.
   */
  moved_from?: string;
  /** The waitlist entry whose held offer this booking took (rule: waitlist); absent otherwise. */
  waitlist_id?: string;
  /**
   * Ticked "SMS när pizzan är klar" (rule: sms-notices): personal data, sealed with the phone.
   * Absent when not ticked and in bookings placed before SMS; reads '[raderad]' once erased.
   */
  sms_when_ready?: boolean;
  /**
   * rule: staff-orders. An order staff took at the counter or on the phone; absent on online
   * bookings (and on every event from before staff orders: they read as `online`, sourceOf).
   */
  source?: StaffOrderSource;
  /** rule: staff-orders. The staff member who took it (admin id and e-mail); with `source` only. */
  taken_by?: { admin_id: number; email: string };
  /**
   * rule: staff-orders. Staff took the order into a slot without room for it, after confirming
   * they meant to: the room that was left (0 or more, less than the order's pizzas).
   */
  capacity_override?: { remaining: number };
  /**
   * rule: swish-payment. Placed awaiting a payment in advance with Swish: its
   * SwishPaymentRequested follows in the same append. What the received mail, written from this
   * event, says of the payment (rule: sale-record). Absent on every other booking.
   */
  payment_asked?: 'swish';
}
