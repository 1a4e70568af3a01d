// /my-booking's calls (SPEC 7), each beside the schema the server checks it with; the booking's
// links (this page's address, the calendar file) are in ui/lib/bookingLinks.ts.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import type { lookupSchema, publicCancelSchema, rescheduleSchema } from '../../../../domain/payloads.js';
import type {
  Availability,
  LookupAnswer,
  OpenDaysAnswer,
  PublicSettings,
  RescheduleAnswer,
} from '../../../../domain/answers/index.js';

export type { LookupAnswer, RescheduleAnswer };

/** POST /bookings/lookup: the booking when the e-mail matches. */
export const lookupBooking = (body: z.output<typeof lookupSchema>) => api<LookupAnswer>('/bookings/lookup', { body });

/** GET /settings: the cancellation deadline, which the too-late notice names. */
export const publicSettings = () => api<PublicSettings>('/settings');

/** POST /bookings/{id}/cancel-public with the booking's e-mail. */
export const cancelBooking = (id: string, body: z.input<typeof publicCancelSchema>) =>
  api(`/bookings/${encodeURIComponent(id)}/cancel-public`, { body });

/** POST /bookings/{id}/reschedule: the booking at its new date and time (a new number when the date changed). */
export const rescheduleBooking = (id: string, body: z.input<typeof rescheduleSchema>) =>
  api<RescheduleAnswer>(`/bookings/${encodeURIComponent(id)}/reschedule`, { body });

/** GET /open-days: the dates a booking can move to (as the booking page offers them). */
export const openDays = () => api<OpenDaysAnswer>('/open-days?days=30');

/**
 * GET /bookings/{id}/reschedule-slots: the slots of a date the booking may move to (its own
 * pizzas not counted against it on its own date, as the move decides).
 */
export const rescheduleSlots = (id: string, email: string, date: string) =>
  api<Availability>(`/bookings/${encodeURIComponent(id)}/reschedule-slots?${new URLSearchParams({ email, date })}`);
