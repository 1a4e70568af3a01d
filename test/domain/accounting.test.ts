// The accountant's books (rules accounting-revenue and vat-per-receipt in domain/README.md).
import { describe, expect, it } from 'vitest';
import {
  accountingPeriod,
  accountingSettingsDecider,
  accountingSettingsSchema,
  defaultAccountingSettings,
  vatOfReceipt,
  type AccountingBooking,
} from '../../domain/accounting/accounting.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';

let seq = 0;
const booking = (over: Partial<AccountingBooking> = {}): AccountingBooking => ({
  id: `20261124-${++seq}`,
  booking_date: '2026-11-24',
  booking_time: '12:00',
  name: 'Sven',
  dine_in: false,
  status: 'confirmed',
  kitchen_status: null,
  original_total_cents: 9900,
  discount_cents: 0,
  final_total_cents: 9900,
  ...over,
});
const settings = defaultAccountingSettings();

describe('VAT in a receipt (rule: vat-per-receipt)', () => {
  it('is the part of the total the rate makes up, rounded to whole öre per receipt', () => {
    // 99,00 kr at 12 %: 99 × 12 / 112 = 10,607… → 10,61 kr.
    expect(vatOfReceipt(9900, 12)).toBe(1061);
    expect(vatOfReceipt(12500, 25)).toBe(2500);
    // 10,60 kr at 6 %: 0,6 kr exactly.
    expect(vatOfReceipt(1060, 6)).toBe(60);
    expect(vatOfReceipt(0, 12)).toBe(0);
  });
  it('rounds each receipt, so a day is the sum of its receipts, not the rounding of its sum', () => {
    const day = accountingPeriod([booking(), booking(), booking()], settings).days[0];
    expect(day.rates).toEqual([{ rate: 12, sales_cents: 29700, net_cents: 29700 - 3 * 1061, vat_cents: 3 * 1061 }]);
    // The day's total at once would give round(29700 × 12 / 112) = 3182, one öre less.
    expect(vatOfReceipt(29700, 12)).toBe(3182);
  });
});

describe('a period before the kitchen board (rule: accounting-revenue)', () => {
  it('counts confirmed bookings, with discounts shown, and lists cancelled and pending ones apart', () => {
    const period = accountingPeriod(
      [
        booking({ original_total_cents: 20000, discount_cents: 2000, final_total_cents: 18000 }),
        booking({ status: 'cancelled' }),
        booking({ status: 'pending' }),
        booking({ booking_date: '2026-11-25', dine_in: true }),
      ],
      settings,
    );
    expect(period.days.map((d) => [d.date, d.orders, d.gross_cents, d.discount_cents, d.sales_cents])).toEqual([
      ['2026-11-24', 1, 20000, 2000, 18000],
      ['2026-11-25', 1, 9900, 0, 9900],
    ]);
    expect(period.left_out.map((b) => b.reason)).toEqual(['cancelled', 'not_collected']);
    expect(period.totals.sales_cents).toBe(27900);
    expect(period.totals.rates).toEqual([
      {
        rate: 12,
        sales_cents: 27900,
        net_cents: 27900 - vatOfReceipt(18000, 12) - vatOfReceipt(9900, 12),
        vat_cents: vatOfReceipt(18000, 12) + vatOfReceipt(9900, 12),
      },
    ]);
  });
});

describe('a day on the kitchen board', () => {
  it('counts only collected orders; no-shows and orders not collected are left out', () => {
    const period = accountingPeriod(
      [
        booking({ kitchen_status: 'picked_up', dine_in: true }),
        booking({ kitchen_status: 'no_show' }),
        booking({ kitchen_status: 'ready' }),
        booking({ kitchen_status: null }),
        booking({ status: 'cancelled' }),
      ],
      settings,
    );
    expect(period.days).toHaveLength(1);
    expect(period.days[0].orders).toBe(1);
    expect(period.left_out.map((b) => b.reason).sort()).toEqual([
      'cancelled',
      'no_show',
      'not_collected',
      'not_collected',
    ]);
  });
});

describe('a booking moved to another date (rule: reschedule)', () => {
  it('is sold on its new date, under its new number, and listed as moved on the old one', () => {
    const period = accountingPeriod(
      [
        booking({ status: 'cancelled', moved_to: '20261125-1' }),
        booking({ id: '20261125-1', booking_date: '2026-11-25' }),
      ],
      settings,
    );
    expect(period.days.map((d) => [d.date, d.orders])).toEqual([['2026-11-25', 1]]);
    expect(period.left_out.map((b) => b.reason)).toEqual(['moved']);
  });
});

describe('dine-in and take-away at different rates', () => {
  it('split into a line per rate, high to low', () => {
    const own = { ...settings, vat_dine_in_percent: 25 as const, vat_take_away_percent: 12 as const };
    const day = accountingPeriod(
      [booking({ dine_in: false }), booking({ dine_in: true, final_total_cents: 12500, original_total_cents: 12500 })],
      own,
    ).days[0];
    expect(day.rates).toEqual([
      { rate: 25, sales_cents: 12500, net_cents: 10000, vat_cents: 2500 },
      { rate: 12, sales_cents: 9900, net_cents: 8839, vat_cents: 1061 },
    ]);
  });
});

describe('the accounting settings', () => {
  it('default to BAS: 12 % both ways, 1910, 3001–3003 and 2611–2631', () => {
    expect(settings).toEqual({
      vat_dine_in_percent: 12,
      vat_take_away_percent: 12,
      cash_account: '1910',
      sales_accounts: { '25': '3001', '12': '3002', '6': '3003' },
      vat_accounts: { '25': '2611', '12': '2621', '6': '2631' },
    });
  });
  it('are saved as an event', () => {
    const changed = { ...settings, vat_dine_in_percent: 25 as const };
    given(accountingSettingsDecider)
      .when({ type: 'UpdateAccountingSettings', settings: changed })
      .then([{ type: 'AccountingSettingsUpdated', data: { settings: changed } }]);
  });
  it('take only Swedish VAT rates and four-digit accounts', () => {
    const issue = (value: unknown) => accountingSettingsSchema.safeParse(value).error?.issues[0]?.message;
    expect(issue({ ...settings, vat_dine_in_percent: 20 })).toBe(msg.vatRateInvalid);
    expect(issue({ ...settings, cash_account: '19' })).toBe(msg.accountInvalid);
    expect(issue({ ...settings, sales_accounts: { ...settings.sales_accounts, '6': 'abcd' } })).toBe(
      msg.accountInvalid,
    );
    expect(accountingSettingsSchema.parse({ ...settings, vat_take_away_percent: '6' }).vat_take_away_percent).toBe(6);
  });
});
