// The staff's booking calls that more than one screen makes (SPEC 7): a booking's address, and
// confirming a pending booking, from the bookings list and from the kitchen board.
import { api } from '../../lib/api.js';

export const BOOKINGS_PATH = '/admin/bookings';

export const bookingPath = (id: string) => `${BOOKINGS_PATH}/${encodeURIComponent(id)}`;

export const confirmBooking = (id: string) => api(`${bookingPath(id)}/confirm`, { method: 'PUT', body: {} });
