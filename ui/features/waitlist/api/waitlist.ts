// The waitlist's calls (rule: waitlist), each beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import type { waitlistBookSchema, waitlistJoinSchema } from '../../../../domain/payloads.js';
import type { BookingCreated, WaitlistJoined, WaitlistOffer, WaitlistQueue } from '../../../../domain/answers/index.js';

export type { WaitlistOffer, WaitlistQueue };

const path = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

/** POST /waitlist: 201, or 409 when the slot can take the order (book directly). */
export const joinWaitlist = (body: z.input<typeof waitlistJoinSchema>) => api<WaitlistJoined>('/waitlist', { body });

/** GET /waitlist/{token}: the live offer, or a Swedish refusal (still waiting, lapsed, booked, unknown). */
export const getOffer = (token: string) => api<WaitlistOffer>(path(token));

/** POST /waitlist/{token}/book: the booking from the held place (pending, like every booking). */
export const bookFromOffer = (token: string, body: z.input<typeof waitlistBookSchema>) =>
  api<BookingCreated>(`${path(token)}/book`, { body });

/** DELETE /waitlist/{token} */
export const leaveWaitlist = (token: string) =>
  api<{ success: true; message: string }>(path(token), { method: 'DELETE' });

/** GET /admin/waitlist?date= : the bookings screen's date filter ('', today, tomorrow). */
export const getQueue = (date: string) =>
  api<WaitlistQueue>(`/admin/waitlist${date ? `?date=${encodeURIComponent(date)}` : ''}`);
