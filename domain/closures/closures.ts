// Closures and holidays: one stream ('closures'). Staff close a date range with a reason
// ("Semester", 1–14 juli), once or every year (julafton, midsommarafton), and remove it again.
// A closed date is not offered and refuses bookings and VIP markings (rules: closures,
// bookable-dates, vip-dates); the kiosk-day decider gets the closures with its command, as it gets
// the settings. There are no multi-stream transactions: a booking racing a closure being added may
// still be placed, which is why adding one answers the bookings it affects (affectedBookings).
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound, reject } from '../shared/errors.js';
import { daysBetween, isValidDate } from '../shared/time.js';

export const CLOSURES_STREAM = 'closures';

/** The longest reason kept (a word or two: it is shown on day cards and in messages). */
export const CLOSURE_REASON_MAX = 100;

export interface ClosureInput {
  /** yyyy-MM-dd; with `recurring` only month and day count. */
  from: string;
  to: string;
  reason: string;
  /** Repeats every year on the same month-days; may wrap the year end (20 dec – 6 jan). */
  recurring: boolean;
}

export interface Closure extends ClosureInput {
  id: number;
}

/** A closure's refusal: `code` is for callers that act on which rule refused (never on its text). */
export interface ClosureProblem {
  code: 'invalid_date' | 'reason_required' | 'reason_too_long' | 'ends_before_start';
  field: 'from' | 'to' | 'reason';
  message: string;
}

/**
 * Why a closure cannot be added, or null (rule: closures): a real date at each end, a reason
 * (trimmed, at most CLOSURE_REASON_MAX characters), and a one-off range not ending before it
 * starts. A recurring range compares month-days and may wrap the year end, so any order is fine.
 */
export function closureProblem(input: ClosureInput): ClosureProblem | null {
  if (!isValidDate(input.from)) return { code: 'invalid_date', field: 'from', message: msg.invalidDate };
  if (!isValidDate(input.to)) return { code: 'invalid_date', field: 'to', message: msg.invalidDate };
  const reason = input.reason.trim();
  if (!reason) return { code: 'reason_required', field: 'reason', message: msg.closureReasonRequired };
  if (reason.length > CLOSURE_REASON_MAX)
    return { code: 'reason_too_long', field: 'reason', message: msg.closureReasonTooLong(CLOSURE_REASON_MAX) };
  if (!input.recurring && daysBetween(input.from, input.to) < 0)
    return { code: 'ends_before_start', field: 'to', message: msg.closureEndsBeforeStart };
  return null;
}

const monthDay = (date: string) => date.slice(5);

/** Whether the closure covers the date (rule: closures). */
export function covers(closure: ClosureInput, date: string): boolean {
  if (!closure.recurring) return closure.from <= date && date <= closure.to;
  const day = monthDay(date);
  const from = monthDay(closure.from);
  const to = monthDay(closure.to);
  // 12-20 … 01-06 wraps the year end: the date is on or after the start, or on or before the end.
  return from <= to ? from <= day && day <= to : day >= from || day <= to;
}

/** The closure covering the date (the first added, when several do), or null. */
export function closureOn(date: string, closures: readonly Closure[]): Closure | null {
  for (const closure of closures) if (covers(closure, date)) return closure;
  return null;
}

/** What closing needs to know of a booking to list it (the read model's fields). */
export interface BookingOnDate {
  id: string;
  booking_date: string;
  booking_time: string;
  status: 'pending' | 'confirmed' | 'cancelled';
}

/**
 * The bookings a closure affects (rule: closure-bookings): pending or confirmed, dated today or
 * later, on a date the closure covers; in date and time order. Past days are history, not
 * something to cancel.
 */
export function affectedBookings<B extends BookingOnDate>(
  closure: ClosureInput,
  bookings: readonly B[],
  today: string,
): B[] {
  return bookings
    .filter((b) => b.status !== 'cancelled' && b.booking_date >= today && covers(closure, b.booking_date))
    .sort(
      (a, b) =>
        a.booking_date.localeCompare(b.booking_date) ||
        a.booking_time.localeCompare(b.booking_time) ||
        a.id.localeCompare(b.id),
    );
}

export type ClosureEvent =
  DomainEvent<'ClosureAdded', Closure & { added_by: string }> | DomainEvent<'ClosureRemoved', { id: number }>;

/** The closures' events: their decoding point (domain/shared/events.ts). */
export const closureEvents = eventsOf<ClosureEvent>({
  ClosureAdded: true,
  ClosureRemoved: true,
});

export type ClosureCommand =
  { type: 'AddClosure'; closure: ClosureInput; actor: string } | { type: 'RemoveClosure'; id: number };

export interface ClosuresState {
  /** By id, in the order they were added. */
  closures: Map<number, Closure>;
  lastId: number;
}

export const closuresDecider: Decider<ClosureCommand, ClosureEvent, ClosuresState> = {
  initialState: () => ({ closures: new Map(), lastId: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'ClosureAdded': {
        const { id, from, to, reason, recurring } = event.data;
        state.lastId = Math.max(state.lastId, id);
        state.closures.set(id, { id, from, to, reason, recurring });
        return state;
      }
      case 'ClosureRemoved':
        state.closures.delete(event.data.id);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddClosure': {
        const problem = closureProblem(command.closure);
        if (problem) reject(problem.message);
        const { from, to, recurring } = command.closure;
        // Ids are handed out in order and never reused.
        return [
          {
            type: 'ClosureAdded',
            data: {
              id: state.lastId + 1,
              from,
              to,
              reason: command.closure.reason.trim(),
              recurring,
              added_by: command.actor,
            },
          },
        ];
      }
      case 'RemoveClosure':
        if (!state.closures.has(command.id)) notFound(msg.closureNotFound);
        return [{ type: 'ClosureRemoved', data: { id: command.id } }];
      default:
        return assertNever(command);
    }
  },
};

/** The closures in effect, in the order they were added. */
export const closuresOf = (state: ClosuresState): Closure[] => [...state.closures.values()];
