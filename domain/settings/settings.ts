// Kiosk settings: one stream ('settings'). SPEC 3 fields, SPEC 9 defaults.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag } from '../shared/fields.js';
import { WEEKDAYS, isValidTime, minutesOf, type Weekday } from '../shared/time.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { DEFAULT_FINANCIAL_YEAR_START_MONTH, emptySeller, sellerSchema, type Seller } from './seller.js';
import { DEFAULT_CAPACITY_PER_WINDOW } from './defaults.js';
import { DEFAULT_KIOSK_NAME, DEFAULT_KIOSK_TAGLINE, kioskNameSchema, kioskTaglineSchema } from './kiosk.js';
import {
  CROSS_CONTACT_NOTE_MAX,
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHODS,
  sortPaymentMethods,
  type PaymentMethod,
} from './orderTerms.js';

export const SETTINGS_STREAM = 'settings';

export interface OpeningHours {
  start: string;
  end: string;
}

export interface Settings {
  capacity_per_window: number;
  window_minutes: number;
  booking_horizon_days: number;
  vip_booking_advance_days: number;
  slot_length_minutes: number;
  cancellation_deadline_minutes: number;
  /** Minutes before the slot a confirmed booking is reminded by mail; 0 = no reminders (rule: reminder). */
  reminder_minutes_before: number;
  /** Minutes a booking may stay pending before the system cancels it; 0 = never (rule: pending-expiry). */
  pending_expiry_minutes: number;
  /** How long freed capacity is held for the waitlist entry it is offered to (rule: waitlist). */
  waitlist_hold_minutes: number;
  /**
   * Months after a customer's last booking their personal data is erased automatically
   * (DEFAULT_PERSONAL_DATA_RETENTION_MONTHS); 0 = kept until erased by hand, only where a kiosk
   * set it so (rule: personal-data-retention).
   */
  personal_data_retention_months: number;
  admin_email: string;
  /** The seller's details (rule: seller-details); blank fields are not filled in yet. */
  seller: Seller;
  /** The month (1–12) the financial year starts on the first of (rule: seller-details). */
  financial_year_start_month: number;
  open_days: Record<Weekday, boolean>;
  opening_hours: Record<Weekday, OpeningHours>;
  /** How the till takes payment at pick-up, told before the order (rule: before-order). */
  payment_methods: PaymentMethod[];
  /** The kiosk-wide note on cross-contact beside the allergen filter; '' shows none (rule: cross-contact-note). */
  cross_contact_note: string;
  /** The kiosk's own name, on every page, mail, PDF, ticket and SMS (rule: kiosk-identity). */
  kiosk_name: string;
  /** The line under the name in the header and the app's description; '' shows none (rule: kiosk-identity). */
  kiosk_tagline: string;
}

const everyDay = <T>(value: () => T) => Object.fromEntries(WEEKDAYS.map((d) => [d, value()])) as Record<Weekday, T>;

export const DEFAULT_OPENING_HOURS: OpeningHours = { start: '11:00', end: '22:00' };

// DEFAULT_CAPACITY_PER_WINDOW (SPEC 9's 6) lives in defaults.ts, zod-free for the screens.
export { DEFAULT_CAPACITY_PER_WINDOW };

/** Rule waitlist: a freed place is held this long for the one it is offered to. */
export const DEFAULT_WAITLIST_HOLD_MINUTES = 30;

/**
 * Rule personal-data-retention: a customer's personal data goes 24 months after their newest
 * order, queue place, VIP entry or invitation, unless the kiosk sets otherwise. GDPR art. 5.1 e
 * (storage limitation: no longer than the purpose needs; https://eur-lex.europa.eu/eli/reg/2016/679/oj,
 * IMY: https://www.imy.se/verksamhet/dataskydd/det-har-galler-enligt-gdpr/grundlaggande-principer/)
 * asks for a finite period the controller can explain. The books must be kept seven years
 * (bokföringslagen 1999:1078 7 kap. 2 §, https://www.riksdagen.se/sv/dokument-och-lagar/dokument/
 * svensk-forfattningssamling/bokforingslag-19991078_sfs-1999-1078/), but they keep the order's
 * amounts, VAT and date, not who ordered: an erasure leaves those (rule: erasure). The name and
 * address serve the order, questions and complaints about it (a consumer may complain within a
 * reasonable time and up to three years, konsumentköplagen 2022:260 5 kap.; for food a pizza is
 * eaten the same day), recognising regulars for VIP days and earlier no-shows (rule: no-shows):
 * two years covers a regular's seasons without keeping a one-off customer for ever. Settings
 * stored before this default kept their value (0 = until erased by hand, rule: settings-defaults).
 */
export const DEFAULT_PERSONAL_DATA_RETENTION_MONTHS = 24;

export function defaultSettings(adminEmail = 'admin@pizzakiosken.se'): Settings {
  return {
    capacity_per_window: DEFAULT_CAPACITY_PER_WINDOW,
    window_minutes: 15,
    booking_horizon_days: 14,
    vip_booking_advance_days: 30,
    slot_length_minutes: 15,
    cancellation_deadline_minutes: 24 * 60,
    reminder_minutes_before: 60,
    pending_expiry_minutes: 0,
    waitlist_hold_minutes: DEFAULT_WAITLIST_HOLD_MINUTES,
    personal_data_retention_months: DEFAULT_PERSONAL_DATA_RETENTION_MONTHS,
    admin_email: adminEmail,
    seller: emptySeller(),
    financial_year_start_month: DEFAULT_FINANCIAL_YEAR_START_MONTH,
    open_days: everyDay(() => true),
    opening_hours: everyDay(() => ({ ...DEFAULT_OPENING_HOURS })),
    payment_methods: [...DEFAULT_PAYMENT_METHODS],
    cross_contact_note: '',
    kiosk_name: DEFAULT_KIOSK_NAME,
    kiosk_tagline: DEFAULT_KIOSK_TAGLINE,
  };
}

const wholeNumber = (label: string, min: number) =>
  z.coerce
    .number({ error: msg.settingsNumber(label, min) })
    .int({ error: msg.settingsNumber(label, min) })
    .min(min, { error: msg.settingsNumber(label, min) })
    .max(100_000, { error: `${label} är orimligt stort` });

// A blank time input ('') counts as not given: a closed day needs none, an open day gets
// settingsOpeningHoursRequired from the check below rather than 'Ogiltig tid'.
const timeField = z
  .string({ error: msg.settingsOpeningHoursRequired })
  .refine((v) => v === '' || isValidTime(v), { error: msg.invalidTime });

/** The full settings object of PUT /admin/settings (SPEC 5: settings rules). */
export const settingsSchema = z
  .object({
    capacity_per_window: wholeNumber('Kapacitet per tidsfönster', 1),
    window_minutes: wholeNumber('Tidsfönstrets längd', 1),
    booking_horizon_days: wholeNumber('Bokningshorisonten', 1),
    vip_booking_advance_days: wholeNumber('VIP-bokningshorisonten', 1).default(30),
    slot_length_minutes: wholeNumber('Tidsluckans längd', 1),
    cancellation_deadline_minutes: wholeNumber('Avbokningsgränsen', 0),
    // Added after the first release: a client that leaves them out gets the defaults.
    reminder_minutes_before: wholeNumber('Påminnelsetiden', 0).default(60),
    pending_expiry_minutes: wholeNumber('Tiden för obekräftade bokningar', 0).default(0),
    // Settings saved before the waitlist existed (and forms that do not show it) lack it.
    waitlist_hold_minutes: wholeNumber('Kötiden för ett erbjudande', 1).default(DEFAULT_WAITLIST_HOLD_MINUTES),
    personal_data_retention_months: wholeNumber('Lagringstiden för personuppgifter', 0).default(
      DEFAULT_PERSONAL_DATA_RETENTION_MONTHS,
    ),
    admin_email: z.email({ error: msg.invalidEmail }),
    // Added with the seller's details: a client that leaves them out keeps them blank (not filled
    // in) and the financial year a calendar year.
    seller: sellerSchema.default(emptySeller),
    financial_year_start_month: z.coerce
      .number({ error: msg.financialYearStartMonth })
      .int({ error: msg.financialYearStartMonth })
      .min(1, { error: msg.financialYearStartMonth })
      .max(12, { error: msg.financialYearStartMonth })
      .default(DEFAULT_FINANCIAL_YEAR_START_MONTH),
    // A weekday left out is closed.
    open_days: z.object(
      everyDay(() =>
        flag()
          .optional()
          .transform((open) => open ?? false),
      ),
    ),
    opening_hours: z.object(everyDay(() => z.object({ start: timeField, end: timeField }).partial())),
    // Added with issue 45 (rules before-order, cross-contact-note): a client that leaves them out
    // gets the defaults.
    payment_methods: z
      .array(z.enum(PAYMENT_METHODS, { error: msg.paymentMethodsRequired }), { error: msg.paymentMethodsRequired })
      .min(1, { error: msg.paymentMethodsRequired })
      .transform(sortPaymentMethods)
      .default(() => [...DEFAULT_PAYMENT_METHODS]),
    cross_contact_note: z
      .string({ error: msg.crossContactNoteTooLong(CROSS_CONTACT_NOTE_MAX) })
      .trim()
      .max(CROSS_CONTACT_NOTE_MAX, { error: msg.crossContactNoteTooLong(CROSS_CONTACT_NOTE_MAX) })
      .default(''),
    // Added with issue 46 (rule kiosk-identity): a client that leaves them out keeps the defaults.
    kiosk_name: kioskNameSchema.default(DEFAULT_KIOSK_NAME),
    kiosk_tagline: kioskTaglineSchema.default(DEFAULT_KIOSK_TAGLINE),
  })
  .superRefine((s, ctx) => {
    for (const day of WEEKDAYS) {
      if (!s.open_days[day]) continue;
      const hours = s.opening_hours[day];
      if (!hours?.start || !hours.end) {
        ctx.addIssue({ code: 'custom', message: msg.settingsOpeningHoursRequired, path: ['opening_hours', day] });
      } else if (minutesOf(hours.end) <= minutesOf(hours.start)) {
        ctx.addIssue({ code: 'custom', message: msg.invalidOpeningHours, path: ['opening_hours', day] });
      }
    }
  })
  .transform((s): Settings => ({
    ...s,
    // Closed days keep whatever hours were entered, or the defaults, so reopening one is one click.
    opening_hours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, { ...DEFAULT_OPENING_HOURS, ...definedOnly(s.opening_hours[d]) }]),
    ) as Record<Weekday, OpeningHours>,
  }));

function definedOnly(hours: { start?: string; end?: string } | undefined): Partial<OpeningHours> {
  return Object.fromEntries(Object.entries(hours ?? {}).filter(([, v]) => v));
}

export type SettingsEvent =
  DomainEvent<'SettingsUpdated', { settings: Settings }> | DomainEvent<'SettingsReset', { settings: Settings }>;

/** The settings' events: their decoding point (domain/shared/events.ts). */
export const settingsEvents = eventsOf<SettingsEvent>({
  SettingsUpdated: true,
  SettingsReset: true,
});

export type SettingsCommand =
  | { type: 'UpdateSettings'; settings: Settings }
  | { type: 'ResetSettings'; defaults: Settings }
  | { type: 'InitialiseSettings'; defaults: Settings };

export type SettingsState = { settings: Settings | null };

export const settingsDecider: Decider<SettingsCommand, SettingsEvent, SettingsState> = {
  initialState: () => ({ settings: null }),
  evolve: (_state, event) => ({
    settings: withDefaults(event.type === 'SettingsReset' ? resetToToday(event.data.settings) : event.data.settings),
  }),
  decide(command, state) {
    switch (command.type) {
      case 'UpdateSettings':
        return [{ type: 'SettingsUpdated', data: { settings: command.settings } }];
      case 'ResetSettings':
        return [{ type: 'SettingsReset', data: { settings: command.defaults } }];
      case 'InitialiseSettings':
        // First start seeds the defaults once; afterwards this is a no-op.
        return state.settings ? [] : [{ type: 'SettingsReset', data: { settings: command.defaults } }];
      default:
        return assertNever(command);
    }
  },
};

/**
 * Settings stored before a setting existed lack it: it takes its default (rule: settings-defaults).
 * Additive per setting, so settings events stay as they were written.
 */

/**
 * A reset (the first start's seeding included) asked for the defaults of its day. Retention had
 * none then (0, "until erased by hand"): such a reset reads as today's finite default (rule:
 * personal-data-retention), while a value saved from the settings form, 0 too, is the kiosk's own
 * choice and stays.
 */
function resetToToday(settings: Settings): Settings {
  return settings.personal_data_retention_months === 0
    ? { ...settings, personal_data_retention_months: DEFAULT_PERSONAL_DATA_RETENTION_MONTHS }
    : settings;
}

/** Settings in effect: the stored ones, or the defaults before anything was stored. */
export function currentSettings(state: SettingsState): Settings {
  return state.settings ?? defaultSettings();
}

/**
 * Stored settings with every field: settings saved before a field existed (the reminder and the
 * pending expiry came later) read it as its default (rule: settings-defaults).
 */
export function withDefaults(stored: Partial<Settings> & Pick<Settings, 'admin_email'>): Settings {
  const defaults = defaultSettings(stored.admin_email);
  const known = Object.fromEntries(Object.entries(stored).filter(([, v]) => v !== undefined && v !== null));
  const merged = { ...defaults, ...known };
  // The seller's details came later (rule: seller-details): a field stored blank or missing reads blank.
  return { ...merged, seller: { ...defaults.seller, ...merged.seller } };
}
