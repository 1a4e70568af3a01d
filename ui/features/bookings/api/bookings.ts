// The staff's booking calls (SPEC 7), each beside the schema the server checks it with; confirming,
// which the kitchen board does too, is in components/admin/bookingCalls.ts.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { BOOKINGS_PATH, bookingPath } from '../../../components/admin/bookingCalls.js';
import { pickFields } from '../../../components/admin/adminCalls.js';
import { staffCancelSchema } from '../../../../domain/payloads.js';
import type { Booking } from '../../../../domain/answers/booking.js';
import type { BookingDetails, bookingHistorySchema } from '../../../../domain/answers/admin.js';

export type { Booking, BookingDetails };
export type BookingHistory = z.infer<typeof bookingHistorySchema>;
export { staffCancelSchema, BOOKINGS_PATH };

/** The list's filters as the address keeps them ('' = all). */
export interface BookingFilters {
  status: string;
  date: string;
}

/** The query of GET /admin/bookings for the filters ('' when none is set). */
export function filterQuery(filters: BookingFilters): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.date) query.set('date', filters.date);
  return query.size ? `?${query}` : '';
}

/** What the list shows of a booking (the first HTML carries no more). */
export type BookingRow = Pick<
  Booking,
  | 'id'
  | 'name'
  | 'email'
  | 'booking_date'
  | 'booking_time'
  | 'pizza_summary'
  | 'total_pizzas'
  | 'status'
  | 'kitchen_status'
  | 'dine_in'
  | 'delayed_to'
  | 'payment'
>;
const rowFields = pickFields<Booking, keyof BookingRow>([
  'id',
  'name',
  'email',
  'booking_date',
  'booking_time',
  'pizza_summary',
  'total_pizzas',
  'status',
  'kitchen_status',
  'dine_in',
  'delayed_to',
]);
export const bookingRow = (booking: Booking): BookingRow => ({
  ...rowFields(booking),
  // rule: slot-delay: null (not left out) so the first HTML and the client agree.
  delayed_to: booking.delayed_to ?? null,
  // rule: swish-payment: only a booking asked to pay in advance carries it.
  ...(booking.payment ? { payment: booking.payment } : {}),
});

export const listBookings = (filters: BookingFilters) => api<Booking[]>(`${BOOKINGS_PATH}${filterQuery(filters)}`);
export const getBooking = (id: string) => api<BookingDetails>(bookingPath(id));
export const getBookingHistory = (id: string) => api<BookingHistory>(`${bookingPath(id)}/history`);
/** The record of the sale as a PDF, opened in the browser to print (rule: staff-order-record). */
export const confirmationPdfPath = (id: string) => `/api${bookingPath(id)}/confirmation.pdf`;
export const cancelBooking = (id: string, body: z.output<typeof staffCancelSchema>) =>
  api(`${bookingPath(id)}/cancel`, { method: 'PUT', body });
