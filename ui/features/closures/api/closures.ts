// The closures calls (rule: closures), each beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { closureCancelSchema, closureInputSchema } from '../../../../domain/payloads.js';
import type {
  AffectedBooking,
  Closure,
  ClosureBookings,
  ClosureBookingsCancelled,
  ClosureCreated,
  ClosureList,
} from '../../../../domain/answers/admin.js';

export { closureCancelSchema, closureInputSchema };
export type { AffectedBooking, Closure, ClosureCreated };
/** The body of POST /admin/closures, as sent. */
export type ClosureBody = z.input<typeof closureInputSchema>;

export const CLOSURES_PATH = '/admin/closures';

export const listClosures = async () => (await api<ClosureList>(CLOSURES_PATH)).closures;
export const createClosure = (body: ClosureBody) => api<ClosureCreated>(CLOSURES_PATH, { method: 'POST', body });
export const deleteClosure = (id: number) => api(`${CLOSURES_PATH}/${id}`, { method: 'DELETE', body: {} });
export const closureBookings = async (id: number) =>
  (await api<ClosureBookings>(`${CLOSURES_PATH}/${id}/bookings`)).affected_bookings;
export const cancelClosureBookings = (id: number, body: z.input<typeof closureCancelSchema>) =>
  api<ClosureBookingsCancelled>(`${CLOSURES_PATH}/${id}/cancel-bookings`, { method: 'POST', body });
