// Answers of the counter's evening (issue 29). The public ones carry no personal data: open booking
// pages read them and hear of changes through GET /api/live.
import { z } from 'zod';
import { clockTime, instant, isoDate } from './common.js';

export const soldOutMarkSchema = z
  .strictObject({
    pizza_id: z.number().int(),
    pizza_name: z.string(),
    /** Sold out for slots before this time; null: until closing. */
    until: clockTime.nullable(),
  })
  .meta({ id: 'SoldOutMark' });

export const dailyStockAnswerSchema = z
  .strictObject({
    pizza_id: z.number().int(),
    per_day: z.number().int(),
    /** What the day's bookings leave of it. */
    left: z.number().int(),
  })
  .meta({ id: 'DailyStock' });

/** A daily stock per base (rule: daily-stock): a named pool its pizzas draw from. */
export const stockPoolAnswerSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    per_day: z.number().int(),
    pizza_ids: z.array(z.number().int()),
    /** What the day's bookings leave of it. */
    left: z.number().int(),
  })
  .meta({ id: 'StockPool' });

export const webPauseSchema = z
  .strictObject({
    /** The instant the pause ends; null: the rest of the day. */
    until: instant.nullable(),
    reason: z.string(),
    /** What the booking page shows, e.g. 'Webbokningen är pausad till 18:30: Ugnen är full'. */
    message: z.string(),
  })
  .meta({ id: 'WebPause' });

export const slotDelaySchema = z
  .strictObject({ time: clockTime, minutes: z.number().int(), delayed_to: clockTime, orders: z.number().int() })
  .meta({ id: 'SlotDelay' });

/** GET /day-status: what a booking page needs beside the menu and the slots. */
export const dayStatusSchema = z
  .strictObject({
    date: isoDate,
    sold_out: z.array(soldOutMarkSchema),
    daily_stock: z.array(dailyStockAnswerSchema),
    stock_pools: z.array(stockPoolAnswerSchema),
    paused: webPauseSchema.nullable(),
    delays: z.array(slotDelaySchema),
  })
  .meta({ id: 'DayStatus' });
export type DayStatus = z.infer<typeof dayStatusSchema>;

/** A booking holding a sold-out pizza, for staff (GET /admin/sold-out/{id}/bookings). */
export const soldOutBookingSchema = z.strictObject({
  booking_id: z.string(),
  booking_time: clockTime,
  name: z.string(),
  status: z.enum(['pending', 'confirmed']),
  qty: z.number().int(),
  /** Whether the customer was already offered a swap or a cancellation for this pizza. */
  offered: z.boolean(),
});
export const soldOutBookingsSchema = z.array(soldOutBookingSchema);

export const swapOffersAnswerSchema = z.strictObject({ success: z.literal(true), offered: z.number().int() });
export const stockPoolSavedSchema = z.strictObject({ success: z.literal(true), id: z.number().int() });
export const slotDelayAnswerSchema = z.strictObject({ success: z.literal(true), orders: z.number().int() });

/** A message of the public live stream GET /api/live (api/http/publicLive.ts): what changed, never who. */
export type PublicChange =
  | { kind: 'menu' }
  /** Sold-out marks, the web-booking pause or a slot delay of the date: GET /api/day-status. */
  | { kind: 'day'; date: string }
  /** Capacity or daily stock of the date: GET /api/availability and /api/day-status. */
  | { kind: 'availability'; date: string };
