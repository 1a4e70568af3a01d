// Cancelling a booking (rules: staff-cancellation, customer-cancellation, pending-expiry): what
// a cancellation records, and whether the customer may still cancel (or move) it themselves.
import { msg } from '../messages.js';
import { DomainError } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import { minutesUntil, type Clock } from '../shared/time.js';
import { customerCancelDeadlineMinutes } from './schedule.js';
import type { Booking, BookingCancelledData, CancelledBy } from './kioskDay.js';

/**
 * A booking cancelled before: refused as 'Bokningen är redan avbokad', with the code
 * `already_cancelled`, so a caller that takes a repeat for done (closing a day cancels every
 * booking on it) asks the code, never the text.
 */
// A function declaration, not an arrow: only so does a call narrow the status after it.
export function refuseAlreadyCancelled(): never {
  throw new DomainError(msg.bookingAlreadyCancelled, 'rejected', 'already_cancelled');
}

/**
 * What a booking leaving its place frees there, as its cancellation and its move away record it:
 * the read models take the day's counts and the books from these fields.
 */
export function freedPlace(booking: Booking & { status: 'pending' | 'confirmed' }) {
  return {
    previous_status: booking.status,
    booking_date: booking.booking_date,
    booking_time: booking.booking_time,
    total_pizzas: booking.total_pizzas,
    final_total_cents: booking.final_total_cents,
    items: booking.items,
  };
}

export function cancellation(
  booking: Booking,
  by: CancelledBy,
  reason: string | null,
  clock: Clock,
): BookingCancelledData {
  if (booking.status === 'cancelled') refuseAlreadyCancelled();
  if (booking.status === 'moved') throw new DomainError(msg.bookingMovedTo(booking.moved_to));
  return {
    booking_id: booking.booking_id,
    by,
    reason,
    ...(by === 'staff' && reason !== null ? { email: booking.email } : {}),
    cancelled_at: clock.now.toISOString(),
    ...freedPlace(booking),
    bonus_code: booking.bonus_code,
    bonus_ref: booking.bonus_ref ?? null,
  };
}

/** SPEC 3 lookup fields: whether the customer may cancel online, and whole hours left. */
export function customerCancellation(
  booking: Pick<Booking, 'booking_date' | 'booking_time' | 'status'>,
  settings: Settings,
  clock: Clock,
): { can_cancel: boolean; hours_until_booking: number } {
  const minutes = minutesUntil(clock, booking.booking_date, booking.booking_time);
  return {
    can_cancel:
      booking.status !== 'cancelled' &&
      booking.status !== 'moved' &&
      minutes >= customerCancelDeadlineMinutes(settings),
    hours_until_booking: Math.max(0, Math.floor(minutes / 60)),
  };
}
