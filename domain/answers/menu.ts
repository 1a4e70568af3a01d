// Menu and settings answers.
import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '../shared/time.js';
import { clockTime, flagNumber } from './common.js';
import { allergenCodeSchema } from '../menu/allergens.js';

/** A pizza: GET /pizzas (active ones), GET/POST/PUT /admin/pizzas. */
export const pizzaSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price_cents: z.number().int(),
    active: flagNumber,
    /** Annex II codes the pizza contains (EU 1169/2011); [] when declared free of all, or undeclared. */
    allergens: z.array(allergenCodeSchema),
    /** False for a pizza nobody declared yet (its `allergens` [] then means unknown, not none). */
    allergens_declared: z.boolean(),
  })
  .meta({ id: 'Pizza' });
export type Pizza = z.infer<typeof pizzaSchema>;
export const pizzaListSchema = z.array(pizzaSchema);

const perWeekday = <T extends z.ZodType>(schema: T) =>
  z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, schema])) as Record<Weekday, T>);

const settingsShape = {
  capacity_per_window: z.number().int(),
  window_minutes: z.number().int(),
  booking_horizon_days: z.number().int(),
  vip_booking_advance_days: z.number().int(),
  slot_length_minutes: z.number().int(),
  cancellation_deadline_minutes: z.number().int(),
  reminder_minutes_before: z.number().int(),
  pending_expiry_minutes: z.number().int(),
  waitlist_hold_minutes: z.number().int(),
  personal_data_retention_months: z.number().int(),
  open_days: perWeekday(z.boolean()),
  opening_hours: perWeekday(z.strictObject({ start: clockTime, end: clockTime })),
};

/** GET /settings: the settings without where staff mail goes. */
export const publicSettingsSchema = z.strictObject(settingsShape).meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET /admin/settings, and the settings PUT and reset answer with. */
export const adminSettingsSchema = z
  .strictObject({ ...settingsShape, admin_email: z.string() })
  .meta({ id: 'Settings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const settingsSavedSchema = z.strictObject({ success: z.literal(true), settings: adminSettingsSchema });
