// The kitchen board's day (rule: kitchen-steps): the date's pending and confirmed bookings in
// time order, as every booking answer shows them. Cancelled ones never reach the kitchen.
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../shapes.js';
import { bookingView } from './common.js';

/** GET /admin/kitchen?date= : the date (today in the kiosk's zone when left out), today, and its orders. */
export async function kitchenDay(docs: DocumentStore, input: { date?: string; clock: Clock }) {
  const today = todayIn(input.clock);
  const date = input.date ?? today;
  const bookings = await docs.find<BookingDoc>(
    COLLECTIONS.bookings,
    { booking_date: date, status: { $in: ['pending', 'confirmed'] } },
    {
      sort: [
        ['booking_time', 1],
        ['created_at', 1],
      ],
    },
  );
  return { date, today, bookings: bookings.map(bookingView) };
}
