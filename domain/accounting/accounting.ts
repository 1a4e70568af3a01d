// The accountant's books (rules accounting-revenue and vat-per-receipt in domain/README.md): what a
// period earned per day, split by VAT rate into net and VAT in öre, and what was left out of it.
// The VAT rates and the BAS accounts are the kiosk's own settings, kept on a stream of their own
// ('accounting-settings'): they concern the books, not the booking page, which never sees them.
import { z } from 'zod';
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import type { KitchenStatus } from '../kioskDay/kitchen.js';

export const ACCOUNTING_SETTINGS_STREAM = 'accounting-settings';

/** Sweden's VAT rates: 25 % (standard), 12 % (food, restaurant service) and 6 %. */
export const VAT_RATES = [25, 12, 6] as const;
export type VatRate = (typeof VAT_RATES)[number];
type PerRate<T> = Record<`${VatRate}`, T>;

export interface AccountingSettings {
  vat_dine_in_percent: VatRate;
  vat_take_away_percent: VatRate;
  /** Where the takings are received (BAS 1910 Kassa). */
  cash_account: string;
  /** Sales per VAT rate (BAS 3001 25 %, 3002 12 %, 3003 6 %). */
  sales_accounts: PerRate<string>;
  /** Output VAT per rate (BAS 2611 25 %, 2621 12 %, 2631 6 %). */
  vat_accounts: PerRate<string>;
}

export const defaultAccountingSettings = (): AccountingSettings => ({
  vat_dine_in_percent: 12,
  vat_take_away_percent: 12,
  cash_account: '1910',
  sales_accounts: { '25': '3001', '12': '3002', '6': '3003' },
  vat_accounts: { '25': '2611', '12': '2621', '6': '2631' },
});

const vatRate = z.coerce
  .number({ error: msg.vatRateInvalid })
  .refine((n): n is VatRate => (VAT_RATES as readonly number[]).includes(n), { error: msg.vatRateInvalid });
const account = z
  .string({ error: msg.accountInvalid })
  .trim()
  .regex(/^\d{4}$/, { error: msg.accountInvalid });
const perRate = z.strictObject({ '25': account, '12': account, '6': account });

/** PUT /admin/accounting/settings: every field, as the screen sends it. */
export const accountingSettingsSchema = z.strictObject({
  vat_dine_in_percent: vatRate,
  vat_take_away_percent: vatRate,
  cash_account: account,
  sales_accounts: perRate,
  vat_accounts: perRate,
});

export type AccountingSettingsEvent = DomainEvent<'AccountingSettingsUpdated', { settings: AccountingSettings }>;
export type AccountingSettingsCommand = { type: 'UpdateAccountingSettings'; settings: AccountingSettings };
export type AccountingSettingsState = { settings: AccountingSettings | null };

export const accountingSettingsDecider: Decider<
  AccountingSettingsCommand,
  AccountingSettingsEvent,
  AccountingSettingsState
> = {
  initialState: () => ({ settings: null }),
  evolve: (_state, event) => ({ settings: event.data.settings }),
  decide(command) {
    switch (command.type) {
      case 'UpdateAccountingSettings':
        return [{ type: 'AccountingSettingsUpdated', data: { settings: command.settings } }];
      default:
        return assertNever(command.type);
    }
  },
};

export const currentAccountingSettings = (state: AccountingSettingsState): AccountingSettings =>
  state.settings ?? defaultAccountingSettings();

// ---- the period's books ----

/** What the books need of a booking (a booking read model document has it all). */
export interface AccountingBooking {
  id: string;
  booking_date: string;
  booking_time: string;
  name: string;
  dine_in: boolean;
  status: 'pending' | 'confirmed' | 'cancelled';
  /** null or absent: the order never went through the kitchen board. */
  kitchen_status?: KitchenStatus | null;
  /** Set when the booking was moved to another date (rule: reschedule): it is sold there. */
  moved_to?: string | null;
  original_total_cents: number;
  discount_cents: number;
  final_total_cents: number;
}

export interface RateLine {
  rate: VatRate;
  /** What the customers paid at this rate (VAT included). */
  sales_cents: number;
  net_cents: number;
  vat_cents: number;
}

export interface AccountingDay {
  date: string;
  orders: number;
  /** Before discounts. */
  gross_cents: number;
  discount_cents: number;
  /** What was paid: gross minus discount, the sum of the rate lines' sales. */
  sales_cents: number;
  rates: RateLine[];
}

export type LeftOutReason = 'cancelled' | 'moved' | 'no_show' | 'not_collected';

export interface LeftOutBooking {
  id: string;
  booking_date: string;
  booking_time: string;
  name: string;
  reason: LeftOutReason;
  final_total_cents: number;
}

export interface AccountingPeriod {
  days: AccountingDay[];
  totals: Omit<AccountingDay, 'date'>;
  /** Cancellations, no-shows and orders not (yet) collected: listed, never in revenue. */
  left_out: LeftOutBooking[];
}

/**
 * VAT contained in a receipt's total, rounded to whole öre per receipt (rule: vat-per-receipt):
 * the total includes VAT, so VAT = total × rate / (100 + rate), half an öre rounding up.
 */
export function vatOfReceipt(totalCents: number, rate: VatRate): number {
  return Math.round((totalCents * rate) / (100 + rate));
}

/** The rate a booking is sold at: dine-in is restaurant service, take-away is food. */
export const rateOf = (booking: Pick<AccountingBooking, 'dine_in'>, settings: AccountingSettings): VatRate =>
  booking.dine_in ? settings.vat_dine_in_percent : settings.vat_take_away_percent;

/**
 * Why a booking is left out of revenue, or null when it counts (rule: accounting-revenue). A booking
 * moved to another date is sold there, under its new number. On a
 * day where the kitchen board was used, only collected orders (Hämtad/Serverad) are revenue; on
 * days before it (no order of the day has a kitchen status), confirmed ones are.
 */
export function leftOutReason(booking: AccountingBooking, kitchenDay: boolean): LeftOutReason | null {
  if (booking.moved_to) return 'moved';
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.kitchen_status === 'no_show') return 'no_show';
  if (kitchenDay) return booking.kitchen_status === 'picked_up' ? null : 'not_collected';
  return booking.status === 'confirmed' ? null : 'not_collected';
}

/** The period's books from its bookings (any order), days in date order, rates high to low. */
export function accountingPeriod(
  bookings: readonly AccountingBooking[],
  settings: AccountingSettings,
): AccountingPeriod {
  const byDate = new Map<string, AccountingBooking[]>();
  for (const b of bookings) byDate.set(b.booking_date, [...(byDate.get(b.booking_date) ?? []), b]);

  const days: AccountingDay[] = [];
  const left_out: LeftOutBooking[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const dayBookings = byDate
      .get(date)!
      .slice()
      .sort((a, b) => a.booking_time.localeCompare(b.booking_time) || a.id.localeCompare(b.id));
    const kitchenDay = dayBookings.some((b) => b.kitchen_status != null);
    const day = emptyDay(date);
    for (const b of dayBookings) {
      const reason = leftOutReason(b, kitchenDay);
      if (reason) {
        left_out.push({
          id: b.id,
          booking_date: b.booking_date,
          booking_time: b.booking_time,
          name: b.name,
          reason,
          final_total_cents: b.final_total_cents,
        });
        continue;
      }
      const rate = rateOf(b, settings);
      const vat = vatOfReceipt(b.final_total_cents, rate);
      day.orders += 1;
      day.gross_cents += b.original_total_cents;
      day.discount_cents += b.discount_cents;
      day.sales_cents += b.final_total_cents;
      addToRate(day.rates, {
        rate,
        sales_cents: b.final_total_cents,
        net_cents: b.final_total_cents - vat,
        vat_cents: vat,
      });
    }
    if (day.orders > 0) days.push(day);
  }

  const { date: _date, ...totals } = days.reduce((sum, day) => {
    sum.orders += day.orders;
    sum.gross_cents += day.gross_cents;
    sum.discount_cents += day.discount_cents;
    sum.sales_cents += day.sales_cents;
    for (const line of day.rates) addToRate(sum.rates, line);
    return sum;
  }, emptyDay(''));
  return { days, totals, left_out };
}

const emptyDay = (date: string): AccountingDay => ({
  date,
  orders: 0,
  gross_cents: 0,
  discount_cents: 0,
  sales_cents: 0,
  rates: [],
});

function addToRate(lines: RateLine[], add: RateLine) {
  const line = lines.find((l) => l.rate === add.rate);
  if (line) {
    line.sales_cents += add.sales_cents;
    line.net_cents += add.net_cents;
    line.vat_cents += add.vat_cents;
  } else {
    lines.push({ ...add });
    lines.sort((a, b) => b.rate - a.rate);
  }
}
