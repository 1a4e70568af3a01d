// The booking page's calls (SPEC 7), each beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import type { bookingPayloadSchema } from '../../../../domain/payloads.js';
import type { BookingCreated, OpenDaysAnswer, Pizza, PublicSettings } from '../../../../domain/answers/index.js';

export type { BookingCreated };

/** A pizza as the menu shows it (the first HTML carries no more). */
export type MenuPizza = Pick<Pizza, 'id' | 'name' | 'description' | 'price_cents'>;
export const menuPizza = ({ id, name, description, price_cents }: MenuPizza): MenuPizza => ({ id, name, description, price_cents });

/** What the first HTML carries: the open dates, the menu and the capacity; null where a read failed. */
export interface BookingPageData {
  openDays: { date: string }[] | null;
  pizzas: MenuPizza[] | null;
  capacity: number | null;
}

/** Reads the page's data with the reader the caller has (the server's in +data). */
export async function readBookingPage(get: <T>(path: string) => Promise<T>): Promise<BookingPageData> {
  const read = <T,>(path: string) => get<T>(path).catch(() => null);
  const [days, pizzas, settings] = await Promise.all([read<OpenDaysAnswer>('/api/open-days?days=30'), read<Pizza[]>('/api/pizzas'), read<PublicSettings>('/api/settings')]);
  return {
    openDays: days ? days.open_days.map((d) => ({ date: d.date })) : null,
    pizzas: pizzas ? pizzas.map(menuPizza) : null,
    capacity: settings?.capacity_per_window ?? null,
  };
}

export const getMenu = () => api<Pizza[]>('/pizzas');
export const getPublicSettings = () => api<PublicSettings>('/settings');

/** POST /bookings with the key of this press of the button (a retry is answered, never booked twice). */
export const placeBooking = (payload: z.input<typeof bookingPayloadSchema>, idempotencyKey: string) =>
  api<BookingCreated>('/bookings', { body: payload, headers: { 'Idempotency-Key': idempotencyKey } });
