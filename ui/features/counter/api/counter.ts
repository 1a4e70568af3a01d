// The counter screen's calls (issue 29), each beside the schema the server checks it with.
import { api } from '../../../lib/api.js';
import { delayInputSchema, pauseInputSchema, soldOutInputSchema } from '../../../../domain/kioskDay/counterPayloads.js';
import { dailyStockInputSchema } from '../../../../domain/menu/dailyStock.js';
import type { stockPoolInputSchema } from '../../../../domain/menu/stockPools.js';
import type { DayStatus } from '../../../../domain/answers/counter.js';
import type { KitchenDay } from '../../../../domain/answers/admin.js';
import type { Pizza } from '../../../../domain/answers/menu.js';
import type { z } from 'zod';

export { delayInputSchema, pauseInputSchema, soldOutInputSchema, dailyStockInputSchema };

export type SoldOutBooking = {
  booking_id: string;
  booking_time: string;
  name: string;
  status: 'pending' | 'confirmed';
  qty: number;
  offered: boolean;
};

const onDate = (date: string) => `?date=${encodeURIComponent(date)}`;

export const COUNTER_PATH = '/admin/counter';
export const counterPath = (date: string | null) => (date ? `${COUNTER_PATH}${onDate(date)}` : COUNTER_PATH);

export const getDayStatus = (date: string | null) =>
  api<DayStatus>(date ? `/day-status${onDate(date)}` : '/day-status');
export const getPizzas = () => api<Pizza[]>('/admin/pizzas');

/** rule: swish-payment (issue 49). An order of the day paid with Swish in advance, or still waiting for it. */
export type SwishOrder = { id: string; time: string; name: string; payment: 'paid' | 'requested' };

/**
 * The day's booked times with how many orders each holds (the kitchen's list of the day), and its
 * orders paid with Swish or waiting for it, so the counter never asks for payment twice.
 */
export async function getBookedTimes(
  date: string,
): Promise<{ times: Array<{ time: string; orders: number }>; swish: SwishOrder[] }> {
  const day = await api<KitchenDay>(`/admin/kitchen${onDate(date)}`);
  const counts = new Map<string, number>();
  for (const b of day.bookings) counts.set(b.booking_time, (counts.get(b.booking_time) ?? 0) + 1);
  const swish: SwishOrder[] = [];
  for (const b of day.bookings) {
    const status = b.status !== 'cancelled' ? b.payment?.status : undefined;
    if (status === 'paid' || status === 'requested')
      swish.push({ id: b.id, time: b.booking_time, name: b.name, payment: status });
  }
  return {
    times: [...counts].map(([time, orders]) => ({ time, orders })).sort((a, b) => a.time.localeCompare(b.time)),
    swish: swish.sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id, 'sv', { numeric: true })),
  };
}

export const markSoldOut = (pizzaId: number, body: z.input<typeof soldOutInputSchema>) =>
  api(`/admin/sold-out/${pizzaId}`, { method: 'PUT', body });
export const markBackInStock = (pizzaId: number, date: string) =>
  api(`/admin/sold-out/${pizzaId}${onDate(date)}`, { method: 'DELETE', body: {} });
export const getSoldOutBookings = (pizzaId: number, date: string) =>
  api<SoldOutBooking[]>(`/admin/sold-out/${pizzaId}/bookings${onDate(date)}`);
export const offerSwaps = (pizzaId: number, date: string) =>
  api<{ offered: number }>(`/admin/sold-out/${pizzaId}/offers${onDate(date)}`, { method: 'POST', body: {} });
export const setDailyStock = (pizzaId: number, perDay: number | null) =>
  api(`/admin/pizzas/${pizzaId}/daily-stock`, { method: 'PUT', body: { per_day: perDay } });
/** A daily stock per base (rule: daily-stock). */
export const addStockPool = (body: z.input<typeof stockPoolInputSchema>) =>
  api<{ id: number }>('/admin/stock-pools', { method: 'POST', body });
export const removeStockPool = (id: number) => api(`/admin/stock-pools/${id}`, { method: 'DELETE', body: {} });
export const pauseWebBookings = (body: z.input<typeof pauseInputSchema>) =>
  api('/admin/web-pause', { method: 'PUT', body });
export const resumeWebBookings = () => api('/admin/web-pause', { method: 'DELETE', body: {} });
export const delaySlot = (body: z.input<typeof delayInputSchema>) =>
  api<{ orders: number }>('/admin/slot-delays', { method: 'POST', body });
export const undoSlotDelay = (date: string, time: string) =>
  api<{ orders: number }>('/admin/slot-delays/undo', { method: 'POST', body: { date, time } });
