// The accountant's books (rules accounting-revenue and vat-per-receipt in domain/README.md).
import { describe, expect, it } from 'vitest';
import { accountingSettingsSchema } from '../../domain/accounting/settingsSchema.js';
import {
  accountingPeriod,
  accountingSettingsDecider,
  defaultAccountingSettings,
  rateOf,
  SWEDISH_VAT_PERIODS,
  vatOfReceipt,
  type AccountingBooking,
  type AccountingSettings,
  type VatPeriod,
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
/** The same accounts with one rate per order type over all dates. */
const flat = (takeAway: 25 | 12 | 6, dineIn: 25 | 12 | 6): AccountingSettings => ({
  ...settings,
  vat_rates: [
    { order_type: 'take_away', rate: takeAway, valid_from: null, valid_to: null },
    { order_type: 'dine_in', rate: dineIn, valid_from: null, valid_to: null },
  ],
});
/** Before April 2026 both order types are at 12 % by law: the figures below are about counting. */
const twelve = flat(12, 12);

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
    const day = accountingPeriod([booking(), booking(), booking()], twelve).days[0];
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
      twelve,
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
    const own = flat(12, 25);
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

describe("the law's rate table (prop. 2025/26:55)", () => {
  const rate = (booking_date: string, dine_in: boolean) => rateOf({ booking_date, dine_in }, settings);
  it('sells take-away at 12 % until 31 March 2026, 6 % until 31 December 2027, then 12 % again', () => {
    expect(rate('2026-03-31', false)).toBe(12);
    expect(rate('2026-04-01', false)).toBe(6);
    expect(rate('2027-12-31', false)).toBe(6);
    expect(rate('2028-01-01', false)).toBe(12);
  });
  it('sells dine-in (restaurant service) at 12 % throughout', () => {
    for (const date of ['2020-01-01', '2026-03-31', '2026-04-01', '2027-12-31', '2028-01-01'])
      expect(rate(date, true)).toBe(12);
  });
  it('splits a period across 1 April 2026 by rate, to the öre', () => {
    const period = accountingPeriod(
      [
        booking({ id: 'a', booking_date: '2026-03-31' }),
        booking({ id: 'b', booking_date: '2026-03-31', dine_in: true }),
        booking({ id: 'c', booking_date: '2026-04-01' }),
        booking({ id: 'd', booking_date: '2026-04-01', dine_in: true }),
      ],
      settings,
    );
    expect(period.days.map((d) => [d.date, d.rates.map((l) => [l.rate, l.sales_cents, l.vat_cents])])).toEqual([
      ['2026-03-31', [[12, 19800, 2 * 1061]]],
      // 99,00 kr at 6 %: 99 × 6 / 106 = 5,603… → 5,60 kr.
      [
        '2026-04-01',
        [
          [12, 9900, 1061],
          [6, 9900, 560],
        ],
      ],
    ]);
    expect(period.totals.rates).toEqual([
      { rate: 12, sales_cents: 29700, net_cents: 29700 - 3 * 1061, vat_cents: 3 * 1061 },
      { rate: 6, sales_cents: 9900, net_cents: 9340, vat_cents: 560 },
    ]);
  });
});

describe('the accounting settings', () => {
  it("default to the law's rate table and BAS: 1910, 3001–3003 and 2611–2631, sales recorded in the till", () => {
    expect(settings).toEqual({
      vat_rates: [
        { order_type: 'take_away', rate: 12, valid_from: null, valid_to: '2026-03-31' },
        { order_type: 'take_away', rate: 6, valid_from: '2026-04-01', valid_to: '2027-12-31' },
        { order_type: 'take_away', rate: 12, valid_from: '2028-01-01', valid_to: null },
        { order_type: 'dine_in', rate: 12, valid_from: null, valid_to: null },
      ],
      cash_account: '1910',
      sales_accounts: { '25': '3001', '12': '3002', '6': '3003' },
      vat_accounts: { '25': '2611', '12': '2621', '6': '2631' },
      sales_recording: 'till',
    });
    expect(accountingSettingsSchema.parse(settings)).toEqual(settings);
  });
  it('are saved as an event', () => {
    const changed = flat(12, 25);
    given(accountingSettingsDecider)
      .when({ type: 'UpdateAccountingSettings', settings: changed })
      .then([{ type: 'AccountingSettingsUpdated', data: { settings: changed } }]);
  });

  describe('saved before the rate table (one rate per order type, no dates)', () => {
    const old = (take: 25 | 12 | 6, dine: 25 | 12 | 6) => {
      const { vat_rates: _table, ...accounts } = settings;
      return { ...accounts, cash_account: '1930', vat_dine_in_percent: dine, vat_take_away_percent: take };
    };
    const fold = (stored: ReturnType<typeof old>) =>
      accountingSettingsDecider.evolve(accountingSettingsDecider.initialState(), {
        type: 'AccountingSettingsUpdated',
        data: { settings: stored },
      }).settings;
    it("12 % both ways, the old default, becomes the law's table, keeping the accounts", () => {
      expect(fold(old(12, 12))).toEqual({ ...settings, cash_account: '1930', vat_rates: [...SWEDISH_VAT_PERIODS] });
    });
    it("any other pair was the kiosk's own choice: each rate over all dates", () => {
      expect(fold(old(12, 25))).toEqual({ ...flat(12, 25), cash_account: '1930' });
      expect(rateOf({ booking_date: '2026-11-24', dine_in: false }, fold(old(12, 25))!)).toBe(12);
      expect(rateOf({ booking_date: '2026-11-24', dine_in: true }, fold(old(12, 25))!)).toBe(25);
    });
  });

  it('take only Swedish VAT rates and four-digit accounts', () => {
    const issue = (value: unknown) => accountingSettingsSchema.safeParse(value).error?.issues[0]?.message;
    const withRate = (rate: unknown) => ({
      ...settings,
      vat_rates: settings.vat_rates.map((p, i) => (i === 3 ? { ...p, rate } : p)),
    });
    expect(issue(withRate(20))).toBe(msg.vatRateInvalid);
    expect(issue({ ...settings, cash_account: '19' })).toBe(msg.accountInvalid);
    expect(issue({ ...settings, sales_accounts: { ...settings.sales_accounts, '6': 'abcd' } })).toBe(
      msg.accountInvalid,
    );
    expect(accountingSettingsSchema.parse(withRate('6')).vat_rates[3].rate).toBe(6);
  });

  describe('the rate table', () => {
    const problems = (vat_rates: unknown[]) =>
      accountingSettingsSchema
        .safeParse({ ...settings, vat_rates })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    const [before, low, after, dineIn] = SWEDISH_VAT_PERIODS as readonly VatPeriod[];
    it('takes blank dates as open ends, as the screen sends them', () => {
      const parsed = accountingSettingsSchema.parse({
        ...settings,
        vat_rates: [{ ...before, valid_from: '' }, low, { ...after, valid_to: '' }, { ...dineIn, valid_from: ' ' }],
      });
      expect(parsed.vat_rates).toEqual(settings.vat_rates);
    });
    it('refuses periods of one order type that overlap, at the later one', () => {
      expect(problems([before, { ...low, valid_from: '2026-03-31' }, after, dineIn])).toEqual([
        ['vat_rates.1.valid_from', msg.vatPeriodsOverlap],
      ]);
    });
    it('refuses a gap between periods, naming the days without a rate', () => {
      expect(problems([before, { ...low, valid_from: '2026-04-03' }, after, dineIn])).toEqual([
        ['vat_rates.1.valid_from', msg.vatPeriodsGap('2026-04-01', '2026-04-02')],
      ]);
      expect(msg.vatPeriodsGap('2026-04-01', '2026-04-02')).toBe(
        'Ingen momssats gäller 2026-04-01 – 2026-04-02: perioderna måste följa på varandra',
      );
    });
    it('needs every date covered: open at the start and the end, and each order type present', () => {
      expect(problems([low, after, dineIn])).toEqual([['vat_rates.0.valid_from', msg.vatPeriodsOpenStart]]);
      expect(problems([before, low, dineIn])).toEqual([['vat_rates.1.valid_to', msg.vatPeriodsOpenEnd]]);
      expect(problems([before, low, after])).toEqual([['vat_rates', msg.vatPeriodsMissing('Äta här')]]);
    });
    it('refuses a period that ends before it starts, and a date that is not one', () => {
      expect(problems([before, { ...low, valid_to: '2026-03-01' }, after, dineIn])?.[0]).toEqual([
        'vat_rates.1.valid_to',
        msg.vatPeriodReversed,
      ]);
      expect(problems([before, { ...low, valid_to: '2027-02-30' }, after, dineIn])?.[0]).toEqual([
        'vat_rates.1.valid_to',
        msg.invalidDate,
      ]);
    });
  });
});
