// The admin's settings calls (SPEC 7), beside the schema the server checks a save with.
import { z } from 'zod';
import { api } from '../../../lib/api.js';
import { settingsSchema } from '../../../../domain/settings/settings.js';
import type { AdminSettings, settingsSavedSchema } from '../../../../domain/answers/menu.js';

export { settingsSchema };
/** GET /admin/settings: every setting, the admin e-mail too. */
export type Settings = AdminSettings;
type SettingsSaved = z.infer<typeof settingsSavedSchema>;

/** The whole-number settings, in the form's order. */
export const NUMBER_KEYS = [
  'capacity_per_window',
  'window_minutes',
  'booking_horizon_days',
  'vip_booking_advance_days',
  'slot_length_minutes',
  'cancellation_deadline_minutes',
  'reminder_minutes_before',
  'pending_expiry_minutes',
  'waitlist_hold_minutes',
  'personal_data_retention_months',
] as const satisfies readonly (keyof Settings)[];
export type NumberKey = (typeof NUMBER_KEYS)[number];

/** The least value the schema takes for a number setting (the input's min). */
export function settingMin(key: NumberKey): number | undefined {
  const field = settingsSchema.in.shape[key];
  const number = field instanceof z.ZodDefault ? field.unwrap() : field;
  return number.minValue ?? undefined;
}

export const SETTINGS_PATH = '/admin/settings';

export const getSettings = () => api<Settings>(SETTINGS_PATH);

/** PUT /admin/settings with a body settingsSchema accepted. */
export const saveSettings = (body: z.input<typeof settingsSchema>) =>
  api<SettingsSaved>(SETTINGS_PATH, { method: 'PUT', body });

/** POST /admin/settings/reset: back to SPEC 9's defaults. */
export const resetSettings = () => api<SettingsSaved>(`${SETTINGS_PATH}/reset`, { method: 'POST', body: {} });

/** POST /admin/settings/sync-calendar: coming dates without hours of their own follow the weekdays. */
export const syncSettingsToCalendar = () => api(`${SETTINGS_PATH}/sync-calendar`, { method: 'POST', body: {} });

/** PUT /admin/settings/logo: the kiosk's logo, PNG or SVG, base64 (rule: kiosk-identity). */
export const uploadLogo = (data_base64: string) =>
  api<{ success: true; logo_url: string }>(`${SETTINGS_PATH}/logo`, { method: 'PUT', body: { data_base64 } });

/** DELETE /admin/settings/logo. */
export const removeLogo = () => api<{ success: true }>(`${SETTINGS_PATH}/logo`, { method: 'DELETE', body: {} });

/** POST /admin/settings/test-mail: a test mail to the admin e-mail, through the outbox (rule: go-live). */
export const sendTestMail = () =>
  api<{ success: true; to: string }>(`${SETTINGS_PATH}/test-mail`, { method: 'POST', body: {} });
