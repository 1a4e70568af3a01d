// Kiosk settings: defaults, the PUT /admin/settings schema and the settings stream.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_CAPACITY_PER_WINDOW,
  SETTINGS_STREAM,
  currentSettings,
  defaultSettings,
  settingsDecider,
  settingsSchema,
  withDefaults,
  type Settings,
} from '../../domain/settings/settings.js';
import { given } from './givenWhenThen.js';
import { settingsWith } from './fixtures.js';

const firstError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const input = (changes: Record<string, unknown> = {}) => ({
  ...JSON.parse(JSON.stringify(defaultSettings())),
  ...changes,
});

describe('settings defaults (rule: settings-defaults)', () => {
  it('given no settings stored, the capacity a screen shows and the one the kiosk decides by are the one constant, 6 (SPEC 9)', () => {
    expect(DEFAULT_CAPACITY_PER_WINDOW).toBe(6);
    expect(defaultSettings().capacity_per_window).toBe(DEFAULT_CAPACITY_PER_WINDOW);
  });

  it('are SPEC 9 plus ours: capacity 6, window 15, slot 15, horizon 14, VIP 30, deadline 1440, reminder 60, no expiry, personal data 24 months, every day open 11:00-22:00', () => {
    const hours = { start: '11:00', end: '22:00' };
    expect(defaultSettings('kiosk@example.se')).toEqual({
      capacity_per_window: 6,
      window_minutes: 15,
      booking_horizon_days: 14,
      vip_booking_advance_days: 30,
      slot_length_minutes: 15,
      cancellation_deadline_minutes: 1440,
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
      waitlist_hold_minutes: 30,
      personal_data_retention_months: 24,
      admin_email: 'kiosk@example.se',
      seller: { legal_name: '', org_number: '', address: '', phone: '', email: '', vat_number: '' },
      financial_year_start_month: 1,
      open_days: { mon: true, tue: true, wed: true, thu: true, fri: true, sat: true, sun: true },
      opening_hours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours },
      payment_methods: ['card', 'swish', 'cash'],
      cross_contact_note: '',
      // rule kiosk-identity: a fresh install is Pizzakiosken with its tagline
      kiosk_name: 'Pizzakiosken',
      kiosk_tagline: 'Stenugnsbakad pizza, beställd i förväg',
    });
  });

  it('give each weekday its own hours object (changing one leaves the others alone)', () => {
    const s = defaultSettings();
    s.opening_hours.mon.start = '09:00';
    expect(s.opening_hours.tue.start).toBe('11:00');
    expect(defaultSettings().opening_hours.mon.start).toBe('11:00');
  });
});

describe('the settings schema (SPEC 5: settings)', () => {
  it('accepts the defaults unchanged', () => {
    expect(settingsSchema.parse(input())).toEqual(defaultSettings());
  });

  it('requires whole numbers of at least 1, naming the field', () => {
    expect(firstError(settingsSchema, input({ capacity_per_window: 0 }))).toBe(
      'Kapacitet per tidsfönster måste vara ett heltal, minst 1',
    );
    expect(firstError(settingsSchema, input({ window_minutes: 1.5 }))).toBe(
      'Tidsfönstrets längd måste vara ett heltal, minst 1',
    );
    expect(firstError(settingsSchema, input({ booking_horizon_days: undefined }))).toBe(
      'Bokningshorisonten måste vara ett heltal, minst 1',
    );
    expect(firstError(settingsSchema, input({ slot_length_minutes: 'abc' }))).toBe(
      'Tidsluckans längd måste vara ett heltal, minst 1',
    );
  });

  it('allows a cancellation deadline of 0 but not below', () => {
    expect(settingsSchema.parse(input({ cancellation_deadline_minutes: 0 })).cancellation_deadline_minutes).toBe(0);
    expect(firstError(settingsSchema, input({ cancellation_deadline_minutes: -1 }))).toBe(
      'Avbokningsgränsen måste vara ett heltal, minst 0',
    );
  });

  it('accepts numbers sent as strings (form fields)', () => {
    expect(settingsSchema.parse(input({ capacity_per_window: '8' })).capacity_per_window).toBe(8);
  });

  it('defaults a missing reminder to 60 minutes and a missing pending expiry to 0 (off), and takes 0 for both (rules: reminder, pending-expiry)', () => {
    const { reminder_minutes_before: _r, pending_expiry_minutes: _p, ...rest } = input();
    expect(settingsSchema.parse(rest)).toMatchObject({ reminder_minutes_before: 60, pending_expiry_minutes: 0 });
    expect(settingsSchema.parse(input({ reminder_minutes_before: 0, pending_expiry_minutes: '45' }))).toMatchObject({
      reminder_minutes_before: 0,
      pending_expiry_minutes: 45,
    });
    expect(firstError(settingsSchema, input({ reminder_minutes_before: -1 }))).toBe(
      'Påminnelsetiden måste vara ett heltal, minst 0',
    );
    expect(firstError(settingsSchema, input({ pending_expiry_minutes: 2.5 }))).toBe(
      'Tiden för obekräftade bokningar måste vara ett heltal, minst 0',
    );
  });

  it('reads settings stored before the reminder and the expiry existed with their defaults (rule: settings-defaults)', () => {
    const { reminder_minutes_before: _r, pending_expiry_minutes: _p, ...stored } = defaultSettings('kiosk@example.se');
    const state = settingsDecider.evolve(settingsDecider.initialState(), {
      type: 'SettingsUpdated',
      data: { settings: { ...stored, capacity_per_window: 8 } as Settings },
    });
    expect(currentSettings(state)).toEqual({ ...defaultSettings('kiosk@example.se'), capacity_per_window: 8 });
    expect(withDefaults({ ...stored, pending_expiry_minutes: 20 }).pending_expiry_minutes).toBe(20);
  });

  it('defaults a missing vip_booking_advance_days to 30 (SPEC 3)', () => {
    const { vip_booking_advance_days: _, ...rest } = input();
    expect(settingsSchema.parse(rest).vip_booking_advance_days).toBe(30);
  });

  it("requires a valid admin e-mail: 'Ogiltig e-postadress'", () => {
    expect(firstError(settingsSchema, input({ admin_email: 'inte-en-adress' }))).toBe('Ogiltig e-postadress');
  });

  it("requires opening and closing times for each open day: 'Öppnings- och stängningstid krävs för varje öppen dag'", () => {
    const hours = { ...input().opening_hours, wed: { start: '11:00' } };
    expect(firstError(settingsSchema, input({ opening_hours: hours }))).toBe(
      'Öppnings- och stängningstid krävs för varje öppen dag',
    );
  });

  it('treats a blank time of an open day as missing, not as an invalid time', () => {
    const hours = { ...input().opening_hours, wed: { start: '', end: '22:00' } };
    expect(settingsSchema.safeParse(input({ opening_hours: hours })).error?.issues.map((i) => i.message)).toEqual([
      'Öppnings- och stängningstid krävs för varje öppen dag',
    ]);
  });

  it("refuses an open day closing before it opens: 'Stängningstiden måste vara efter öppningstiden'", () => {
    const hours = { ...input().opening_hours, fri: { start: '22:00', end: '11:00' } };
    expect(firstError(settingsSchema, input({ opening_hours: hours }))).toBe(
      'Stängningstiden måste vara efter öppningstiden',
    );
  });

  it("refuses a time that is not HH:mm: 'Ogiltig tid'", () => {
    const hours = { ...input().opening_hours, fri: { start: '25:00', end: '23:00' } };
    expect(firstError(settingsSchema, input({ opening_hours: hours }))).toBe('Ogiltig tid');
  });

  it('a closed day needs no hours: missing or blank ones become the defaults', () => {
    const parsed = settingsSchema.parse(
      input({
        open_days: { ...input().open_days, sat: false, sun: false },
        opening_hours: { ...input().opening_hours, sat: {}, sun: { start: '', end: '' } },
      }),
    );
    expect(parsed.open_days).toMatchObject({ sat: false, sun: false, mon: true });
    expect(parsed.opening_hours.sat).toEqual({ start: '11:00', end: '22:00' });
    expect(parsed.opening_hours.sun).toEqual({ start: '11:00', end: '22:00' });
  });

  it('a closed day keeps the hours it was given, so reopening it is one click', () => {
    const parsed = settingsSchema.parse(
      input({
        open_days: { ...input().open_days, sun: false },
        opening_hours: { ...input().opening_hours, sun: { start: '12:00', end: '16:00' } },
      }),
    );
    expect(parsed.opening_hours.sun).toEqual({ start: '12:00', end: '16:00' });
  });

  it('takes open-day flags as 1 or 0 too (SPEC stores flags)', () => {
    const parsed = settingsSchema.parse(
      input({ open_days: { mon: 1, tue: 1, wed: 0, thu: 1, fri: 1, sat: 1, sun: 0 } }),
    );
    expect(parsed.open_days).toEqual({ mon: true, tue: true, wed: false, thu: true, fri: true, sat: true, sun: false });
  });

  it("reads the form strings 'true'/'false' as they say, and a left-out weekday as closed", () => {
    const parsed = settingsSchema.parse(
      input({ open_days: { mon: 'true', tue: 'false', wed: true, thu: true, fri: true, sat: true } }),
    );
    expect(parsed.open_days).toMatchObject({ mon: true, tue: false, sun: false });
  });

  it('refuses an open-day flag that is no yes/no', () => {
    expect(
      settingsSchema.safeParse(input({ open_days: { ...defaultSettings().open_days, mon: 'kanske' } })).success,
    ).toBe(false);
    expect(settingsSchema.safeParse(input({ open_days: { ...defaultSettings().open_days, mon: 2 } })).success).toBe(
      false,
    );
  });
});

describe('the settings stream', () => {
  const changed: Settings = settingsWith({ capacity_per_window: 8 });

  it(`is named '${SETTINGS_STREAM}'`, () => {
    expect(SETTINGS_STREAM).toBe('settings');
  });

  describe('an empty stream', () => {
    it('seeds the defaults on the first start', () => {
      given(settingsDecider)
        .when({ type: 'InitialiseSettings', defaults: defaultSettings() })
        .then([{ type: 'SettingsReset', data: { settings: defaultSettings() } }]);
    });

    it('answers the defaults before anything is stored', () => {
      expect(currentSettings(given(settingsDecider).state())).toEqual(defaultSettings());
    });

    it('stores updated settings', () => {
      given(settingsDecider)
        .when({ type: 'UpdateSettings', settings: changed })
        .then([{ type: 'SettingsUpdated', data: { settings: changed } }]);
    });
  });

  describe('a stream with stored settings', () => {
    const stored = () => given(settingsDecider, [{ type: 'SettingsUpdated', data: { settings: changed } }]);

    it('does not seed again on a later start (idempotent)', () => {
      stored().when({ type: 'InitialiseSettings', defaults: defaultSettings() }).then([]);
    });

    it('answers the stored settings', () => {
      expect(currentSettings(stored().state()).capacity_per_window).toBe(8);
    });

    it('gives settings stored before waitlist_hold_minutes existed its default, 30 (rule: waitlist)', () => {
      const { waitlist_hold_minutes: _none, ...older } = defaultSettings();
      const state = given(settingsDecider, [
        { type: 'SettingsUpdated', data: { settings: older as Settings } },
      ]).state();
      expect(currentSettings(state).waitlist_hold_minutes).toBe(30);
      expect(settingsSchema.parse(JSON.parse(JSON.stringify(older))).waitlist_hold_minutes).toBe(30);
      expect(firstError(settingsSchema, input({ waitlist_hold_minutes: 0 }))).toBe(
        'Kötiden för ett erbjudande måste vara ett heltal, minst 1',
      );
    });

    it('resets to the defaults it is given', () => {
      stored()
        .when({ type: 'ResetSettings', defaults: defaultSettings() })
        .then([{ type: 'SettingsReset', data: { settings: defaultSettings() } }]);
      expect(
        stored().when({ type: 'ResetSettings', defaults: defaultSettings() }).thenState().settings?.capacity_per_window,
      ).toBe(6);
    });
  });
});

// Rule personal-data-retention: a finite default (GDPR art. 5.1 e, storage limitation:
// https://eur-lex.europa.eu/eli/reg/2016/679/oj; IMY's principles page), explained in /integritet.
describe('the retention default (rule: personal-data-retention)', () => {
  const stored = (months: number): Settings => ({
    ...defaultSettings('kiosk@example.se'),
    personal_data_retention_months: months,
  });

  it('given no settings stored, personal data is kept 24 months after the newest order, not for ever', () => {
    expect(currentSettings(given(settingsDecider).state()).personal_data_retention_months).toBe(24);
  });

  it('given a settings form that leaves the field out, when parsed, then it takes the 24 months', () => {
    const { personal_data_retention_months: _left, ...rest } = input();
    expect(settingsSchema.parse(rest).personal_data_retention_months).toBe(24);
  });

  it('given the first start seeded the old defaults (0, "until erased") by a reset, then the kiosk reads today\'s 24 months', () => {
    const state = given(settingsDecider, [{ type: 'SettingsReset', data: { settings: stored(0) } }]).state();
    expect(currentSettings(state).personal_data_retention_months).toBe(24);
  });

  it('given a kiosk that saved a value from the settings form (0 or 18), then it keeps it', () => {
    for (const months of [0, 18]) {
      const state = given(settingsDecider, [
        { type: 'SettingsReset', data: { settings: stored(0) } },
        { type: 'SettingsUpdated', data: { settings: stored(months) } },
      ]).state();
      expect(currentSettings(state).personal_data_retention_months).toBe(months);
    }
  });

  it('given settings saved before the field existed, then they read the 24 months', () => {
    const { personal_data_retention_months: _old, ...before } = stored(0);
    expect(withDefaults(before).personal_data_retention_months).toBe(24);
  });
});
