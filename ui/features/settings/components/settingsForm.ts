// The settings form as typed (numbers as text, so a blank field stays blank), the body it sends,
// and its messages: the domain's settingsSchema, run twice so that every problem shows at once
// (the schema checks the opening hours only once every other field is valid).
import { check, type FieldErrors } from '../../../lib/formErrors.js';
import { DEFAULT_OPENING_HOURS, defaultSettings } from '../../../../domain/settings/settings.js';
import { emptySeller, type Seller } from '../../../../domain/settings/seller.js';
import { WEEKDAYS, type Weekday } from '../../../../domain/shared/time.js';
import { DEFAULT_PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/settings/orderTerms.js';
import { DEFAULT_KIOSK_NAME, DEFAULT_KIOSK_TAGLINE } from '../../../../domain/settings/kiosk.js';
import { NUMBER_KEYS, settingsSchema, type NumberKey, type Settings } from '../api/settings.js';

export interface SettingsForm {
  numbers: Record<NumberKey, string>;
  admin_email: string;
  /** The seller's details as typed (rule: seller-details). */
  seller: Seller;
  /** '1'–'12'. */
  financial_year_start_month: string;
  open_days: Record<Weekday, boolean>;
  opening_hours: Record<Weekday, { start: string; end: string }>;
  /** Rule before-order: how the till takes payment at pick-up. */
  payment_methods: PaymentMethod[];
  /** Rule cross-contact-note: '' shows none. */
  cross_contact_note: string;
  /** Rule kiosk-identity: the kiosk's own name and tagline. */
  kiosk_name: string;
  kiosk_tagline: string;
}

const everyDay = <T>(value: (day: Weekday) => T) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, value(d)])) as Record<Weekday, T>;

export function formOf(s: Partial<Settings>): SettingsForm {
  const numbers = Object.fromEntries(
    NUMBER_KEYS.map((key) => [key, s[key] === undefined || s[key] === null ? '' : String(s[key])]),
  ) as Record<NumberKey, string>;
  // SPEC 3: the VIP horizon has its default in the form when the settings have none.
  if (!numbers.vip_booking_advance_days)
    numbers.vip_booking_advance_days = String(defaultSettings().vip_booking_advance_days);
  return {
    numbers,
    admin_email: s.admin_email ?? '',
    seller: { ...emptySeller(), ...s.seller },
    financial_year_start_month: String(s.financial_year_start_month ?? 1),
    open_days: everyDay((d) => Boolean(s.open_days?.[d])),
    opening_hours: everyDay((d) => ({
      start: s.opening_hours?.[d]?.start ?? DEFAULT_OPENING_HOURS.start,
      end: s.opening_hours?.[d]?.end ?? DEFAULT_OPENING_HOURS.end,
    })),
    payment_methods: s.payment_methods ?? [...DEFAULT_PAYMENT_METHODS],
    cross_contact_note: s.cross_contact_note ?? '',
    kiosk_name: s.kiosk_name ?? DEFAULT_KIOSK_NAME,
    kiosk_tagline: s.kiosk_tagline ?? DEFAULT_KIOSK_TAGLINE,
  };
}

export function payloadOf(form: SettingsForm) {
  const numbers = Object.fromEntries(
    NUMBER_KEYS.map((key) => [key, form.numbers[key].trim() === '' ? Number.NaN : Number(form.numbers[key])]),
  ) as Record<NumberKey, number>;
  return {
    ...numbers,
    admin_email: form.admin_email.trim(),
    seller: form.seller,
    financial_year_start_month: Number(form.financial_year_start_month),
    open_days: form.open_days,
    opening_hours: form.opening_hours,
    payment_methods: form.payment_methods,
    cross_contact_note: form.cross_contact_note,
    kiosk_name: form.kiosk_name,
    kiosk_tagline: form.kiosk_tagline,
  };
}

/** A day's message stands on its row: 'opening_hours.sun.start' is shown as 'opening_hours.sun'. */
const byRow = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key.startsWith('opening_hours.') ? key.split('.').slice(0, 2).join('.') : key,
      message,
    ]),
  );

/** The body to send, or the messages per field (a day's under 'opening_hours.<day>'). */
export function checkSettings(
  form: SettingsForm,
): { ok: true; body: ReturnType<typeof payloadOf> } | { ok: false; errors: FieldErrors } {
  const body = payloadOf(form);
  const all = check(settingsSchema, body);
  // The hours alone, beside otherwise valid settings, so their rule runs whatever else is wrong.
  const hours = check(settingsSchema, {
    ...defaultSettings(),
    open_days: form.open_days,
    opening_hours: form.opening_hours,
  });
  if (all.ok && hours.ok) return { ok: true, body };
  return { ok: false, errors: { ...byRow(all.ok ? {} : all.errors), ...byRow(hours.ok ? {} : hours.errors) } };
}

/** The id of the control a message's field is typed in (to move focus there). */
export const controlIdOf = (key: string) =>
  key.startsWith('opening_hours.') ? `hours-${key.split('.')[1]}-start` : `setting-${key}`;
