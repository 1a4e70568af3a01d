// Placing a new booking (rules: pizza-count, order-count, bookable-dates, capacity): the rules
// every online booking is decided by, also a booking moved to another date (reschedule.ts).
import type { StockPool } from '../menu/stockPools.js';
import { msg } from '../messages.js';
import { dayAccess, slotRefusal } from './dayAccess.js';
import { reject } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import type { Closure } from '../closures/closures.js';
import { slotCapacity } from './schedule.js';
import type { KioskDayEvent, KioskDayState } from './kioskDay.js';
import { placedOrder, type PlacedOrder } from './placedOrder.js';
import { planOffers } from './waitlist.js';
import { counterRefusal } from './counter.js';
import { chosenCount, countProblem } from './orderCount.js';
import type { BookingPayload } from '../payloads.js';
import type { SwishPaymentAsked } from './swishPayment.js';

/** A new online booking: the order (placedOrder.ts), its count, and what the day's rules need. */
export interface PlaceBooking extends PlacedOrder {
  type: 'PlaceBooking';
  requestedPizzas: number;
  settings: Settings;
  /** The kiosk's closures (rule: closures), loaded with the settings: a closed date is refused. */
  closures: readonly Closure[];
  /** The client's Idempotency-Key: a retry carrying it places nothing (rule: idempotent-booking). */
  idempotencyKey?: string | null;
  /** The daily stock per pizza id (rule: daily-stock); none: no pizza is limited. */
  stock?: ReadonlyMap<number, number>;
  /** The daily stock per base (rule: daily-stock): pools the pizzas made on a base draw from. */
  pools?: readonly StockPool[];
  /**
   * Set when the customer is asked to pay with Swish in advance (rule: swish-prepay, decided by
   * the caller with paymentAskedFor): the booking is placed with its payment request (rule: swish-payment).
   */
  swish?: SwishPaymentAsked;
}

/** What a PlaceBooking takes besides the payload: what the service reads for every booking. */
export type PlaceBookingContext = Pick<
  PlaceBooking,
  'lines' | 'vip' | 'settings' | 'closures' | 'clock' | 'idempotencyKey' | 'stock' | 'pools'
>;

/**
 * The PlaceBooking of a customer's POST /bookings. No discount yet: a bonus code's use is
 * redeemed first, and the discount set then (domain/bonusCodes/bookingPlacement.ts).
 */
export function placeBookingOf(payload: BookingPayload, context: PlaceBookingContext): PlaceBooking {
  const { lines, vip, settings, closures, clock, idempotencyKey, stock, pools } = context;
  return {
    type: 'PlaceBooking',
    date: payload.date,
    time: payload.time,
    requestedPizzas: payload.requested_pizzas,
    lines,
    customer: {
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      ...(payload.sms_when_ready ? { sms_when_ready: true } : {}),
    },
    dine_in: payload.dine_in,
    comment: payload.comment,
    discount: null,
    vip,
    settings,
    closures,
    clock,
    idempotencyKey,
    stock,
    pools,
  };
}

export function placeBooking(command: PlaceBooking, state: KioskDayState): KioskDayEvent {
  const { date, time, requestedPizzas, lines, settings, clock } = command;

  // 1. The order itself: SPEC 5's count rules.
  if (!Number.isInteger(requestedPizzas) || requestedPizzas < 1) reject(msg.pizzaCountMin);
  if (requestedPizzas > settings.capacity_per_window) reject(msg.pizzaCountMax(settings.capacity_per_window));
  const chosen = chosenCount(lines);
  const miscount = countProblem(chosen, requestedPizzas);
  if (miscount) reject(miscount);

  // 2. The date: not closed, open, within the horizon, VIP only with a token.
  const { hours, now, problem } = dayAccess(state, command);
  if (problem) reject(problem);

  // 3. The slot: one of the day's slots, still ahead, with room for the whole order.
  // Held waitlist offers, and offers due to the queue but not yet made, are capacity in use
  // (rule: waitlist).
  const remaining = slotCapacity(hours, settings, planOffers(state, date, settings, clock).inUse, time);
  const slotProblem = slotRefusal(remaining, { now, date, time }, chosen);
  if (slotProblem) reject(slotProblem);

  // 3b. The counter's evening: web bookings paused, a pizza sold out, a daily stock used up.
  const refusal = counterRefusal(state, command);
  if (refusal) reject(refusal);

  // 4. The price and the number.
  return {
    type: 'BookingPlaced',
    data: {
      ...placedOrder(command, state),
      ...(command.idempotencyKey ? { idempotency_key: command.idempotencyKey } : {}),
    },
  };
}
