// Staff order entry's calls (rule: staff-orders), each beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { staffOrderPayloadSchema } from '../../../../domain/payloads.js';
import type { AvailabilityAnswer, Booking } from '../../../../domain/answers/booking.js';
import type { ExtraAnswer, Pizza } from '../../../../domain/answers/menu.js';

export { staffOrderPayloadSchema };
export type StaffOrderInput = z.input<typeof staffOrderPayloadSchema>;

/** capacity_per_window, for the slots' labels. */
export const getCapacity = () => api<{ capacity_per_window: number }>('/settings').then((s) => s.capacity_per_window);

/** The active menu, as the customers see it. */
export const getMenu = () => api<Pizza[]>('/pizzas');

/** The active extras, with their allergens (rule: staff-allergens). */
export const getExtras = () => api<ExtraAnswer[]>('/extras');

/** The date's slots with what each has left for `pizzas` (the same answer the booking page reads). */
export const getSlots = (date: string, pizzas: number) =>
  api<AvailabilityAnswer>(`/test-availability?${new URLSearchParams({ date, pizzas: String(pizzas) })}`);

/** Places the order; the key makes a retried press place it once. A full slot answers 409 until `override_capacity`. */
export const placeStaffOrder = (input: StaffOrderInput, key: string) =>
  api<{ success: true; booking: Booking }>('/admin/staff-orders', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': key },
  });
