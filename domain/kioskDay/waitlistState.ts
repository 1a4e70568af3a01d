// The waitlist of one kiosk day (rule: waitlist): its events and how they fold into the day's
// state. It lives in the kiosk-day stream because a held offer is capacity in use: the same stream
// that decides "never more pizzas in a window than capacity_per_window" decides who holds what.
import type { DomainEvent } from '../shared/decider.js';
import type { BookingPlacedData } from './bookingPlaced.js';

export interface WaitlistJoinedData {
  waitlist_id: string;
  /** The secret of the personal link /waitlist/{token}: random, made by the command's sender. */
  token: string;
  date: string;
  time: string;
  name: string;
  email: string;
  requested_pizzas: number;
  joined_at: string;
}

export interface WaitlistOfferMadeData {
  waitlist_id: string;
  date: string;
  time: string;
  /** Pizzas held for the entry: its requested count. */
  pizzas: number;
  offered_at: string;
  /** The hold ends here: now + waitlist_hold_minutes, at the latest when the slot starts. */
  hold_expires_at: string;
}

/** Every event that ends a hold carries its time and pizzas, so read models undo it from the event alone. */
export interface WaitlistOfferLapsedData {
  waitlist_id: string;
  date: string;
  time: string;
  pizzas: number;
  lapsed_at: string;
}

export interface WaitlistOfferTakenData {
  waitlist_id: string;
  date: string;
  time: string;
  /** The pizzas the hold had (the booking, placed in the same append, holds its own). */
  pizzas: number;
  booking_id: string;
  taken_at: string;
}

export interface WaitlistLeftData {
  waitlist_id: string;
  date: string;
  time: string;
  /** Pizzas of a live hold given up by leaving; 0 when the entry was still waiting. */
  released_pizzas: number;
  left_at: string;
}

export type WaitlistEvent =
  | DomainEvent<'WaitlistJoined', WaitlistJoinedData>
  | DomainEvent<'WaitlistOfferMade', WaitlistOfferMadeData>
  | DomainEvent<'WaitlistOfferLapsed', WaitlistOfferLapsedData>
  | DomainEvent<'WaitlistOfferTaken', WaitlistOfferTakenData>
  | DomainEvent<'WaitlistLeft', WaitlistLeftData>;

/** Every change to a day's waitlist: an entry joining, an offer made, lapsed or taken, an entry leaving. */
export const WAITLIST_EVENTS = [
  'WaitlistJoined',
  'WaitlistOfferMade',
  'WaitlistOfferLapsed',
  'WaitlistOfferTaken',
  'WaitlistLeft',
] as const;

export const WAITLIST_EVENT_TYPES: ReadonlySet<string> = new Set(WAITLIST_EVENTS);

type EntryBase = Pick<
  WaitlistJoinedData,
  'waitlist_id' | 'token' | 'time' | 'email' | 'requested_pizzas' | 'joined_at'
>;

/** An entry's life: waiting → offered → booked, or lapsed when the hold ran out; left at any time before. */
export type WaitlistEntry =
  | (EntryBase & { status: 'waiting' })
  | (EntryBase & { status: 'offered'; offer: { pizzas: number; hold_expires_at: string } })
  /** `placed`: the booking as placed, from the same append: a retry of the same order is answered with it. */
  | (EntryBase & { status: 'booked'; booking_id: string; placed?: BookingPlacedData })
  | (EntryBase & { status: 'lapsed' })
  | (EntryBase & { status: 'left' });

export interface WaitlistState {
  /** Every entry of the day, in join order (a Map iterates in insertion order). */
  entries: Map<string, WaitlistEntry>;
  /** waitlist_id by token. */
  byToken: Map<string, string>;
  /** Entries waiting or offered: the offer decision is skipped on days without any. */
  open: number;
}

export const initialWaitlistState = (): WaitlistState => ({ entries: new Map(), byToken: new Map(), open: 0 });

/**
 * Folds a waitlist event. `usePizzas` changes the day's capacity in use: an offer holds its
 * pizzas from when it is made until it is taken (the booking then holds its own), lapses or is left.
 */
export function evolveWaitlist(
  state: WaitlistState,
  event: WaitlistEvent,
  usePizzas: (time: string, delta: number) => void,
): void {
  const d = event.data;
  const entry = state.entries.get(d.waitlist_id);
  switch (event.type) {
    case 'WaitlistJoined': {
      const { waitlist_id, token, time, email, requested_pizzas, joined_at } = event.data;
      state.entries.set(waitlist_id, {
        waitlist_id,
        token,
        time,
        email,
        requested_pizzas,
        joined_at,
        status: 'waiting',
      });
      state.byToken.set(token, waitlist_id);
      state.open += 1;
      return;
    }
    case 'WaitlistOfferMade':
      if (entry?.status !== 'waiting') return;
      state.entries.set(entry.waitlist_id, {
        ...base(entry),
        status: 'offered',
        offer: { pizzas: event.data.pizzas, hold_expires_at: event.data.hold_expires_at },
      });
      usePizzas(event.data.time, event.data.pizzas);
      return;
    case 'WaitlistOfferLapsed':
      if (entry?.status !== 'offered') return;
      state.entries.set(entry.waitlist_id, { ...base(entry), status: 'lapsed' });
      usePizzas(entry.time, -entry.offer.pizzas);
      state.open -= 1;
      return;
    case 'WaitlistOfferTaken':
      if (entry?.status !== 'offered') return;
      state.entries.set(entry.waitlist_id, { ...base(entry), status: 'booked', booking_id: event.data.booking_id });
      usePizzas(entry.time, -entry.offer.pizzas);
      state.open -= 1;
      return;
    case 'WaitlistLeft':
      if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered')) return;
      if (entry.status === 'offered') usePizzas(entry.time, -entry.offer.pizzas);
      state.entries.set(entry.waitlist_id, { ...base(entry), status: 'left' });
      state.open -= 1;
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

function base(entry: WaitlistEntry): EntryBase {
  const { waitlist_id, token, time, email, requested_pizzas, joined_at } = entry;
  return { waitlist_id, token, time, email, requested_pizzas, joined_at };
}
