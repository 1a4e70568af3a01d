// No-shows and order sources from the bookings read model (rules: no-shows, staff-orders): the
// statistics overview's figures for a period, and a booking's earlier no-shows for staff.
import { noShowFigures, sourceShares } from '../../domain/stats/orderOutcomes.js';
import { ERASED, normaliseEmail } from '../../domain/customers/personalData.js';
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../shapes.js';
import { periodStart, type Period } from './stats.js';

/** The overview's no-show and source figures for the period's booking dates (up to today for no-shows). */
export async function periodOutcomes(docs: DocumentStore, period: Period, clock: Clock) {
  const bookings = await docs.find<BookingDoc>(COLLECTIONS.bookings, {
    booking_date: { $gte: periodStart(period, clock) },
  });
  return { ...noShowFigures(bookings, todayIn(clock)), sources: sourceShares(bookings) };
}

/**
 * rule: no-shows. How many bookings under the same e-mail (trimmed, case-insensitive) dated before
 * this one were marked Uteblev. A booking without an e-mail (a counter or phone order) or erased
 * has nobody to compare with: 0.
 */
export async function earlierNoShows(
  docs: DocumentStore,
  booking: Pick<BookingDoc, 'id' | 'email' | 'booking_date' | 'booking_time'>,
) {
  const email = normaliseEmail(booking.email);
  if (!email || booking.email === ERASED) return 0;
  const missed = await docs.find<BookingDoc>(COLLECTIONS.bookings, { kitchen_status: 'no_show' });
  return missed.filter(
    (b) =>
      b.id !== booking.id &&
      normaliseEmail(b.email) === email &&
      `${b.booking_date} ${b.booking_time}` < `${booking.booking_date} ${booking.booking_time}`,
  ).length;
}
