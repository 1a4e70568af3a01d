// The first HTML of /admin/bookings lists the bookings of the address's filters.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import {
  BOOKINGS_PATH,
  bookingRow,
  filterQuery,
  type Booking,
  type BookingFilters,
  type BookingRow,
} from '../../../features/bookings/api/bookings.js';

export type BookingsData = AdminData & { filters: BookingFilters; bookings: BookingRow[] | null };

export async function data(pageContext: PageContextServer): Promise<BookingsData> {
  const { search } = pageContext.urlParsed;
  const filters = { status: search.status ?? '', date: search.date ?? '' };
  const [user, bookings] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<Booking[]>(`/api${BOOKINGS_PATH}${filterQuery(filters)}`).then(
      (all) => all.map(bookingRow),
      () => null,
    ),
  ]);
  return { user, filters, bookings };
}
