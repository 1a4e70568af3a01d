// The settings form (ui/features/settings): its body, and the domain schema's messages, every
// problem at once (the opening hours too while another field is wrong), each day's on its row.
import { describe, expect, it } from 'vitest';
import { checkSettings, controlIdOf, formOf } from '../../ui/features/settings/components/settingsForm.js';
import { settingMin } from '../../ui/features/settings/api/settings.js';
import { defaultSettings } from '../../domain/settings/settings.js';
import { msg } from '../../domain/messages.js';

describe('the settings form', () => {
  it('sends what it shows', () => {
    const checked = checkSettings(formOf(defaultSettings('kiosk@example.se')));
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({ capacity_per_window: 6, admin_email: 'kiosk@example.se' }),
    });
  });

  it('shows a blank number and a blank opening time at once, the time on its day', () => {
    const form = formOf(defaultSettings());
    form.numbers.capacity_per_window = '';
    form.opening_hours.sun.start = '';
    form.opening_hours.mon = { start: '18:00', end: '11:00' };
    const checked = checkSettings(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      capacity_per_window: msg.settingsNumber('Kapacitet per tidsfönster', 1),
      'opening_hours.sun': msg.settingsOpeningHoursRequired,
      'opening_hours.mon': msg.invalidOpeningHours,
    });
    expect(controlIdOf(Object.keys(checked.errors)[0])).toBe('setting-capacity_per_window');
    expect(controlIdOf('opening_hours.sun')).toBe('hours-sun-start');
  });

  it('a closed day needs no hours; the VIP horizon has its default when missing', () => {
    const { vip_booking_advance_days: _none, ...rest } = defaultSettings();
    const form = formOf(rest);
    expect(form.numbers.vip_booking_advance_days).toBe('30');
    form.open_days.sun = false;
    form.opening_hours.sun = { start: '', end: '' };
    expect(checkSettings(form).ok).toBe(true);
  });

  it('takes the inputs’ least values from the schema', () => {
    expect(settingMin('capacity_per_window')).toBe(1);
    expect(settingMin('vip_booking_advance_days')).toBe(1);
    expect(settingMin('cancellation_deadline_minutes')).toBe(0);
    expect(settingMin('reminder_minutes_before')).toBe(0);
    expect(settingMin('pending_expiry_minutes')).toBe(0);
  });

  it('shows the reminder and the pending expiry and sends them (0 turns either off)', () => {
    const form = formOf(defaultSettings());
    expect(form.numbers).toMatchObject({ reminder_minutes_before: '60', pending_expiry_minutes: '0' });
    form.numbers.reminder_minutes_before = '0';
    form.numbers.pending_expiry_minutes = '45';
    expect(checkSettings(form)).toEqual({
      ok: true,
      body: expect.objectContaining({ reminder_minutes_before: 0, pending_expiry_minutes: 45 }),
    });
    form.numbers.pending_expiry_minutes = '';
    expect(checkSettings(form)).toEqual({
      ok: false,
      errors: { pending_expiry_minutes: msg.settingsNumber('Tiden för obekräftade bokningar', 0) },
    });
  });
});

describe('the seller’s details in the settings form (rule: seller-details)', () => {
  it('sends the seller and the financial year’s first month as typed', () => {
    const form = formOf(defaultSettings('kiosk@example.se'));
    expect(form.seller.legal_name).toBe('');
    expect(form.financial_year_start_month).toBe('1');
    form.seller = { ...form.seller, legal_name: 'Pizzakiosken AB', org_number: '5560360793' };
    form.financial_year_start_month = '5';
    const checked = checkSettings(form);
    expect(checked).toEqual({
      ok: true,
      body: expect.objectContaining({
        seller: expect.objectContaining({ legal_name: 'Pizzakiosken AB', org_number: '5560360793' }),
        financial_year_start_month: 5,
      }),
    });
  });

  it('shows a wrong organisation number at its field, and focuses it', () => {
    const form = formOf(defaultSettings());
    form.seller = { ...form.seller, org_number: '556036-0794' };
    const checked = checkSettings(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({ 'seller.org_number': msg.orgNumberControlDigit });
    expect(controlIdOf('seller.org_number')).toBe('setting-seller.org_number');
  });
});
