// The links a booking has, to the lookup page /my-booking and to its calendar file: the
// confirmation offers them, and /my-booking itself.

/** GET /bookings/{id}/calendar.ics?email=: the booking as a calendar file ("Lägg till i kalendern"). */
export const calendarFileUrl = (id: string, email: string) =>
  `/api/bookings/${encodeURIComponent(id)}/calendar.ics?email=${encodeURIComponent(email)}`;

/** /my-booking?id=&email=: the page that looks the booking up (the confirmation and the mails link here). */
export const myBookingUrl = (id: string, email: string) =>
  `/my-booking?id=${encodeURIComponent(id)}&email=${encodeURIComponent(email)}`;

/**
 * The lookup page as it opens offline (precached without a query: a URL with one would fall back
 * to the booking page): for a booking saved on the device, which gets its number once sent.
 */
export const MY_BOOKING_PAGE = '/my-booking';
