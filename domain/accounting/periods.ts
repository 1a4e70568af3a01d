// Closed accounting periods (rule: closed-periods in domain/README.md): a calendar month, once
// reported, is closed by staff. The close is an event on the stream 'accounting-periods' that carries
// the month's books as they stood (every sale, every correction, what was left out, the settings
// they were made with), so the auditors' replay shows them, and the month's report, CSV and SIE file
// are made from it ever after. A later change to one of its sales is booked as a correction in the
// first open period, dated the day of the change (`correctionsOf` in ./accounting.ts, rule:
// correction-dating below).
//
// Bokföringslagen (1999:1078) 5 kap. 5 § requires a booked entry to be changed only by a new
// verification that shows the change, when it was made and who made it ("rättelse"); BFNAR 2013:2
// (Bokföring) chapter 5 says the same for electronic records. Source:
// https://www.riksdagen.se/sv/dokument-och-lagar/dokument/svensk-forfattningssamling/bokforingslag-19991078_sfs-1999-1078/
import { z } from 'zod';
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { reject } from '../shared/errors.js';
import { isBookingChange } from '../kioskDay/bookingChanges.js';
import { addDays, todayIn, wallClock, type Clock } from '../shared/time.js';
import type { LeftOutBooking, Receipt, StoredAccountingSettings } from './accounting.js';
import type { Seller } from '../settings/seller.js';

export const ACCOUNTING_PERIODS_STREAM = 'accounting-periods';

/** A period: a calendar month, yyyy-MM. */
export const periodSchema = z
  .string({ error: msg.periodInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: msg.periodInvalid });

/** The month a date is in: '2026-11-24' → '2026-11'. */
export const periodOf = (date: string) => date.slice(0, 7);

/** A month's first and last day. */
export function periodDates(period: string): { start_date: string; end_date: string } {
  const start_date = `${period}-01`;
  return { start_date, end_date: addDays(`${nextPeriod(period)}-01`, -1) };
}

export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** What a closed month's books hold: enough to make its report, CSV and SIE file again, byte for byte. */
export interface ClosedBooks {
  /**
   * The VAT table and accounts the books were made with, and where the sales were recorded (absent
   * in closes made before that setting: 'pizzakiosken', how they were made; rule: sales-recording).
   */
  settings: StoredAccountingSettings;
  /** The program version that closed it: the SIE file's #PROGRAM ever after (absent: the version reading it). */
  program_version?: string;
  /**
   * The seller and the financial year's first month at the close (rule: seller-details): the CSV's
   * seller lines and the SIE file's #FNAMN, #ORGNR and #RAR ever after (absent in closes made before
   * the seller's details existed: blank, a calendar year).
   */
  seller?: Seller;
  financial_year_start_month?: number;
  /** The month's sales and the corrections booked in it. */
  receipts: Receipt[];
  /** Bookings left out of revenue, without names (names are personal data, kept sealed elsewhere). */
  left_out: Array<Omit<LeftOutBooking, 'name'>>;
}

export type ClosedPeriod = {
  period: string;
  start_date: string;
  end_date: string;
  /** The admin who closed it (e-mail, as every staff event's actor). */
  closed_by: string;
  /** When, ISO instant. */
  closed_at: string;
  /** The kiosk's date it was closed on: the SIE file's #GEN. */
  closed_on: string;
  books: ClosedBooks;
};

export type AccountingPeriodEvent = DomainEvent<'AccountingPeriodClosed', ClosedPeriod>;

/** The closed periods' events: their decoding point (domain/shared/events.ts). */
export const accountingPeriodEvents = eventsOf<AccountingPeriodEvent>({
  AccountingPeriodClosed: true,
});

export type AccountingPeriodCommand = {
  type: 'CloseAccountingPeriod';
  period: string;
  clock: Clock;
  closed_by: string;
  /** The month of the earliest booking, as read right before (null: no bookings at all). */
  first_sale_period: string | null;
  books: ClosedBooks;
};

/** The closed months, in the order they were closed (which is month order). */
export type AccountingPeriodsState = { closed: string[] };

/**
 * Why a month cannot be closed today, or null (rule: closed-periods): not twice, only once it has
 * ended in the kiosk's time zone, and in month order: the first close is the month of the earliest
 * booking (or, without one, any month), each later one the month after the last closed, so no
 * month with sales stays open behind a closed one.
 */
export function closeRefusal(
  state: AccountingPeriodsState,
  period: string,
  today: string,
  firstSalePeriod: string | null,
): string | null {
  if (state.closed.includes(period)) return msg.periodAlreadyClosed(period);
  const { end_date } = periodDates(period);
  if (today <= end_date) return msg.periodNotEnded(period, addDays(end_date, 1));
  const last = state.closed.at(-1);
  if (last !== undefined) {
    if (period < last) return msg.periodBeforeBooks(state.closed[0]);
    if (period !== nextPeriod(last)) return msg.periodOutOfOrder(nextPeriod(last));
  } else if (firstSalePeriod !== null && firstSalePeriod < period) {
    return msg.periodOutOfOrder(firstSalePeriod);
  }
  return null;
}

// ---- rule: correction-dating ----
//
// A correction is a new verification that shows the change, when it was registered and who made it
// (Bokföringslagen (1999:1078) 5 kap. 5 §, source above). It is dated the day of the change: a
// change to a sale of a closed month is made after that month's close, so its day is always in an
// open period. Should the change be older than the first open day (not possible when the close
// read every change before it), it is dated that day instead, never into a closed month.

/** A booking's latest change: the kiosk's date it was made on and who made it (the event's actor). */
export interface BookingChange {
  on: string;
  by: string;
}

/**
 * The latest change to a booking among a stream's events: the last change of its status or kitchen
 * step (isBookingChange) whose data names it (`booking_id`), its instant as a date in the kiosk's zone and its actor. Null when none does.
 */
export function lastChangeOf(
  events: ReadonlyArray<{ type: string; data: unknown; metadata: { actor: string; timestamp: string } }>,
  bookingId: string,
  timeZone: string,
): BookingChange | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const data = events[i].data as { booking_id?: unknown } | null;
    if (!isBookingChange(events[i].type) || data?.booking_id !== bookingId) continue;
    const { actor, timestamp } = events[i].metadata;
    return { on: wallClock(new Date(timestamp), timeZone).date, by: actor };
  }
  return null;
}

/**
 * The day a correction is booked on and who registered it: the day of the change (today when it is
 * not known), never before the first open day; 'system' when nobody is known.
 */
export function correctionStamp(
  change: BookingChange | null,
  firstOpenDay: string,
  today: string,
): { date: string; registered_by: string } {
  const day = change?.on ?? today;
  return { date: day < firstOpenDay ? firstOpenDay : day, registered_by: change?.by ?? 'system' };
}

/** The first open month: the one after the last closed (null: none closed, nothing to correct). */
export const firstOpenPeriod = (state: AccountingPeriodsState): string | null => {
  const last = state.closed.at(-1);
  return last === undefined ? null : nextPeriod(last);
};

export const accountingPeriodsDecider: Decider<AccountingPeriodCommand, AccountingPeriodEvent, AccountingPeriodsState> =
  {
    initialState: () => ({ closed: [] }),
    evolve: (state, event) => {
      switch (event.type) {
        case 'AccountingPeriodClosed':
          return { closed: [...state.closed, event.data.period] };
        default:
          return assertNever(event.type);
      }
    },
    decide(command, state) {
      switch (command.type) {
        case 'CloseAccountingPeriod': {
          const refusal = closeRefusal(state, command.period, todayIn(command.clock), command.first_sale_period);
          if (refusal) return reject(refusal);
          return [
            {
              type: 'AccountingPeriodClosed',
              data: {
                period: command.period,
                ...periodDates(command.period),
                closed_by: command.closed_by,
                closed_at: command.clock.now.toISOString(),
                closed_on: todayIn(command.clock),
                books: command.books,
              },
            },
          ];
        }
        default:
          return assertNever(command.type);
      }
    },
  };
