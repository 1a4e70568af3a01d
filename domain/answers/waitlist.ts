// The waitlist's answers (rule: waitlist).
import { z } from 'zod';
import { clockTime, instant, isoDate } from './common.js';

/** POST /waitlist: 201 */
export const waitlistJoinedSchema = z
  .strictObject({
    waitlist_id: z.string(),
    date: isoDate,
    time: clockTime,
    requested_pizzas: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'WaitlistJoined' });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** GET /waitlist/{token}: the live offer (only the token's own entry; no other entry is ever shown). */
export const waitlistOfferSchema = z
  .strictObject({
    date: isoDate,
    time: clockTime,
    name: z.string(),
    email: z.string(),
    requested_pizzas: z.number().int(),
    /** Pizzas held: the most the booking may have. */
    pizzas: z.number().int(),
    hold_expires_at: instant,
  })
  .meta({ id: 'WaitlistOffer' });
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** DELETE /waitlist/{token} */
export const waitlistLeftSchema = z.strictObject({ success: z.literal(true), message: z.string() });

/** 'missed': still waiting when its slot started, so never to be offered (shown so, not stored: see missedItsSlot). */
export const waitlistStatusSchema = z.enum(['waiting', 'offered', 'booked', 'lapsed', 'left', 'missed']);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

/** GET /admin/waitlist: the queues in date, time and join order. */
export const waitlistEntrySchema = z.strictObject({
  id: z.string(),
  date: isoDate,
  time: clockTime,
  name: z.string(),
  email: z.string(),
  requested_pizzas: z.number().int(),
  status: waitlistStatusSchema,
  joined_at: instant,
  offered_pizzas: z.number().int().nullable(),
  hold_expires_at: instant.nullable(),
  booking_id: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistQueueSchema = z
  .strictObject({ entries: z.array(waitlistEntrySchema) })
  .meta({ id: 'WaitlistQueue' });
export type WaitlistQueue = z.infer<typeof waitlistQueueSchema>;
