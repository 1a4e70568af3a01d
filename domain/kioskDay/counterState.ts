// The counter's evening as the kiosk-day state holds it (rules sold-out, daily-stock, web-pause,
// slot-delay): its events, commands and their fold. Apart from the decisions (counter.ts), which
// read the whole day's state, so that the day's state (kioskDay.ts) folds these without an import
// loop between the two.
import type { DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import type { Clock } from '../shared/time.js';

/** How long staff may pause web bookings (null: the rest of the day). */
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** How far staff may push a slot's orders back. */
export const DELAY_MINUTES = [10, 15, 20] as const;
export const PAUSE_REASON_MAX = 200;

export interface PizzaSoldOutData {
  date: string;
  pizza_id: number;
  pizza_name: string;
  /** Sold out for slots before this time (HH:mm); null: until closing. */
  until: string | null;
  marked_by: string;
  marked_at: string;
}
export interface PizzaBackInStockData {
  date: string;
  pizza_id: number;
  by: string;
  at: string;
}
export interface SoldOutSwapOfferedData {
  booking_id: string;
  booking_date: string;
  booking_time: string;
  pizza_id: number;
  pizza_name: string;
  by: string;
  at: string;
}
export interface WebBookingsPausedData {
  date: string;
  /** The instant the pause ends; null: the rest of the day. */
  until: string | null;
  reason: string;
  by: string;
  at: string;
}
export interface WebBookingsResumedData {
  date: string;
  by: string;
  at: string;
}
export interface BookingDelayedData {
  booking_id: string;
  booking_date: string;
  /** The booked slot: the booking keeps it (its capacity stays in that window). */
  booking_time: string;
  minutes: number;
  /** booking_time + minutes: when the order is now ready. */
  delayed_to: string;
  by: string;
  at: string;
}
export interface BookingDelayUndoneData {
  booking_id: string;
  booking_date: string;
  booking_time: string;
  /** The delay taken back. */
  minutes: number;
  by: string;
  at: string;
}

export type CounterEvent =
  | DomainEvent<'PizzaSoldOut', PizzaSoldOutData>
  | DomainEvent<'PizzaBackInStock', PizzaBackInStockData>
  | DomainEvent<'SoldOutSwapOffered', SoldOutSwapOfferedData>
  | DomainEvent<'WebBookingsPaused', WebBookingsPausedData>
  | DomainEvent<'WebBookingsResumed', WebBookingsResumedData>
  | DomainEvent<'BookingDelayed', BookingDelayedData>
  | DomainEvent<'BookingDelayUndone', BookingDelayUndoneData>;

/** The counter's event types, named once: the kiosk day's list (kioskDay.ts) takes them in whole. */
export const COUNTER_EVENT_TYPES = {
  PizzaSoldOut: true,
  PizzaBackInStock: true,
  SoldOutSwapOffered: true,
  WebBookingsPaused: true,
  WebBookingsResumed: true,
  BookingDelayed: true,
  BookingDelayUndone: true,
} as const satisfies { readonly [T in CounterEvent['type']]: true };

/** The counter's events (a part of the kiosk day's, kioskDay.ts). */
export const counterEvents = eventsOf<CounterEvent>(COUNTER_EVENT_TYPES);

export type CounterCommand =
  | {
      type: 'MarkPizzaSoldOut';
      date: string;
      pizza: { id: number; name: string };
      until: string | null;
      by: string;
      clock: Clock;
    }
  | { type: 'MarkPizzaBackInStock'; date: string; pizzaId: number; by: string; clock: Clock }
  | { type: 'OfferSoldOutSwap'; date: string; pizzaId: number; by: string; clock: Clock }
  | {
      type: 'PauseWebBookings';
      date: string;
      minutes: number | null;
      reason: string;
      by: string;
      clock: Clock;
    }
  | { type: 'ResumeWebBookings'; date: string; by: string; clock: Clock }
  | { type: 'DelaySlot'; date: string; time: string; minutes: number; by: string; clock: Clock }
  | { type: 'UndoSlotDelay'; date: string; time: string; by: string; clock: Clock };

export interface CounterState {
  /** Pizzas sold out on this day, by id. */
  soldOut: Map<number, { pizza_name: string; until: string | null }>;
  /** Swap offers sent, as `${booking_id}/${pizza_id}`: one mail per booking and pizza. */
  swapOffers: Set<string>;
  pause: { until: string | null; reason: string } | null;
  /** Delays in force by booked slot: the minutes and the bookings each one moved. */
  delays: Map<string, { minutes: number; bookingIds: string[] }>;
}

export const initialCounterState = (): CounterState => ({
  soldOut: new Map(),
  swapOffers: new Set(),
  pause: null,
  delays: new Map(),
});

export function evolveCounter(state: CounterState, event: CounterEvent): CounterState {
  switch (event.type) {
    case 'PizzaSoldOut':
      state.soldOut.set(event.data.pizza_id, { pizza_name: event.data.pizza_name, until: event.data.until });
      return state;
    case 'PizzaBackInStock':
      state.soldOut.delete(event.data.pizza_id);
      return state;
    case 'SoldOutSwapOffered':
      state.swapOffers.add(`${event.data.booking_id}/${event.data.pizza_id}`);
      return state;
    case 'WebBookingsPaused':
      state.pause = { until: event.data.until, reason: event.data.reason };
      return state;
    case 'WebBookingsResumed':
      state.pause = null;
      return state;
    case 'BookingDelayed': {
      const delay = state.delays.get(event.data.booking_time) ?? { minutes: event.data.minutes, bookingIds: [] };
      delay.bookingIds.push(event.data.booking_id);
      state.delays.set(event.data.booking_time, delay);
      return state;
    }
    case 'BookingDelayUndone': {
      const delay = state.delays.get(event.data.booking_time);
      if (!delay) return state;
      delay.bookingIds = delay.bookingIds.filter((id) => id !== event.data.booking_id);
      if (delay.bookingIds.length === 0) state.delays.delete(event.data.booking_time);
      return state;
    }
  }
}
