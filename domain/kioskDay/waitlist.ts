// The waitlist's commands and rules (rule: waitlist in domain/README.md). Decided in the
// kiosk-day stream with every booking of the day, so under optimistic concurrency no offer, hold
// or booking can ever take more than a window's capacity, from any number of API processes.
import { msg } from '../messages.js';
import { dayAccess } from './dayAccess.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import { undeclaredInWebOrder } from './webOrderAllergens.js';
import type { Settings } from '../settings/settings.js';
import { instantOf, isAhead, wallClock, type Clock } from '../shared/time.js';
import { dayHours, slotCapacity, type VipAccess } from './schedule.js';
import { type BookingLine, type KioskDayEvent, type KioskDayState } from './kioskDay.js';
import type { WaitlistEntry, WaitlistEvent } from './waitlistState.js';
import { closureOn, type Closure } from '../closures/closures.js';
import { placedOrder, sameOrder } from './placedOrder.js';
import { sameEmail } from '../customers/personalData.js';

export interface JoinWaitlist {
  type: 'JoinWaitlist';
  date: string;
  time: string;
  name: string;
  email: string;
  requestedPizzas: number;
  /** Made by the sender (random): the entry's id and its link's secret. */
  waitlistId: string;
  token: string;
  vip: VipAccess | null;
  settings: Settings;
  /** The kiosk's closures (rule: closures): no queue on a closed date. */
  closures: readonly Closure[];
  clock: Clock;
}

/**
 * Lapses holds that ran out and offers freed capacity to the waiting entries, in join order.
 * Appends nothing when nothing changes, so any process may send it any number of times.
 */
export interface OfferFreedCapacity {
  type: 'OfferFreedCapacity';
  date: string;
  settings: Settings;
  /** On a closed date holds still lapse, but nothing new is offered (rule: closures). */
  closures: readonly Closure[];
  clock: Clock;
}

/** The offer-holder books within the hold: the normal booking (pending, mails) from its own hold. */
export interface BookFromWaitlist {
  type: 'BookFromWaitlist';
  date: string;
  token: string;
  lines: BookingLine[];
  customer: { name: string; email: string; phone: string | null };
  dine_in: boolean;
  comment: string | null;
  settings: Settings;
  closures: readonly Closure[];
  clock: Clock;
}

export interface LeaveWaitlist {
  type: 'LeaveWaitlist';
  date: string;
  token: string;
  clock: Clock;
}

export type WaitlistCommand = JoinWaitlist | OfferFreedCapacity | BookFromWaitlist | LeaveWaitlist;

/**
 * What the offer decision would do now: holds that ran out lapse, then each waiting entry in
 * join order whose time has room for its whole request (after every hold, and after the offers
 * planned before it) gets an offer. `inUse` is the capacity in use once these events are
 * applied: a normal booking decides against it, so it can never take capacity already due to
 * someone in the queue (the cancellation that freed it and the offer are two appends).
 */
export function planOffers(
  state: KioskDayState,
  date: string,
  settings: Settings,
  clock: Clock,
): { events: WaitlistEvent[]; inUse: Readonly<Record<string, number>> } {
  if (state.waitlist.open === 0) return { events: [], inUse: state.pizzasByTime };
  const nowIso = clock.now.toISOString();
  const events: WaitlistEvent[] = [];
  const inUse = { ...state.pizzasByTime };
  const use = (time: string, delta: number) => {
    const next = (inUse[time] ?? 0) + delta;
    if (next > 0) inUse[time] = next;
    else delete inUse[time];
  };
  for (const entry of state.waitlist.entries.values()) {
    if (entry.status === 'offered' && Date.parse(entry.offer.hold_expires_at) <= clock.now.getTime()) {
      events.push({
        type: 'WaitlistOfferLapsed',
        data: { waitlist_id: entry.waitlist_id, date, time: entry.time, pizzas: entry.offer.pizzas, lapsed_at: nowIso },
      });
      use(entry.time, -entry.offer.pizzas);
    }
  }
  const hours = dayHours(date, settings, state.entry);
  const now = wallClock(clock.now, clock.timeZone);
  for (const entry of state.waitlist.entries.values()) {
    if (entry.status !== 'waiting' || !isAhead(now, date, entry.time)) continue;
    const remaining = slotCapacity(hours, settings, inUse, entry.time);
    if (remaining === null || remaining < entry.requested_pizzas) continue;
    const slotStart = instantOf(date, entry.time, clock.timeZone).getTime();
    const holdEnd = Math.min(clock.now.getTime() + settings.waitlist_hold_minutes * 60_000, slotStart);
    events.push({
      type: 'WaitlistOfferMade',
      data: {
        waitlist_id: entry.waitlist_id,
        date,
        time: entry.time,
        pizzas: entry.requested_pizzas,
        offered_at: nowIso,
        hold_expires_at: new Date(holdEnd).toISOString(),
      },
    });
    use(entry.time, entry.requested_pizzas);
  }
  return { events, inUse };
}

export function decideWaitlist(command: WaitlistCommand, state: KioskDayState): KioskDayEvent[] {
  switch (command.type) {
    case 'JoinWaitlist':
      return [joinWaitlist(command, state)];
    case 'OfferFreedCapacity': {
      const planned = planOffers(state, command.date, command.settings, command.clock).events;
      // A closed date takes no booking, so nobody is offered a place on it.
      return closureOn(command.date, command.closures)
        ? planned.filter((e) => e.type === 'WaitlistOfferLapsed')
        : planned;
    }
    case 'BookFromWaitlist':
      return bookFromWaitlist(command, state);
    case 'LeaveWaitlist': {
      const entry = entryOf(state, command.token);
      if (entry.status === 'booked') throw new DomainError(msg.waitlistAlreadyBooked, 'conflict');
      // Leaving twice, or after the hold lapsed, changes nothing.
      if (entry.status !== 'waiting' && entry.status !== 'offered') return [];
      return [
        {
          type: 'WaitlistLeft',
          data: {
            waitlist_id: entry.waitlist_id,
            date: command.date,
            time: entry.time,
            released_pizzas: entry.status === 'offered' ? entry.offer.pizzas : 0,
            left_at: command.clock.now.toISOString(),
          },
        },
      ];
    }
  }
}

function joinWaitlist(command: JoinWaitlist, state: KioskDayState): KioskDayEvent {
  const { date, time, requestedPizzas, settings, clock } = command;
  // 1. The request: as for a booking (rule: pizza-count).
  if (!Number.isInteger(requestedPizzas) || requestedPizzas < 1) reject(msg.pizzaCountMin);
  if (requestedPizzas > settings.capacity_per_window) reject(msg.pizzaCountMax(settings.capacity_per_window));
  // 2. The date and the slot: the rules of bookable-dates.
  const { hours, now, problem } = dayAccess(state, command);
  if (problem) reject(problem);
  const remaining = slotCapacity(hours, settings, planOffers(state, date, settings, clock).inUse, time);
  if (remaining === null) reject(msg.noSuchSlot);
  if (!isAhead(now, date, time)) reject(msg.timePassed);
  // 3. A queue only for what cannot be booked now: with room, the customer books directly.
  if (remaining! >= requestedPizzas) throw new DomainError(msg.waitlistSlotHasRoom, 'conflict');
  const email = command.email.trim();
  for (const entry of state.waitlist.entries.values()) {
    const queued = entry.status === 'waiting' || entry.status === 'offered';
    if (queued && entry.time === time && sameEmail(entry.email, email))
      throw new DomainError(msg.waitlistAlreadyQueued, 'conflict');
  }
  if (state.waitlist.byToken.has(command.token) || state.waitlist.entries.has(command.waitlistId))
    throw new Error('JoinWaitlist: token or id reused');
  return {
    type: 'WaitlistJoined',
    data: {
      waitlist_id: command.waitlistId,
      token: command.token,
      date,
      time,
      name: command.name.trim(),
      email,
      requested_pizzas: requestedPizzas,
      joined_at: clock.now.toISOString(),
    },
  };
}

/** The entry a token names; an unknown one is not found (and tells nothing about other entries). */
export function entryOf(state: KioskDayState, token: string): WaitlistEntry {
  const id = state.waitlist.byToken.get(token);
  const entry = id === undefined ? undefined : state.waitlist.entries.get(id);
  if (!entry || entry.status === 'left') notFound(msg.waitlistNotFound);
  return entry!;
}

/**
 * Whether an entry still waiting has seen its slot start: no place came free in time, and none
 * will (offers are only made for slots ahead). Its link and the staff's list say so.
 */
export function missedItsSlot(entry: { status: string; time: string }, date: string, clock: Clock): boolean {
  return entry.status === 'waiting' && !isAhead(wallClock(clock.now, clock.timeZone), date, entry.time);
}

/** Why an entry's offer on this date cannot be booked now (the hold is live otherwise), or null. */
export function offerProblem(entry: WaitlistEntry, date: string, clock: Clock): DomainError | null {
  switch (entry.status) {
    case 'waiting':
      if (missedItsSlot(entry, date, clock)) return new DomainError(msg.waitlistTimeStarted, 'conflict');
      return new DomainError(msg.waitlistStillWaiting, 'conflict');
    case 'booked':
      return new DomainError(msg.waitlistAlreadyBooked, 'conflict');
    case 'lapsed':
      return new DomainError(msg.waitlistOfferLapsed, 'conflict');
    case 'left':
      return new DomainError(msg.waitlistNotFound, 'not_found');
    case 'offered':
      // A hold that ran out is over from that instant, whether or not its lapse is recorded yet.
      return Date.parse(entry.offer.hold_expires_at) <= clock.now.getTime()
        ? new DomainError(msg.waitlistOfferLapsed, 'conflict')
        : null;
  }
}

function bookFromWaitlist(command: BookFromWaitlist, state: KioskDayState): KioskDayEvent[] {
  const { date, lines, settings, clock } = command;
  const entry = entryOf(state, command.token);
  // Before every other rule: the same order again from the same link is a retry after a lost
  // answer (the link books once), answered with the booking it placed, nothing appended (the
  // service reads it from the entry), even once the slot has passed since. Another order is refused.
  if (
    entry.status === 'booked' &&
    entry.placed &&
    sameOrder(entry.placed, { date, time: entry.time, customer: command.customer, lines })
  )
    return [];
  const problem = offerProblem(entry, date, clock);
  if (problem) throw problem;
  // offerProblem refuses every entry that is not offered; this tells the compiler so.
  if (entry.status !== 'offered') throw new Error(`waitlist entry ${entry.status}: offerProblem let it through`);
  const held = entry.offer.pizzas;
  const time = entry.time;

  // 1. The order: at least one pizza, at most what is held (rule: order-count, against the hold).
  const chosen = lines.reduce((sum, l) => sum + l.qty, 0);
  if (lines.length === 0 || chosen === 0) reject(msg.atLeastOnePizza);
  // Ordered online like any booking: no pizza without an allergen declaration (rule: undeclared-pizzas).
  const undeclared = undeclaredInWebOrder(lines);
  if (undeclared) reject(undeclared);

  // 2. The day and the slot as they are now (staff may have closed the day or moved its hours).
  const hours = dayHours(date, settings, state.entry);
  const now = wallClock(clock.now, clock.timeZone);
  if (!hours.isOpen) reject(msg.dayClosed);
  const closure = closureOn(date, command.closures);
  if (closure) reject(msg.dayClosedFor(closure.reason));
  // The capacity in use without the own hold (after every other hold and offer due): the order
  // may take what its hold had, and never more than the window has room for besides the rest.
  const others = { ...planOffers(state, date, settings, clock).inUse };
  others[time] = (others[time] ?? 0) - held;
  const free = slotCapacity(hours, settings, others, time);
  if (free === null) reject(msg.noSuchSlot);
  if (!isAhead(now, date, time)) reject(msg.timePassed);
  const room = Math.min(held, free!);
  if (chosen > room) reject(room === 0 ? msg.slotFull : msg.tooManyForSlot(chosen, room));

  // 3. The price and the number, as for every booking (no bonus code from a queue).
  const placed = placedOrder(
    {
      date,
      time,
      lines,
      customer: command.customer,
      dine_in: command.dine_in,
      comment: command.comment,
      discount: null,
      vip: null,
      clock,
    },
    state,
  );
  return [
    {
      type: 'WaitlistOfferTaken',
      data: {
        waitlist_id: entry.waitlist_id,
        date,
        time,
        pizzas: held,
        booking_id: placed.booking_id,
        taken_at: placed.placed_at,
      },
    },
    { type: 'BookingPlaced', data: { ...placed, waitlist_id: entry.waitlist_id } },
  ];
}
