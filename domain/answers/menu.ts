// Menu and settings answers.
import { z } from 'zod';
import { WEEKDAYS, type Weekday } from '../shared/time.js';
import { clockTime, flagNumber } from './common.js';
import { allergenCodeSchema, allergenKindsAnswerSchema } from '../menu/allergenSchema.js';
import { CROSS_CONTACT_NOTE_MAX, PAYMENT_METHODS } from '../settings/orderTerms.js';
import { SWISH_PREPAY_CHOICES } from '../settings/swishPrepayAsked.js';

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
    /** Issue 29: ingredients the pizza can be made without ("lök" reads "utan lök"). */
    removable: z.array(z.string()),
    /** Rule allergen-kinds: the cereal of its gluten, the nuts of its nuts ({} when none is named). */
    allergen_kinds: allergenKindsAnswerSchema.optional(),
  })
  .meta({ id: 'Pizza' });
export type Pizza = z.infer<typeof pizzaSchema>;
export const pizzaListSchema = z.array(pizzaSchema);

/** An extra (issue 29): GET /extras (active ones), GET/POST/PUT /admin/extras. */
export const extraSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    price_cents: z.number().int().describe("Added to the pizza's price, VAT included"),
    active: flagNumber,
    /** The extra's own Annex II codes; a line's allergens are its pizza's plus its extras'. */
    allergens: z.array(allergenCodeSchema),
    /** Rule allergen-kinds: as a pizza's. */
    allergen_kinds: allergenKindsAnswerSchema.optional(),
  })
  .meta({ id: 'Extra' });
export type ExtraAnswer = z.infer<typeof extraSchema>;
export const extraListSchema = z.array(extraSchema);

const perWeekday = <T extends z.ZodType>(schema: T) =>
  z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, schema])) as Record<Weekday, T>);

/** The seller's details (rule: seller-details): '' is not filled in yet. Public: every customer page shows them. */
export const sellerAnswerSchema = z
  .strictObject({
    legal_name: z.string(),
    org_number: z.string().describe('NNNNNN-NNNN, or empty'),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    vat_number: z.string().describe('SE + organisationsnumrets tio siffror + 01, or empty'),
  })
  .meta({ id: 'Seller' });
export type SellerAnswer = z.infer<typeof sellerAnswerSchema>;

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
  seller: sellerAnswerSchema,
  financial_year_start_month: z.number().int().min(1).max(12),
  open_days: perWeekday(z.boolean()),
  opening_hours: perWeekday(z.strictObject({ start: clockTime, end: clockTime })),
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).min(1).meta({
    description: 'Hur kassan tar betalt vid hämtning: kort, Swish, kontanter (rule: before-order)',
  }),
  cross_contact_note: z.string().max(CROSS_CONTACT_NOTE_MAX).meta({
    description: 'Kioskens text om spår av allergener, bredvid allergenfiltret; tom = ingen (rule: cross-contact-note)',
  }),
  kiosk_name: z
    .string()
    .meta({ description: 'Kioskens namn på sidor, mejl, PDF:er, bongar och SMS (rule: kiosk-identity)' }),
  kiosk_tagline: z.string().meta({ description: 'Raden under namnet; tom = ingen (rule: kiosk-identity)' }),
};

/** GET /settings: the settings without where staff mail goes. */
export const publicSettingsSchema = z
  .strictObject({
    ...settingsShape,
    // Ours (rule: sms-notices): whether the booking form offers "SMS när pizzan är klar".
    sms_enabled: z.boolean().meta({ description: 'SMS när pizzan är klar går att välja (46elks inställt)' }),
    // Ours (issue 49, rule: swish-prepay): the booking page offers "Betala nu med Swish", or says
    // before the order button that this order is paid in advance.
    swish_prepay: z
      .strictObject({
        choice: z.enum(SWISH_PREPAY_CHOICES),
        from_pizzas: z.number().int().nullable(),
      })
      .optional()
      .meta({
        description:
          'När webbeställningar betalas i förväg med Swish (rule: swish-prepay); saknas när Swish inte är påslaget eller regeln är never',
      }),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET /admin/settings, and the settings PUT and reset answer with. */
export const adminSettingsSchema = z
  .strictObject({ ...settingsShape, admin_email: z.string() })
  .meta({ id: 'Settings' });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const settingsSavedSchema = z.strictObject({ success: z.literal(true), settings: adminSettingsSchema });

/** GET /vat-rate: the rate of an order type on a date (rule: vat-per-receipt), for the order summary. */
export const vatRateAnswerSchema = z
  .strictObject({ rate: z.number().int().describe('25, 12 or 6') })
  .meta({ id: 'VatRate' });
