// The record of a placed order, once its rules are decided: a new booking, a booking from a
// waitlist offer and a booking moved to another date are all placed so (rule: prices-and-discounts).
import type { Clock } from '../shared/time.js';
import { bookingIdFor, type BookingLine, type BookingPlacedData, type KioskDayState } from './kioskDay.js';
import { lineKey } from './orderLines.js';
import { orderPrice } from './orderPrice.js';
import { chosenCount } from './orderCount.js';
import type { VipAccess } from './schedule.js';
import { sameEmail } from '../customers/personalData.js';

/** What a placed order records, once its rules are decided: every way of booking places it so. */
export interface PlacedOrder {
  date: string;
  time: string;
  /** Lines with name and price taken from the menu when the command was made. */
  lines: BookingLine[];
  /** `sms_when_ready`: ticked "SMS när pizzan är klar" (rule: sms-notices); absent: not ticked. */
  customer: { name: string; email: string; phone: string | null; sms_when_ready?: boolean };
  dine_in: boolean;
  comment: string | null;
  /**
   * A bonus code already redeemed for this booking (domain/bonusCodes/bookingPlacement.ts): its percentage and
   * the reference its use was redeemed under (given back on cancellation).
   */
  discount: { code: string; percentage: number; booking_ref: string } | null;
  vip: VipAccess | null;
  clock: Clock;
}

/**
 * The BookingPlaced data of an order whose rules were decided (rule: prices-and-discounts): the
 * day's next number, cents throughout, the discount rounded to whole cents.
 */
export function placedOrder(order: PlacedOrder, state: KioskDayState): BookingPlacedData {
  const { date, time, lines, clock } = order;
  const percentage = order.discount?.percentage ?? 0;
  const price = orderPrice(lines, percentage);
  return {
    booking_id: bookingIdFor(date, state.placedCount + 1),
    booking_date: date,
    booking_time: time,
    name: order.customer.name,
    email: order.customer.email,
    phone: order.customer.phone,
    // Only a tick is written (rule: sms-notices): a booking without one has the shape it always had.
    ...(order.customer.sms_when_ready ? { sms_when_ready: true } : {}),
    dine_in: order.dine_in,
    comment: order.comment,
    items: lines,
    total_pizzas: chosenCount(lines),
    original_total_cents: price.original_cents,
    discount_cents: price.discount_cents,
    final_total_cents: price.final_cents,
    bonus_code: order.discount?.code ?? null,
    bonus_ref: order.discount?.booking_ref ?? null,
    discount_percentage: percentage,
    vip_customer_id: order.vip?.customerId ?? null,
    placed_at: clock.now.toISOString(),
  };
}

/**
 * Whether an order repeats one already placed (a retry after a lost answer: a PlaceBooking under
 * the same idempotency key, a booking from the same waitlist offer): same date, time, e-mail
 * (trimmed, case-insensitive) and pizzas, each with its extras and removals (issue 29: a line with
 * other extras is another order; lines from before extras have none). Name, phone, comment and prices may differ (a menu
 * price may have changed since; the retry still gets what the first request got).
 */
export function sameOrder(
  placed: BookingPlacedData,
  order: Pick<PlacedOrder, 'date' | 'time' | 'customer' | 'lines'>,
): boolean {
  const pizzas = (lines: BookingLine[]) =>
    lines
      .filter((l) => l.qty > 0)
      .map((l) => `${lineKey(l)}x${l.qty}`)
      .sort()
      .join(',');
  return (
    placed.booking_date === order.date &&
    placed.booking_time === order.time &&
    sameEmail(placed.email, order.customer.email) &&
    pizzas(placed.items) === pizzas(order.lines)
  );
}
