// The counter's evening (issue 29): a pizza sold out for the day, a daily stock per pizza, web
// bookings paused, and a slot's orders delayed. All of it is decided inside the kiosk-day stream,
// beside the bookings it limits, so a booking racing a sold-out mark or the last of a stock is
// decided on one revision and nothing is ever sold twice (rules sold-out, daily-stock,
// web-pause, slot-delay in domain/README.md).
import { msg } from '../messages.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import { isValidTime, minutesOf, timeOf, wallClock, type Clock } from '../shared/time.js';
import type { Booking, BookingLine, KioskDayState } from './kioskDay.js';
import type { StockPool } from '../menu/stockPools.js';
import {
  DELAY_MINUTES,
  PAUSE_MINUTES,
  PAUSE_REASON_MAX,
  type CounterCommand,
  type CounterEvent,
} from './counterState.js';

export * from './counterState.js';

/** A booking still to be made in the kitchen: pending or confirmed, not collected nor a no-show. */
const stillToServe = (b: Booking) =>
  (b.status === 'pending' || b.status === 'confirmed') &&
  b.kitchen.status !== 'picked_up' &&
  b.kitchen.status !== 'no_show';

/**
 * Rule sold-out: a pizza marked sold out cannot be booked for a slot before `until` (all day when
 * null): "until 18:00" means more arrives at 18:00, so later slots can still have it.
 */
export function soldOutAt(state: KioskDayState, pizzaId: number, time: string) {
  const mark = state.counter.soldOut.get(pizzaId);
  if (!mark) return null;
  if (mark.until !== null && minutesOf(time) >= minutesOf(mark.until)) return null;
  return mark;
}

/** Rule sold-out: the bookings already holding a sold-out pizza, for staff to offer a swap. */
export function bookingsHoldingSoldOut(state: KioskDayState, pizzaId: number): Booking[] {
  if (!state.counter.soldOut.has(pizzaId)) return [];
  return [...state.bookings.values()]
    .filter(
      (b) =>
        stillToServe(b) &&
        soldOutAt(state, pizzaId, b.booking_time) !== null &&
        b.items.some((line) => line.pizza_id === pizzaId && line.qty > 0),
    )
    .sort((a, b) => a.booking_time.localeCompare(b.booking_time) || a.booking_id.localeCompare(b.booking_id));
}

/** Rule daily-stock: pizzas of each kind held by the day's pending and confirmed bookings. */
export function pizzasHeld(state: KioskDayState): Map<number, number> {
  const held = new Map<number, number>();
  for (const b of state.bookings.values()) {
    if (b.status !== 'pending' && b.status !== 'confirmed') continue;
    for (const line of b.items) held.set(line.pizza_id, (held.get(line.pizza_id) ?? 0) + line.qty);
  }
  return held;
}

/** Rule daily-stock: what the day's pending and confirmed bookings leave of a base's pool. */
export function poolLeft(pool: StockPool, held: ReadonlyMap<number, number>): number {
  const used = pool.pizza_ids.reduce((sum, id) => sum + (held.get(id) ?? 0), 0);
  return Math.max(0, pool.per_day - used);
}

/** Rule web-pause: the pause in force at the clock's instant, or null. */
export function pauseAt(state: KioskDayState, clock: Clock) {
  const pause = state.counter.pause;
  if (!pause) return null;
  if (pause.until !== null && clock.now.getTime() >= Date.parse(pause.until)) return null;
  return pause;
}

/** The pause as customers read it: until a wall-clock time, or the rest of the day. */
export function pauseMessage(pause: { until: string | null; reason: string }, timeZone: string) {
  const until = pause.until === null ? null : timeOf(wallClock(new Date(pause.until), timeZone).minutes);
  return msg.webBookingsPaused(pause.reason, until);
}

/**
 * What the counter's evening refuses of a new booking (rules web-pause, sold-out, daily-stock),
 * or null. `stock` is the daily stock per pizza id as the menu's stock settings gave it.
 */
export function counterRefusal(
  state: KioskDayState,
  order: {
    time: string;
    lines: readonly BookingLine[];
    clock: Clock;
    stock?: ReadonlyMap<number, number>;
    pools?: readonly StockPool[];
  },
): string | null {
  const pause = pauseAt(state, order.clock);
  if (pause) return pauseMessage(pause, order.clock.timeZone);
  return kitchenRefusal(state, order);
}

/**
 * What the kitchen cannot make, whoever takes the order: a pizza sold out at its time, or more
 * than its daily stock (per pizza, or per base: `pools`) has left. A staff order (rule:
 * staff-orders) is held to this too; only the web pause leaves it alone.
 */
export function kitchenRefusal(
  state: KioskDayState,
  order: {
    time: string;
    lines: readonly BookingLine[];
    stock?: ReadonlyMap<number, number>;
    pools?: readonly StockPool[];
  },
): string | null {
  for (const line of order.lines) {
    const mark = line.qty > 0 ? soldOutAt(state, line.pizza_id, order.time) : null;
    if (mark) return msg.pizzaSoldOut(line.pizza_name, mark.until);
  }
  if (order.stock && order.stock.size > 0) {
    const held = pizzasHeld(state);
    const wanted = new Map<number, { name: string; qty: number }>();
    for (const line of order.lines) {
      const w = wanted.get(line.pizza_id) ?? { name: line.pizza_name, qty: 0 };
      wanted.set(line.pizza_id, { name: w.name, qty: w.qty + line.qty });
    }
    for (const [id, { name, qty }] of wanted) {
      const perDay = order.stock.get(id);
      if (perDay === undefined) continue;
      const left = Math.max(0, perDay - (held.get(id) ?? 0));
      if (qty > left) return msg.stockLeft(name, left);
    }
  }
  if (order.pools && order.pools.length > 0) {
    const held = pizzasHeld(state);
    for (const pool of order.pools) {
      const qty = order.lines.filter((l) => pool.pizza_ids.includes(l.pizza_id)).reduce((sum, l) => sum + l.qty, 0);
      if (qty === 0) continue;
      const left = poolLeft(pool, held);
      if (qty > left) return msg.stockLeft(pool.name, left);
    }
  }
  return null;
}

export function decideCounter(command: CounterCommand, state: KioskDayState): CounterEvent[] {
  const at = command.clock.now.toISOString();
  const { by } = command;
  switch (command.type) {
    case 'MarkPizzaSoldOut': {
      const { until, date, pizza } = command;
      // Marked ahead ("slut imorgon") is allowed; a day gone is not.
      if (date < wallClock(command.clock.now, command.clock.timeZone).date) reject(msg.datePassed);
      if (until !== null) {
        if (!isValidTime(until)) reject(msg.soldOutUntilInvalid);
        const now = wallClock(command.clock.now, command.clock.timeZone);
        if (now.date === date && minutesOf(until) <= now.minutes) reject(msg.timePassed);
      }
      const mark = state.counter.soldOut.get(pizza.id);
      // The same mark again (a retried request) appends nothing; a new time replaces the old one.
      if (mark && mark.until === until) return [];
      return [
        {
          type: 'PizzaSoldOut',
          data: { date, pizza_id: pizza.id, pizza_name: pizza.name, until, marked_by: by, marked_at: at },
        },
      ];
    }
    case 'MarkPizzaBackInStock':
      // Back already (a retried request): nothing new.
      if (!state.counter.soldOut.has(command.pizzaId)) return [];
      return [{ type: 'PizzaBackInStock', data: { date: command.date, pizza_id: command.pizzaId, by, at } }];
    case 'OfferSoldOutSwap': {
      const mark = state.counter.soldOut.get(command.pizzaId);
      if (!mark) notFound(msg.pizzaNotSoldOut);
      // Once per booking and pizza: a second click, or a retry, mails nobody twice.
      return bookingsHoldingSoldOut(state, command.pizzaId)
        .filter((b) => !state.counter.swapOffers.has(`${b.booking_id}/${command.pizzaId}`))
        .map((b) => ({
          type: 'SoldOutSwapOffered' as const,
          data: {
            booking_id: b.booking_id,
            booking_date: b.booking_date,
            booking_time: b.booking_time,
            pizza_id: command.pizzaId,
            pizza_name: mark!.pizza_name,
            by,
            at,
          },
        }));
    }
    case 'PauseWebBookings': {
      const reason = command.reason.trim();
      if (!reason) reject(msg.pauseReasonRequired);
      if (reason.length > PAUSE_REASON_MAX) reject(msg.pauseReasonTooLong(PAUSE_REASON_MAX));
      if (command.minutes !== null && !(PAUSE_MINUTES as readonly number[]).includes(command.minutes))
        reject(msg.pauseMinutesInvalid);
      const until =
        command.minutes === null
          ? null
          : new Date(command.clock.now.getTime() + command.minutes * 60_000).toISOString();
      return [{ type: 'WebBookingsPaused', data: { date: command.date, until, reason, by, at } }];
    }
    case 'ResumeWebBookings':
      // Not paused (ended by its time, or resumed already): nothing to record.
      if (!pauseAt(state, command.clock)) return [];
      return [{ type: 'WebBookingsResumed', data: { date: command.date, by, at } }];
    case 'DelaySlot': {
      const { time, minutes } = command;
      if (!(DELAY_MINUTES as readonly number[]).includes(minutes)) reject(msg.delayMinutesInvalid);
      const delay = state.counter.delays.get(time);
      if (delay) {
        // The same delay again is a retried request; another one must undo the first.
        if (delay.minutes === minutes) return [];
        reject(msg.slotAlreadyDelayed(delay.minutes));
      }
      const orders = [...state.bookings.values()].filter((b) => b.booking_time === time && stillToServe(b));
      if (orders.length === 0) reject(msg.nothingToDelay);
      const delayed_to = timeOf(minutesOf(time) + minutes);
      return orders.map((b) => ({
        type: 'BookingDelayed' as const,
        data: { booking_id: b.booking_id, booking_date: command.date, booking_time: time, minutes, delayed_to, by, at },
      }));
    }
    case 'UndoSlotDelay': {
      const delay = state.counter.delays.get(command.time);
      if (!delay) throw new DomainError(msg.slotNotDelayed, 'not_found');
      return delay.bookingIds.map((booking_id) => ({
        type: 'BookingDelayUndone' as const,
        data: {
          booking_id,
          booking_date: command.date,
          booking_time: command.time,
          minutes: delay.minutes,
          by,
          at,
        },
      }));
    }
  }
}

/** The delay a booking is under (rule: slot-delay), in minutes; 0 when none. */
export function delayOf(state: KioskDayState, booking: Pick<Booking, 'booking_id' | 'booking_time'>): number {
  const delay = state.counter.delays.get(booking.booking_time);
  return delay?.bookingIds.includes(booking.booking_id) ? delay.minutes : 0;
}
