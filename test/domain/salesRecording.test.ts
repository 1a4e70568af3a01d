// Where the sales are recorded (rule: sales-recording) and when a correction is dated and who
// registered it (rule: correction-dating), as given/when/then specifications.
import { describe, expect, it } from 'vitest';
import {
  accountingSettingsDecider,
  correctionsOf,
  currentAccountingSettings,
  defaultAccountingSettings,
  salesReceipts,
  upgradeAccountingSettings,
  type AccountingBooking,
} from '../../domain/accounting/accounting.js';
import {
  CLOSED_BOOKS_SALES_RECORDING,
  DEFAULT_SALES_RECORDING,
  bookedFromPizzakiosken,
  paymentChannelOf,
  verifiedByPizzakiosken,
} from '../../domain/accounting/salesRecording.js';
import { accountingSettingsSchema } from '../../domain/accounting/settingsSchema.js';
import { correctionStamp, lastChangeOf } from '../../domain/accounting/periods.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';

const settings = defaultAccountingSettings();

describe('where the sales are recorded (rule: sales-recording)', () => {
  it('given a fresh kiosk, its sales paid at pick-up are recorded in the till', () => {
    expect(DEFAULT_SALES_RECORDING).toBe('till');
    expect(currentAccountingSettings(accountingSettingsDecider.initialState()).sales_recording).toBe('till');
  });

  it('given the till, a sale paid at pick-up is not booked by Pizzakiosken (the Z-report is)', () => {
    expect(paymentChannelOf({ booking_id: '20261124-1' })).toBe('at_pickup');
    expect(bookedFromPizzakiosken('till', 'at_pickup')).toBe(false);
    expect(verifiedByPizzakiosken('till', { booking_id: '20261124-1' })).toBe(false);
  });

  it('given a kiosk without a till obligation, Pizzakiosken books its sales', () => {
    expect(bookedFromPizzakiosken('pizzakiosken', 'at_pickup')).toBe(true);
    expect(verifiedByPizzakiosken('pizzakiosken', { booking_id: '20261124-1' })).toBe(true);
  });

  it('when staff choose Pizzakiosken, it is saved as an event and folds back', () => {
    const chosen = { ...settings, sales_recording: 'pizzakiosken' as const };
    const state = given(accountingSettingsDecider)
      .when({ type: 'UpdateAccountingSettings', settings: chosen })
      .thenState();
    expect(currentAccountingSettings(state).sales_recording).toBe('pizzakiosken');
  });

  it('given settings saved before the setting existed, they read as the till', () => {
    const { sales_recording: _none, ...stored } = settings;
    const state = accountingSettingsDecider.evolve(accountingSettingsDecider.initialState(), {
      type: 'AccountingSettingsUpdated',
      data: { settings: stored },
    });
    expect(state.settings?.sales_recording).toBe('till');
  });

  it('given books closed before the setting existed, they read as Pizzakiosken (how their files were made)', () => {
    const { sales_recording: _none, ...stored } = settings;
    expect(CLOSED_BOOKS_SALES_RECORDING).toBe('pizzakiosken');
    expect(upgradeAccountingSettings(stored, CLOSED_BOOKS_SALES_RECORDING).sales_recording).toBe('pizzakiosken');
    expect(upgradeAccountingSettings({ ...stored, sales_recording: 'till' }, 'pizzakiosken').sales_recording).toBe(
      'till',
    );
  });

  it('takes till or pizzakiosken, or nothing (the setting stays); anything else is refused in Swedish', () => {
    expect(accountingSettingsSchema.parse({ ...settings, sales_recording: 'pizzakiosken' }).sales_recording).toBe(
      'pizzakiosken',
    );
    const { sales_recording: _none, ...without } = settings;
    expect(accountingSettingsSchema.parse(without).sales_recording).toBeUndefined();
    expect(accountingSettingsSchema.safeParse({ ...settings, sales_recording: 'kassa' }).error?.issues[0].message).toBe(
      msg.salesRecordingInvalid,
    );
  });
});

describe('a correction is dated the day of the change, with who made it (rule: correction-dating)', () => {
  const TZ = 'Europe/Stockholm';
  const event = (type: string, booking_id: string, actor: string, timestamp: string) => ({
    type,
    data: { booking_id },
    metadata: { actor, timestamp },
  });

  it('given a day stream, the last change of the booking is its day in the kiosk zone and its actor', () => {
    const events = [
      event('BookingPlaced', 'B-1', 'customer', '2026-11-20T10:00:00Z'),
      event('BookingConfirmed', 'B-1', 'staff@kiosk.se', '2026-11-20T11:00:00Z'),
      event('BookingCancelled', 'B-2', 'system', '2026-12-03T09:00:00Z'),
      // 23:30 UTC on 9 January is 00:30 on 10 January in Stockholm.
      event('BookingCancelled', 'B-1', 'chef@kiosk.se', '2027-01-09T23:30:00Z'),
      // A reminder is not a change of the sale.
      event('BookingReminded', 'B-1', 'system', '2027-01-11T08:00:00Z'),
    ];
    expect(lastChangeOf(events, 'B-1', TZ)).toEqual({ on: '2027-01-10', by: 'chef@kiosk.se' });
    expect(lastChangeOf(events, 'B-3', TZ)).toBeNull();
  });

  it('is dated the day of the change, not the first day of the first open month', () => {
    expect(correctionStamp({ on: '2027-01-10', by: 'chef@kiosk.se' }, '2026-12-01', '2027-01-12')).toEqual({
      date: '2027-01-10',
      registered_by: 'chef@kiosk.se',
    });
  });

  it('is never dated into a closed month; without a known change, today by the system', () => {
    expect(correctionStamp({ on: '2026-11-28', by: 'a@kiosk.se' }, '2026-12-01', '2027-01-12').date).toBe('2026-12-01');
    expect(correctionStamp(null, '2026-12-01', '2027-01-12')).toEqual({ date: '2027-01-12', registered_by: 'system' });
  });

  it('when a closed sale is cancelled, the reversal carries its day, registration day and who registered it', () => {
    const sale: AccountingBooking = {
      id: '20261124-1',
      booking_date: '2026-11-24',
      booking_time: '12:00',
      name: 'Sven',
      dine_in: false,
      status: 'confirmed',
      kitchen_status: null,
      original_total_cents: 10000,
      discount_cents: 0,
      final_total_cents: 10000,
    };
    const booked = salesReceipts([sale], settings).receipts;
    const now = salesReceipts([{ ...sale, status: 'cancelled' }], settings).receipts;
    const [reversal] = correctionsOf(booked, now, () => ({ date: '2027-01-10', registered_by: 'chef@kiosk.se' }));
    expect(reversal).toMatchObject({
      kind: 'correction',
      date: '2027-01-10',
      registered_on: '2027-01-10',
      registered_by: 'chef@kiosk.se',
      sales_cents: -10000,
    });
  });
});
