// The accountant's books (rules accounting-revenue and vat-per-receipt in domain/README.md): what a
// period earned per day, split by VAT rate into net and VAT in öre, and what was left out of it.
// The VAT rate table (per order type, with dates) and the BAS accounts are the kiosk's own settings, kept on a stream of their own
// ('accounting-settings'): they concern the books, not the booking page, which never sees them.
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import type { KitchenStatus } from '../kioskDay/kitchen.js';
import { ORDER_SOURCES, sourceOf, type OrderSource } from '../kioskDay/orderSource.js';
import { DEFAULT_SALES_RECORDING, type PaymentChannel, type SalesRecording } from './salesRecording.js';
import type { Prepayment } from './prepayment.js';

export const ACCOUNTING_SETTINGS_STREAM = 'accounting-settings';

/** Sweden's VAT rates: 25 % (standard), 12 % (food, restaurant service) and 6 %. */
export const VAT_RATES = [25, 12, 6] as const;
export type VatRate = (typeof VAT_RATES)[number];
type PerRate<T> = Record<`${VatRate}`, T>;

export type OrderType = 'take_away' | 'dine_in';
export const ORDER_TYPES: readonly OrderType[] = ['take_away', 'dine_in'];

/** A VAT rate for one order type over a period of dates, yyyy-MM-dd, both ends inclusive; null is open. */
export interface VatPeriod {
  order_type: OrderType;
  rate: VatRate;
  valid_from: string | null;
  valid_to: string | null;
}

/**
 * Swedish law: take-away is food (livsmedel), eating on the premises is restaurant service. Food's
 * VAT is temporarily lowered from 12 % to 6 % from 1 April 2026 to 31 December 2027, amending
 * mervärdesskattelagen (2023:200); restaurant and catering services stay at 12 %. Source: prop.
 * 2025/26:55 "Tillfälligt sänkt mervärdesskatt på livsmedel",
 * https://rkrattsbaser.gov.se/prop?page=6&post_id=10
 */
export const SWEDISH_VAT_PERIODS: readonly Readonly<VatPeriod>[] = [
  { order_type: 'take_away', rate: 12, valid_from: null, valid_to: '2026-03-31' },
  { order_type: 'take_away', rate: 6, valid_from: '2026-04-01', valid_to: '2027-12-31' },
  { order_type: 'take_away', rate: 12, valid_from: '2028-01-01', valid_to: null },
  { order_type: 'dine_in', rate: 12, valid_from: null, valid_to: null },
];

export const lawVatPeriods = (): VatPeriod[] => SWEDISH_VAT_PERIODS.map((p) => ({ ...p }));

export interface AccountingSettings {
  /** The rate table: per order type, periods that cover every date without overlapping. */
  vat_rates: VatPeriod[];
  /** Where the takings are received (BAS 1910 Kassa). */
  cash_account: string;
  /** Sales per VAT rate (BAS 3001 25 %, 3002 12 %, 3003 6 %). */
  sales_accounts: PerRate<string>;
  /** Output VAT per rate (BAS 2611 25 %, 2621 12 %, 2631 6 %). */
  vat_accounts: PerRate<string>;
  /**
   * rule: sales-recording. Where sales paid at pick-up are recorded: 'till' (the kiosk's cash
   * register; Pizzakiosken's books are a reconciliation) or 'pizzakiosken' (its SIE file books them).
   */
  sales_recording: SalesRecording;
  /**
   * rule: sales-recording (issue 49). Where Swish pays out the web orders paid online: the bank
   * account Swish settles to (BAS 1930 Företagskonto). Absent in settings saved before it, and in
   * the defaults: DEFAULT_SWISH_ACCOUNT (swishAccountOf).
   */
  swish_account?: string;
}

/** Swish settles to the company's bank account: BAS 1930 Företagskonto/checkräkningskonto. */
export const DEFAULT_SWISH_ACCOUNT = '1930';

/** The settlement account the sales paid online are debited to (rule: sales-recording). */
export const swishAccountOf = (settings: Pick<AccountingSettings, 'swish_account'>): string =>
  settings.swish_account ?? DEFAULT_SWISH_ACCOUNT;

/** The settings as staff see and send them: every field, the settlement account filled in. */
export const shownAccountingSettings = (
  settings: AccountingSettings,
): AccountingSettings & { swish_account: string } => ({
  ...settings,
  swish_account: swishAccountOf(settings),
});

export const defaultAccountingSettings = (): AccountingSettings => ({
  vat_rates: lawVatPeriods(),
  cash_account: '1910',
  sales_accounts: { '25': '3001', '12': '3002', '6': '3003' },
  vat_accounts: { '25': '2611', '12': '2621', '6': '2631' },
  sales_recording: DEFAULT_SALES_RECORDING,
});

/** Settings as events stored before the rate table carry them: one rate per order type, no dates. */
export interface LegacyAccountingSettings extends Omit<
  AccountingSettings,
  'vat_rates' | 'sales_recording' | 'swish_account'
> {
  vat_dine_in_percent: VatRate;
  vat_take_away_percent: VatRate;
}

/**
 * Upgrades settings saved before the rate table. Both at 12 % was the old default, which was
 * wrong for take-away from April 2026: those get the law's table. Any other pair was the kiosk's
 * own choice and is kept, each rate over all dates.
 */
export function upgradeAccountingSettings(
  stored: StoredAccountingSettings | LegacyAccountingSettings,
  salesRecording: SalesRecording = DEFAULT_SALES_RECORDING,
): AccountingSettings {
  // Saved before the sales-recording setting (rule: sales-recording): the given default.
  if ('vat_rates' in stored) return { ...stored, sales_recording: stored.sales_recording ?? salesRecording };
  const { vat_dine_in_percent, vat_take_away_percent, ...rest } = stored;
  const vat_rates: VatPeriod[] =
    vat_dine_in_percent === 12 && vat_take_away_percent === 12
      ? lawVatPeriods()
      : [
          { order_type: 'take_away', rate: vat_take_away_percent, valid_from: null, valid_to: null },
          { order_type: 'dine_in', rate: vat_dine_in_percent, valid_from: null, valid_to: null },
        ];
  return { vat_rates, ...rest, sales_recording: salesRecording };
}

/** Settings as stored: those saved before the sales-recording setting lack it. */
export type StoredAccountingSettings = Omit<AccountingSettings, 'sales_recording'> & {
  sales_recording?: SalesRecording;
};

/** The order types as the staff screens name them. */
export const ORDER_TYPE_LABELS: Record<OrderType, string> = { take_away: 'Ta med', dine_in: 'Äta här' };

/** Events stored before the rate table carry LegacyAccountingSettings; evolve upgrades them. */
export type AccountingSettingsEvent = DomainEvent<
  'AccountingSettingsUpdated',
  { settings: StoredAccountingSettings | LegacyAccountingSettings }
>;

/** The accounting settings' events: their decoding point (domain/shared/events.ts). */
export const accountingSettingsEvents = eventsOf<AccountingSettingsEvent>({
  AccountingSettingsUpdated: true,
});
export type AccountingSettingsCommand = { type: 'UpdateAccountingSettings'; settings: AccountingSettings };
export type AccountingSettingsState = { settings: AccountingSettings | null };

export const accountingSettingsDecider: Decider<
  AccountingSettingsCommand,
  AccountingSettingsEvent,
  AccountingSettingsState
> = {
  initialState: () => ({ settings: null }),
  evolve: (_state, event) => ({ settings: upgradeAccountingSettings(event.data.settings) }),
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
  /** rule: staff-orders. Absent reads as online (sourceOf). */
  source?: OrderSource | null;
  /**
   * rule: vat-on-prepayment. Its payment received before pick-up (Swish, issue 49): the sale is
   * then paid online, booked on the day it was paid. Absent or null: paid at pick-up.
   */
  prepaid?: Prepayment | null;
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
  /** rule: staff-orders. The orders (sales) per source: online, counter, phone. */
  sources: Record<OrderSource, number>;
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

/**
 * One line of the books (rule: closed-periods): a sale (a collected booking, on its date) or a
 * correction of a sale in a closed period, booked in the first open period with the sale's own rate.
 */
export interface Receipt {
  kind: 'sale' | 'correction';
  /**
   * The date it is booked on: a sale's own date; a correction's, the day of the change it books
   * (rule: correction-dating in ./periods.ts), which is always in an open period.
   */
  date: string;
  booking_id: string;
  /** The sale's date and time (for a correction: the original booking's). */
  booking_date: string;
  booking_time: string;
  rate: VatRate;
  gross_cents: number;
  discount_cents: number;
  sales_cents: number;
  net_cents: number;
  vat_cents: number;
  /**
   * rule: staff-orders. Where the sale's order came from; absent on receipts frozen into periods
   * closed before sources were recorded (read as online, sourceOf).
   */
  source?: OrderSource;
  /**
   * A correction's registration (Bokföringslagen 5 kap. 5 §, rule: correction-dating): the day the
   * change was registered and who made it (a staff e-mail, 'customer' or 'system'). Absent on sales,
   * and on corrections frozen into periods closed before they were recorded.
   */
  registered_on?: string;
  registered_by?: string;
  /**
   * rule: sales-recording. 'online' for a sale paid online (and its corrections); absent: paid at
   * pick-up (paymentChannelOf), as every receipt before issue 49.
   */
  channel?: PaymentChannel;
  /** rule: vat-on-prepayment. Set on the correction that books a refund of a sale paid online. */
  refund?: true;
}

/** A correction as the books show it: every amount signed, a reversal negative. */
export type CorrectionLine = Omit<Receipt, 'kind' | 'source'>;

export interface AccountingPeriod {
  days: AccountingDay[];
  /** Corrections of sales in closed periods booked in this one, in date and booking order. */
  corrections: CorrectionLine[];
  /** The days' sums and the corrections' (orders count sales only). */
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

const inForce = (p: VatPeriod, date: string) =>
  (p.valid_from === null || p.valid_from <= date) && (p.valid_to === null || date <= p.valid_to);

/** The rate for an order type on a date: the table's period in force then (the law's, should none be). */
export function rateOn(settings: AccountingSettings, orderType: OrderType, date: string): VatRate {
  const found = (table: readonly VatPeriod[]) => table.find((p) => p.order_type === orderType && inForce(p, date));
  return (found(settings.vat_rates) ?? found(SWEDISH_VAT_PERIODS)!).rate;
}

/**
 * The rate a booking is sold at: dine-in is restaurant service, take-away is food, each at the
 * rate in force on its booking date.
 */
export const rateOf = (
  booking: Pick<AccountingBooking, 'dine_in' | 'booking_date'>,
  settings: AccountingSettings,
): VatRate => rateOn(settings, booking.dine_in ? 'dine_in' : 'take_away', booking.booking_date);

/** The rates the table has in force at some date from `from` to `to` (inclusive), high to low. */
export function ratesInForce(settings: AccountingSettings, from: string, to: string): VatRate[] {
  const rates = settings.vat_rates
    .filter((p) => (p.valid_from === null || p.valid_from <= to) && (p.valid_to === null || from <= p.valid_to))
    .map((p) => p.rate);
  return [...new Set(rates)].sort((a, b) => b - a);
}

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

/** The sales of bookings (any order), in date, time and booking order, and the bookings left out. */
export function salesReceipts(
  bookings: readonly AccountingBooking[],
  settings: AccountingSettings,
): { receipts: Receipt[]; left_out: LeftOutBooking[] } {
  const byDate = new Map<string, AccountingBooking[]>();
  for (const b of bookings) byDate.set(b.booking_date, [...(byDate.get(b.booking_date) ?? []), b]);

  const receipts: Receipt[] = [];
  const left_out: LeftOutBooking[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const dayBookings = byDate
      .get(date)!
      .slice()
      .sort((a, b) => a.booking_time.localeCompare(b.booking_time) || a.id.localeCompare(b.id));
    const kitchenDay = dayBookings.some((b) => b.kitchen_status != null);
    for (const b of dayBookings) {
      // rule: vat-on-prepayment. Paid online: sold when paid, whatever happens at pick-up.
      if (b.prepaid) {
        receipts.push(...prepaidReceipts(b, b.prepaid, settings));
        continue;
      }
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
      receipts.push({
        kind: 'sale',
        date,
        booking_id: b.id,
        booking_date: b.booking_date,
        booking_time: b.booking_time,
        rate,
        gross_cents: b.original_total_cents,
        discount_cents: b.discount_cents,
        sales_cents: b.final_total_cents,
        net_cents: b.final_total_cents - vat,
        vat_cents: vat,
        source: sourceOf(b),
      });
    }
  }
  return { receipts, left_out };
}

/**
 * rule: vat-on-prepayment (./prepayment.ts). A booking paid online: its sale booked on the day the
 * payment was received, at the rate its order type has that day, whatever happens at pick-up (the
 * money is the kiosk's: a no-show keeps it); and a refund, once made, as a correction on the
 * refund's day at the sale's own rate: the whole sale reversed to the öre, or a part of it with
 * the VAT that part contains.
 */
export function prepaidReceipts(b: AccountingBooking, prepaid: Prepayment, settings: AccountingSettings): Receipt[] {
  const rate = rateOn(settings, b.dine_in ? 'dine_in' : 'take_away', prepaid.paid_on);
  const vat = vatOfReceipt(b.final_total_cents, rate);
  const of = { booking_id: b.id, booking_date: b.booking_date, booking_time: b.booking_time, rate };
  const sale: Receipt = {
    kind: 'sale',
    date: prepaid.paid_on,
    ...of,
    gross_cents: b.original_total_cents,
    discount_cents: b.discount_cents,
    sales_cents: b.final_total_cents,
    net_cents: b.final_total_cents - vat,
    vat_cents: vat,
    source: sourceOf(b),
    channel: 'online',
  };
  const refund = prepaid.refund;
  if (!refund || refund.amount_cents <= 0) return [sale];
  const whole = refund.amount_cents === sale.sales_cents;
  const back = whole ? sale.vat_cents : vatOfReceipt(refund.amount_cents, rate);
  return [
    sale,
    {
      kind: 'correction',
      date: refund.refunded_on,
      ...of,
      // 0 − x, never −x: a zero stays +0 (JSON and the closed books write them alike).
      gross_cents: 0 - (whole ? sale.gross_cents : refund.amount_cents),
      discount_cents: whole ? 0 - sale.discount_cents : 0,
      sales_cents: 0 - refund.amount_cents,
      net_cents: 0 - (refund.amount_cents - back),
      vat_cents: 0 - back,
      channel: 'online',
      refund: true,
    },
  ];
}

/** The books of receipts (sales and corrections) and the bookings left out: days in date order, rates high to low. */
export function booksOf(receipts: readonly Receipt[], left_out: LeftOutBooking[]): AccountingPeriod {
  const days: AccountingDay[] = [];
  const corrections: CorrectionLine[] = [];
  const totals = emptyDay('');
  for (const r of [...receipts].sort(receiptOrder)) {
    if (r.kind === 'correction') {
      const { kind: _kind, source: _source, ...correction } = r;
      corrections.push(correction);
    } else {
      let day = days.at(-1);
      if (day?.date !== r.date) days.push((day = emptyDay(r.date)));
      addReceipt(day, r);
    }
    addReceipt(totals, r);
  }
  const { date: _date, ...sums } = totals;
  return { days, corrections, totals: sums, left_out };
}

const receiptOrder = (a: Receipt, b: Receipt) =>
  a.date.localeCompare(b.date) ||
  a.booking_date.localeCompare(b.booking_date) ||
  a.booking_time.localeCompare(b.booking_time) ||
  a.booking_id.localeCompare(b.booking_id) ||
  (a.kind === b.kind ? 0 : a.kind === 'sale' ? -1 : 1) ||
  // A reversal before the sale that replaces it.
  a.sales_cents - b.sales_cents ||
  b.rate - a.rate;

/** The period's books from its bookings (any order), days in date order, rates high to low. */
export function accountingPeriod(
  bookings: readonly AccountingBooking[],
  settings: AccountingSettings,
): AccountingPeriod {
  const { receipts, left_out } = salesReceipts(bookings, settings);
  return booksOf(receipts, left_out);
}

/** When a booking's correction is dated and registered, and by whom (rule: correction-dating). */
export interface CorrectionStamp {
  /** The day it is booked on: the day of the change. */
  date: string;
  /** Who made the change (absent: not known, as in the rule's plain form). */
  registered_by?: string;
}

/**
 * The corrections a change to sales in closed periods calls for (rule: closed-periods): per
 * booking, what the closed books hold (its sale and any earlier corrections, summed per rate)
 * against what the books count for it now. Where they differ, what was booked is reversed at the
 * rates it was booked at (negative amounts, so VAT to the öre as first booked) and what counts now,
 * if anything, booked again; all dated by `stamp` (a date, or per booking the day of its change and
 * who made it: rule correction-dating).
 */
export function correctionsOf(
  booked: readonly Receipt[],
  current: readonly Receipt[],
  stamp: string | ((bookingId: string) => CorrectionStamp),
): Receipt[] {
  const stampOf = typeof stamp === 'string' ? (): CorrectionStamp => ({ date: stamp }) : stamp;
  const ids = [...new Set([...booked.map((r) => r.booking_id), ...current.map((r) => r.booking_id)])];
  const out: Receipt[] = [];
  // Per booking and rate, what a list of receipts sums to (lines that sum to nothing dropped).
  const perRate = (receipts: readonly Receipt[], id: string): Receipt[] => {
    const lines = new Map<VatRate, Receipt>();
    for (const r of receipts.filter((x) => x.booking_id === id)) {
      const line = lines.get(r.rate);
      if (!line) lines.set(r.rate, { ...r });
      else for (const k of AMOUNTS) line[k] += r[k];
    }
    return [...lines.values()].filter((l) => AMOUNTS.some((k) => l[k] !== 0)).sort((a, b) => b.rate - a.rate);
  };
  for (const id of ids) {
    const held = perRate(booked, id);
    // What the books count now: its sale, and (paid online) the refund booked in the same months.
    const now = perRate(current, id);
    const same =
      held.length === now.length &&
      held.every((h, i) => h.rate === now[i].rate && AMOUNTS.every((k) => h[k] === now[i][k]));
    if (same) continue;
    const first = held[0] ?? now[0];
    const of = { booking_id: id, booking_date: first.booking_date, booking_time: first.booking_time };
    const { date, registered_by } = stampOf(id);
    const registered = registered_by === undefined ? {} : { registered_on: date, registered_by };
    for (const l of held)
      out.push({
        kind: 'correction',
        date,
        ...of,
        rate: l.rate,
        ...(Object.fromEntries(AMOUNTS.map((k) => [k, 0 - l[k]])) as Pick<Receipt, Amount>),
        ...(l.channel ? { channel: l.channel } : {}),
        ...registered,
      });
    for (const l of now) {
      const { refund: _refund, ...line } = l;
      out.push({ ...line, kind: 'correction', date, ...of, ...registered });
    }
  }
  return out.sort(receiptOrder);
}

type Amount = 'gross_cents' | 'discount_cents' | 'sales_cents' | 'net_cents' | 'vat_cents';
const AMOUNTS: readonly Amount[] = ['gross_cents', 'discount_cents', 'sales_cents', 'net_cents', 'vat_cents'];

const emptyDay = (date: string): AccountingDay => ({
  date,
  orders: 0,
  gross_cents: 0,
  discount_cents: 0,
  sales_cents: 0,
  rates: [],
  sources: Object.fromEntries(ORDER_SOURCES.map((s) => [s, 0])) as Record<OrderSource, number>,
});

/** Adds a receipt to a day's (or the period's) sums: a sale is also an order from its source, a correction only amounts. */
function addReceipt(sums: AccountingDay, r: Receipt) {
  if (r.kind === 'sale') {
    sums.orders += 1;
    sums.sources[sourceOf(r)] += 1;
  }
  sums.gross_cents += r.gross_cents;
  sums.discount_cents += r.discount_cents;
  sums.sales_cents += r.sales_cents;
  addToRate(sums.rates, { rate: r.rate, sales_cents: r.sales_cents, net_cents: r.net_cents, vat_cents: r.vat_cents });
}

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
