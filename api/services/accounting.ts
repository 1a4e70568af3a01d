// The accountant's books: the accounting settings stream (VAT rates, BAS accounts), a period's
// figures from the bookings read model (rules accounting-revenue, vat-per-receipt), and the closed
// months (rule: closed-periods): their books come from the close, never from today's bookings, and
// later changes to their sales are booked as corrections in the first open month.
import {
  ACCOUNTING_SETTINGS_STREAM,
  accountingSettingsDecider,
  booksOf,
  correctionsOf,
  currentAccountingSettings,
  salesReceipts,
  upgradeAccountingSettings,
  type AccountingBooking,
  type AccountingPeriod,
  type AccountingSettings,
  type LeftOutBooking,
  type Receipt,
} from '../../domain/accounting/accounting.js';
import {
  ACCOUNTING_PERIODS_STREAM,
  accountingPeriodsDecider,
  closeRefusal,
  correctionStamp,
  lastChangeOf,
  nextPeriod,
  periodDates,
  periodOf,
  previousPeriod,
  type ClosedBooks,
} from '../../domain/accounting/periods.js';
import { addDays, todayIn } from '../../domain/shared/time.js';
import { prepaymentOf } from '../../domain/accounting/prepayment.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import {
  CLOSED_BOOKS_SALES_RECORDING,
  PAYMENT_CHANNELS,
  paymentChannelOf,
  verifiedByPizzakiosken,
  type PaymentChannel,
  type SalesRecording,
} from '../../domain/accounting/salesRecording.js';
import type { AccountingSettingsInput } from '../../domain/accounting/settingsSchema.js';
import { APP_VERSION } from '../../domain/version.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { getSettings } from '../../read-models/queries/common.js';
import { emptySeller, type Seller } from '../../domain/settings/seller.js';
import { bookingsBetween } from '../../read-models/queries/admin.js';
import { COLLECTIONS, type AccountingPeriodDoc, type BookingDoc } from '../../read-models/shapes.js';
import type { Commands } from './commands.js';

/** A month as the periods list shows it. */
export interface PeriodRow {
  period: string;
  start_date: string;
  end_date: string;
  status: 'open' | 'closed';
  closed_by: string | null;
  closed_at: string | null;
  /** Why it cannot be closed today (null: it can, or it is closed). */
  close_refusal: string | null;
}

export interface Books {
  period: AccountingPeriod;
  /**
   * rule: sales-recording. The books of what Pizzakiosken's SIE file books as verifications: the
   * sales (and corrections) not recorded in the kiosk's till. Empty when every sale went through it.
   */
  verified: AccountingPeriod;
  /**
   * rule: sales-recording. `verified` split by how each sale was paid: the SIE file books a sale paid
   * online against Swish's settlement account, one paid at pick-up against the cash account.
   */
  verifiedByChannel: Record<PaymentChannel, AccountingPeriod>;
  /** The range's books (`period`) split by how each sale was paid: paid online and paid at pick-up apart. */
  byChannel: Record<PaymentChannel, AccountingPeriod>;
  /** Where the range's open days' sales are recorded (a closed range: the last close's setting). */
  salesRecording: SalesRecording;
  settings: AccountingSettings;
  /** Every month of the range is closed: the books are the closes' own. */
  closed: boolean;
  /** The SIE file's #GEN: the latest close's date for closed books, else today. */
  generatedOn: string;
  /** The SIE file's #PROGRAM version: the one that closed the books, else this one. */
  programVersion: string;
  /** Whose books (rule: seller-details): as they stood at the close for closed books, else today's. */
  seller: Seller;
  financialYearStartMonth: number;
}

export class AccountingService {
  constructor(
    private readonly commands: Commands,
    private readonly docs: DocumentStore,
  ) {}

  /** The settings in effect, from the stream itself (the law's rate table and BAS before any were saved). */
  async settings(): Promise<AccountingSettings> {
    return currentAccountingSettings(
      (await this.commands.load(ACCOUNTING_SETTINGS_STREAM, accountingSettingsDecider)).state,
    );
  }

  /** Saves the settings; a body without sales_recording keeps the one in effect (rule: sales-recording). */
  async updateSettings(input: AccountingSettingsInput, actor: string): Promise<AccountingSettings> {
    const before = await this.settings();
    // Left out, the settlement account stays as it is (absent: the default, swishAccountOf).
    const swish_account = input.swish_account ?? before.swish_account;
    const settings: AccountingSettings = {
      ...input,
      sales_recording: input.sales_recording ?? before.sales_recording,
      ...(swish_account === undefined ? {} : { swish_account }),
    };
    await this.commands.write(
      ACCOUNTING_SETTINGS_STREAM,
      accountingSettingsDecider,
      { type: 'UpdateAccountingSettings', settings },
      actor,
    );
    return settings;
  }

  /** The closed months, in month order, from the read model. */
  private closedPeriods(): Promise<AccountingPeriodDoc[]> {
    return this.docs.find<AccountingPeriodDoc>(COLLECTIONS.accountingPeriods, {}, { sort: [['period', 1]] });
  }

  /**
   * The bookings whose sales, corrections or refunds can fall on a day of the range: the range's own
   * bookings, and around them those paid online (rule: vat-on-prepayment), whose sale is dated the
   * day they were paid (before their pick-up day, as far ahead as bookings are taken) and whose
   * refund the day it was made (up to REFUND_DAYS_AFTER_PICKUP after it). Each carries its
   * prepayment in kiosk dates.
   */
  private async bookingsFor(startDate: string, endDate: string): Promise<AccountingBooking[]> {
    const kiosk = await getSettings(this.docs);
    const ahead = Math.max(kiosk.booking_horizon_days, kiosk.vip_booking_advance_days) + 1;
    const timeZone = this.commands.clock().timeZone;
    const bookings = await bookingsBetween(
      this.docs,
      addDays(startDate, -REFUND_DAYS_AFTER_PICKUP),
      addDays(endDate, ahead),
    );
    return bookings
      .map((b) => ({ ...b, prepaid: prepaymentOf(b.payment, timeZone) }))
      .filter((b) => (startDate <= b.booking_date && b.booking_date <= endDate) || b.prepaid);
  }

  /**
   * The corrections due in the first open month: what the closed months booked for each of their
   * bookings against what the books count for it now.
   */
  private async corrections(closed: AccountingPeriodDoc[], settings: AccountingSettings): Promise<Receipt[]> {
    if (closed.length === 0) return [];
    const booked = closed.flatMap((c) => c.books.receipts);
    const [from, to] = [closed[0].start_date, closed.at(-1)!.end_date];
    // What the books count now on the closed months' days (a refund made since is booked on its own day).
    const receipts = salesReceipts(await this.bookingsFor(from, to), settings).receipts.filter(
      (r) => from <= r.date && r.date <= to,
    );
    // rule: correction-dating. Which bookings call for a correction, then the day of each one's
    // latest change and who made it, from its day's stream (a few bookings: the closed months'
    // changed ones).
    const changed = [...new Set(correctionsOf(booked, receipts, '').map((r) => r.booking_id))];
    const clock = this.commands.clock();
    const today = todayIn(clock);
    const firstOpenDay = periodDates(nextPeriod(closed.at(-1)!.period)).start_date;
    const dateOf = new Map<string, string>();
    for (const r of booked) dateOf.set(r.booking_id, r.booking_date);
    for (const r of receipts) dateOf.set(r.booking_id, r.booking_date);
    const streams = new Map<string, Awaited<ReturnType<typeof this.commands.bus.readStream>>>();
    const stamps = new Map<string, { date: string; registered_by: string }>();
    for (const id of changed) {
      const date = dateOf.get(id)!;
      if (!streams.has(date)) streams.set(date, await this.commands.bus.readStream(kioskDayStream(date)));
      stamps.set(id, correctionStamp(lastChangeOf(streams.get(date)!, id, clock.timeZone), firstOpenDay, today));
    }
    return correctionsOf(booked, receipts, (id) => stamps.get(id)!);
  }

  /**
   * The books of a range: days of closed months from their closes, other days from the bookings
   * now, and the corrections on the first open month's first day when the range holds it.
   */
  async period(startDate: string, endDate: string): Promise<Books> {
    const [current, bookings, closed] = await Promise.all([
      this.settings(),
      this.bookingsFor(startDate, endDate),
      this.closedPeriods(),
    ]);
    const closedByMonth = new Map(closed.map((c) => [c.period, c]));
    const isClosed = (date: string) => closedByMonth.has(periodOf(date));
    const inRange = (date: string) => startDate <= date && date <= endDate;

    // Each sale on its own date (a sale paid online: the day it was paid, rule vat-on-prepayment).
    const sold = salesReceipts(bookings, current);
    const live = {
      receipts: sold.receipts.filter((r) => inRange(r.date) && !isClosed(r.date)),
      left_out: sold.left_out.filter((b) => inRange(b.booking_date) && !isClosed(b.booking_date)),
    };
    const names = new Map(bookings.map((b) => [b.id, b.name]));
    const closedReceipts = closed.flatMap((c) => {
      const recording = upgradeAccountingSettings(c.books.settings, CLOSED_BOOKS_SALES_RECORDING).sales_recording;
      return c.books.receipts.filter((r) => inRange(r.date)).map((r) => ({ r, recording }));
    });
    // Corrections are booked in the open months, each on the day of its change (rule: correction-dating).
    const corrections = closed.length
      ? (await this.corrections(closed, current)).filter((r) => inRange(r.date) && !isClosed(r.date))
      : [];
    const receipts = [...live.receipts, ...closedReceipts.map(({ r }) => r), ...corrections];
    // rule: sales-recording. What the SIE file books: each receipt by the setting of its books.
    const verifiedReceipts = [
      ...[...live.receipts, ...corrections].filter((r) => verifiedByPizzakiosken(current.sales_recording, r)),
      ...closedReceipts.filter(({ r, recording }) => verifiedByPizzakiosken(recording, r)).map(({ r }) => r),
    ];
    const left_out: LeftOutBooking[] = [
      ...live.left_out,
      ...closed.flatMap((c) =>
        c.books.left_out.filter((b) => inRange(b.booking_date)).map((b) => ({ ...b, name: names.get(b.id) ?? '' })),
      ),
    ].sort(
      (a, b) =>
        a.booking_date.localeCompare(b.booking_date) ||
        a.booking_time.localeCompare(b.booking_time) ||
        a.id.localeCompare(b.id),
    );

    const months = monthsBetween(periodOf(startDate), periodOf(endDate));
    const allClosed = months.every((m) => closedByMonth.has(m));
    const last = allClosed ? closedByMonth.get(months.at(-1)!)! : null;
    const kiosk = last ? null : await getSettings(this.docs);
    const settings = last ? upgradeAccountingSettings(last.books.settings, CLOSED_BOOKS_SALES_RECORDING) : current;
    return {
      seller: last ? (last.books.seller ?? emptySeller()) : kiosk!.seller,
      financialYearStartMonth: last ? (last.books.financial_year_start_month ?? 1) : kiosk!.financial_year_start_month,
      period: booksOf(receipts, left_out),
      verified: booksOf(verifiedReceipts, []),
      verifiedByChannel: byChannel(verifiedReceipts, []),
      byChannel: byChannel(receipts, left_out),
      salesRecording: settings.sales_recording,
      settings,
      closed: allClosed,
      generatedOn: allClosed
        ? months
            .map((m) => closedByMonth.get(m)!.closed_on)
            .sort()
            .at(-1)!
        : todayIn(this.commands.clock()),
      programVersion: last?.books.program_version ?? APP_VERSION,
    };
  }

  /** The month of the earliest booking, null when there is none. */
  private async firstSalePeriod(): Promise<string | null> {
    const [first] = await this.docs.find<BookingDoc>(
      COLLECTIONS.bookings,
      {},
      { sort: [['booking_date', 1]], limit: 1 },
    );
    return first ? periodOf(first.booking_date) : null;
  }

  /**
   * Every month from the first with a booking or a close (the month before the current one at the
   * latest, the one staff usually close) to the current one, newest first.
   */
  async periods(): Promise<PeriodRow[]> {
    const [closed, firstSale, state] = await Promise.all([
      this.closedPeriods(),
      this.firstSalePeriod(),
      this.commands.load(ACCOUNTING_PERIODS_STREAM, accountingPeriodsDecider).then((s) => s.state),
    ]);
    const today = todayIn(this.commands.clock());
    const thisMonth = periodOf(today);
    const first = [closed[0]?.period, firstSale, previousPeriod(thisMonth)].filter((p): p is string => !!p).sort()[0];
    const closedByMonth = new Map(closed.map((c) => [c.period, c]));
    return monthsBetween(first, thisMonth)
      .reverse()
      .map((period) => {
        const done = closedByMonth.get(period);
        return {
          period,
          ...periodDates(period),
          status: done ? 'closed' : 'open',
          closed_by: done?.closed_by ?? null,
          closed_at: done?.closed_at ?? null,
          close_refusal: done ? null : closeRefusal(state, period, today, firstSale),
        };
      });
  }

  /**
   * Closes a month (rule: closed-periods) with its books as they stand once the read models have
   * caught up with the whole log: its sales, the corrections due in it, what was left out.
   */
  async close(period: string, actor: string): Promise<PeriodRow> {
    await this.commands.settled({ position: await this.commands.bus.headPosition() });
    const { start_date, end_date } = periodDates(period);
    const [settings, bookings, closed, firstSale] = await Promise.all([
      this.settings(),
      this.bookingsFor(start_date, end_date),
      this.closedPeriods(),
      this.firstSalePeriod(),
    ]);
    const inMonth = (date: string) => start_date <= date && date <= end_date;
    const sold = salesReceipts(bookings, settings);
    const sales = {
      receipts: sold.receipts.filter((r) => inMonth(r.date)),
      left_out: sold.left_out.filter((b) => inMonth(b.booking_date)),
    };
    // The corrections of changes made up to the month's end (rule: correction-dating): a later one
    // belongs to the month of its day.
    const due =
      closed.length && nextPeriod(closed.at(-1)!.period) === period
        ? (await this.corrections(closed, settings)).filter((r) => r.date <= end_date)
        : [];
    const kiosk = await getSettings(this.docs);
    const books: ClosedBooks = {
      settings,
      program_version: APP_VERSION,
      seller: kiosk.seller,
      financial_year_start_month: kiosk.financial_year_start_month,
      receipts: [...sales.receipts, ...due],
      left_out: sales.left_out.map(({ name: _name, ...rest }) => rest),
    };
    await this.commands.write(
      ACCOUNTING_PERIODS_STREAM,
      accountingPeriodsDecider,
      {
        type: 'CloseAccountingPeriod',
        period,
        clock: this.commands.clock(),
        closed_by: actor,
        first_sale_period: firstSale,
        books,
      },
      actor,
    );
    return (await this.periods()).find((p) => p.period === period)!;
  }
}

/**
 * How long after its pick-up day a refund of a sale paid online is looked for (rule:
 * vat-on-prepayment): refunds come before or on the day (a cancellation, a closure) or soon after.
 */
const REFUND_DAYS_AFTER_PICKUP = 62;

/** Books per payment channel: each channel's receipts apart (rule: sales-recording). */
function byChannel(receipts: readonly Receipt[], left_out: LeftOutBooking[]): Record<PaymentChannel, AccountingPeriod> {
  return Object.fromEntries(
    PAYMENT_CHANNELS.map((channel) => [
      channel,
      booksOf(
        receipts.filter((r) => paymentChannelOf(r) === channel),
        channel === 'at_pickup' ? left_out : [],
      ),
    ]),
  ) as Record<PaymentChannel, AccountingPeriod>;
}

/** The months from `from` to `to`, both yyyy-MM, in order. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = nextPeriod(m)) months.push(m);
  return months;
}
