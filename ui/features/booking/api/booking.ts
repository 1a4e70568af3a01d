// The booking page's calls (SPEC 7), each beside the schema the server checks it with; the menu's,
// which the waitlist's offer page shares, are in components/order/menu.ts.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import type { bookingPayloadSchema } from '../../../../domain/payloads.js';
import type { BookingCreated, OpenDaysAnswer, Pizza, PublicSettings } from '../../../../domain/answers/index.js';
import { menuPizza, type MenuPizza } from '../../../components/order/menu.js';
import type { SwishPrepay } from '../../../../domain/settings/swishPrepayAsked.js';

export type { BookingCreated };

/** What the first HTML carries: the open dates, the menu and the capacity; null where a read failed. */
export interface BookingPageData {
  openDays: { date: string }[] | null;
  pizzas: MenuPizza[] | null;
  capacity: number | null;
  /** The form offers "SMS när pizzan är klar" (rule: sms-notices). */
  sms: boolean;
  /** When web orders are paid with Swish in advance (rule: swish-prepay); null: never, or Swish is off. */
  swish: SwishPrepay | null;
}

/** Reads the page's data with the reader the caller has (the server's in +data). */
export async function readBookingPage(get: <T>(path: string) => Promise<T>): Promise<BookingPageData> {
  const read = <T>(path: string) => get<T>(path).catch(() => null);
  const [days, pizzas, settings] = await Promise.all([
    read<OpenDaysAnswer>('/api/open-days?days=30'),
    read<Pizza[]>('/api/pizzas'),
    read<PublicSettings>('/api/settings'),
  ]);
  return {
    openDays: days ? days.open_days.map((d) => ({ date: d.date })) : null,
    pizzas: pizzas ? pizzas.map(menuPizza) : null,
    capacity: settings?.capacity_per_window ?? null,
    sms: settings?.sms_enabled ?? false,
    swish: settings?.swish_prepay ?? null,
  };
}

export const getPublicSettings = () => api<PublicSettings>('/settings');

/** POST /bookings with the key of this press of the button (a retry is answered, never booked twice). */
export const placeBooking = (payload: z.input<typeof bookingPayloadSchema>, idempotencyKey: string) =>
  api<BookingCreated>('/bookings', { body: payload, headers: { 'Idempotency-Key': idempotencyKey } });
