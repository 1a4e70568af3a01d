// Request payloads of the counter's evening (issue 29): sold out, daily stock, pause, delay. The
// api validates with them and the staff screens reuse them.
import { z } from 'zod';
import { msg } from '../messages.js';
import { dateField, timeField } from '../payloads.js';
import { normaliseTime } from '../shared/time.js';
import { DELAY_MINUTES, PAUSE_MINUTES, PAUSE_REASON_MAX } from './counter.js';

/** PUT /admin/sold-out/{id}: until a time (HH:mm), or null/blank for until closing; date left out: today. */
export const soldOutInputSchema = z.object({
  date: dateField().optional(),
  until: z
    .string({ error: msg.soldOutUntilInvalid })
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value.trim() === '') return null;
      const time = normaliseTime(value.trim());
      if (!time) {
        ctx.addIssue({ code: 'custom', message: msg.soldOutUntilInvalid });
        return z.NEVER;
      }
      return time;
    }),
});

/** POST /admin/web-pause: 15, 30 or 60 minutes, or null for the rest of the day, and the reason customers see. */
export const pauseInputSchema = z.object({
  minutes: z
    .union(
      PAUSE_MINUTES.map((m) => z.literal(m)),
      { error: msg.pauseMinutesInvalid },
    )
    .nullable(),
  reason: z
    .string({ error: msg.pauseReasonRequired })
    .trim()
    .min(1, { error: msg.pauseReasonRequired })
    .max(PAUSE_REASON_MAX, { error: msg.pauseReasonTooLong(PAUSE_REASON_MAX) }),
});

/** POST /admin/slot-delays: push a slot's orders back 10, 15 or 20 minutes (date left out: today). */
export const delayInputSchema = z.object({
  date: dateField().optional(),
  time: timeField(),
  minutes: z.union(
    DELAY_MINUTES.map((m) => z.literal(m)),
    { error: msg.delayMinutesInvalid },
  ),
});

/** DELETE /admin/slot-delays: undo a slot's delay (date left out: today). */
export const undoDelayInputSchema = z.object({
  date: dateField().optional(),
  time: timeField(),
});

/** GET /day-status?date=, DELETE /admin/sold-out/{id}?date=, its bookings and offers (blank or left out: today). */
export const dayStatusQuerySchema = z.object({
  date: z.preprocess((value) => (value === '' ? undefined : value), dateField().optional()),
});
