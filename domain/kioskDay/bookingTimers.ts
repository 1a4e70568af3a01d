// When the system's two timers on a booking are due (rules pending-expiry and reminder): one
// place for the windows, which the kiosk-day decider enforces and the timers' sweep
// (api/timers/bookingTimers.ts) reads to know which commands to send.
import { msg } from '../messages.js';
import type { Settings } from '../settings/settings.js';
import { instantOf, minutesUntil, type Clock } from '../shared/time.js';

/** What the windows read of a booking: its slot and when it was placed (ms; and confirmed). */
export interface TimedBooking {
  booking_date: string;
  booking_time: string;
  placed_ms: number;
  confirmed_at?: string | null;
}

/**
 * Rule pending-expiry: why a pending booking does not expire now, or null when it does: it has
 * waited pending_expiry_minutes since it was placed and its slot has not started.
 */
export function pendingExpiryRefusal(settings: Settings, booking: TimedBooking, clock: Clock): string | null {
  if (settings.pending_expiry_minutes === 0) return msg.pendingExpiryOff;
  if (minutesUntil(clock, booking.booking_date, booking.booking_time) <= 0) return msg.timePassed;
  const waited = (clock.now.getTime() - booking.placed_ms) / 60_000;
  if (waited < settings.pending_expiry_minutes) return msg.pendingNotExpired;
  return null;
}

/**
 * Rule reminder: why a confirmed booking is not reminded now, or null when it is: from
 * reminder_minutes_before minutes before its slot until the slot starts, unless it was placed or
 * confirmed inside that window.
 */
export function reminderRefusal(settings: Settings, booking: TimedBooking, clock: Clock): string | null {
  const before = settings.reminder_minutes_before;
  if (before === 0) return msg.remindersOff;
  const left = minutesUntil(clock, booking.booking_date, booking.booking_time);
  if (left <= 0) return msg.timePassed;
  if (left > before) return msg.reminderTooEarly;
  const windowOpens = instantOf(booking.booking_date, booking.booking_time, clock.timeZone).getTime() - before * 60_000;
  const confirmedAt = booking.confirmed_at ?? null;
  if (booking.placed_ms >= windowOpens || (confirmedAt !== null && Date.parse(confirmedAt) >= windowOpens))
    return msg.reminderTooLate;
  return null;
}
