// Settling bonus-code uses (rule: bonus-code-settlement). A use is redeemed on `bonus-codes`
// before its booking is appended to the day (no multi-stream transactions), so an append whose
// outcome is unknown (a lost answer, a crash, a timeout) leaves a use that may or may not have a
// booking. Once the outcome is known, the day's log says which: a use whose booking is there is
// kept, one whose booking never landed is given back; each once, decided on `bonus-codes`.
import type { DomainEvent } from '../shared/decider.js';

/** What the bonus-codes state keeps of each use held. */
export interface Redemption {
  /** The booking's date (null in uses redeemed before it was recorded; keyed refs name it). */
  date: string | null;
  /** ISO instant of the redemption; null in uses redeemed before it was recorded. */
  redeemed_at: string | null;
  /** Kept for good: its booking was found in the day's log. */
  settled: boolean;
}

/**
 * How long after its redemption a use's booking can still land in the log. Past it the outcome
 * is known: a booking not in its day's log by then never will be. A placement is one request
 * (answered or cut after REQUEST_TIMEOUT_SECONDS, 30 s by default), whose appends the command
 * bus retries a bounded number of times and each store adapter bounds with its own deadline
 * (EventStoreDB's client: seconds). Ten minutes is far beyond all of them together, and short
 * enough that a leaked use of a code limited to a few uses is back before the kiosk's next rush.
 */
export const BONUS_USE_SETTLE_AFTER_MS = 10 * 60_000;

/** Whether a use's booking can no longer be on its way (its redemption old enough). */
export function outcomeKnown(redemption: Pick<Redemption, 'redeemed_at'>, now: Date): boolean {
  // A use redeemed before the time was recorded is older than this version's first start.
  if (redemption.redeemed_at === null) return true;
  return now.getTime() - Date.parse(redemption.redeemed_at) >= BONUS_USE_SETTLE_AFTER_MS;
}

/** The date a keyed booking reference names (`idem:yyyy-MM-dd:key`, rule: idempotent-booking), else null. */
export function dateOfBookingRef(bookingRef: string): string | null {
  return /^idem:(\d{4}-\d{2}-\d{2}):/.exec(bookingRef)?.[1] ?? null;
}

/** A use the sweep can settle: its code, reference and the date whose log to read. */
export interface UseToSettle {
  code: string;
  booking_ref: string;
  date: string;
}

/**
 * The uses whose outcome is known and not yet settled, oldest code first. A use whose date is
 * unknown (a one-off reference from before dates were recorded) cannot be looked up and stays.
 */
export function usesToSettle(
  codes: Iterable<{ code: string; redemptions: ReadonlyMap<string, Redemption> }>,
  now: Date,
): UseToSettle[] {
  const due: UseToSettle[] = [];
  for (const code of codes)
    for (const [booking_ref, redemption] of code.redemptions) {
      if (redemption.settled || !outcomeKnown(redemption, now)) continue;
      const date = redemption.date ?? dateOfBookingRef(booking_ref);
      if (date !== null) due.push({ code: code.code, booking_ref, date });
    }
  return due;
}

/**
 * Whether the day's log holds a booking placed with this use: any BookingPlaced carrying the
 * reference (also one cancelled or moved since: the cancellation gives the use back itself).
 */
export function bookingLanded(dayEvents: Iterable<DomainEvent>, bookingRef: string): boolean {
  for (const event of dayEvents)
    if (event.type === 'BookingPlaced' && (event.data as { bonus_ref?: string | null }).bonus_ref === bookingRef)
      return true;
  return false;
}
