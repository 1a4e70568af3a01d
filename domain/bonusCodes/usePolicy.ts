// When a booking's bonus-code use is redeemed and when it is given back (rules: bonus-code-uses,
// cancellation-returns-bonus-use, bonus-code-settlement, idempotent-booking). The use lives on
// `bonus-codes`, the booking on its day: two streams, no transaction between them. These rules
// decide each step; the placement process (bookingPlacement.ts) orders them, and the bookings
// service (api/services/bookingPlacement.ts) only runs what it says.
import type { DomainEvent } from '../shared/decider.js';
import type { BookingCancelledData, KioskDayState } from '../kioskDay/kioskDay.js';

/** Whether the day holds a booking placed under this idempotency key (rule: idempotent-booking). */
export const holdsKey = (day: Pick<KioskDayState, 'byIdempotencyKey'>, idempotencyKey: string | null): boolean =>
  idempotencyKey !== null && day.byIdempotencyKey.has(idempotencyKey);

/**
 * The reference a booking's use is redeemed under (rule: bonus-code-uses): for a keyed booking the
 * same for every retry (`idem:{date}:{key}`, scoped to the date like the key itself, read back by
 * dateOfBookingRef), so redeeming counts once; otherwise the one-off reference given.
 */
export const bookingRefFor = (date: string, idempotencyKey: string | null, oneOff: string): string =>
  idempotencyKey !== null ? `idem:${date}:${idempotencyKey}` : oneOff;

/**
 * Whether placing a booking redeems a use: a code was given and the day holds no booking under
 * the key. A retry of a placed booking goes straight to the day, which answers it (or refuses
 * another order under the same key) without the code being touched.
 */
export const redeemsUse = (bonusCode: string | null | undefined, dayHoldsKey: boolean): boolean =>
  Boolean(bonusCode) && !dayHoldsKey;

/**
 * Whether a keyed booking refused before its code is touched settles the key's use as not
 * placed (rule: bonus-code-settlement): a use an earlier request of the key left held is given
 * back once that request can no longer place it. Without a key there is no earlier use.
 */
export const settlesOnEarlyRefusal = (idempotencyKey: string | null): boolean => idempotencyKey !== null;

/**
 * Whether a booking the day refused gives its use back. Only the request whose redemption
 * appended the use (one that found it held by a racing retry must not free it under a booking
 * the other may be placing), and not when the day by then holds a booking under the key (a
 * racing request placed it, perhaps as another order: that booking owns the use). Only a
 * refusal counts: a failure whose outcome is unknown keeps the use (under-use, never over-use).
 */
export const releasesOnRefusal = (outcome: { appendedUse: boolean; dayHoldsKey: boolean }): boolean =>
  outcome.appendedUse && !outcome.dayHoldsKey;

/** The use to give back: the code and the reference it was redeemed under. */
export interface UseToRelease {
  code: string;
  booking_ref: string;
}

/**
 * The use a decision on a day gives back (rule: cancellation-returns-bonus-use): a cancellation's,
 * by staff, the customer or the system, under the reference it was redeemed with. None when the
 * booking had no code, was placed before references were recorded, or is a move undone (its use
 * belongs to the booking that stayed: the cancellation carries no code).
 */
export function useToRelease(decided: readonly DomainEvent[]): UseToRelease | null {
  const cancelled = decided.find((e) => e.type === 'BookingCancelled');
  const data = cancelled?.data as BookingCancelledData | undefined;
  if (!data?.bonus_code || !data.bonus_ref) return null;
  return { code: data.bonus_code, booking_ref: data.bonus_ref };
}
