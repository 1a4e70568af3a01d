// Closed accounting periods (rule: closed-periods in domain/README.md): closing a month, its
// refusals, and the corrections a later change to one of its sales calls for.
import { describe, expect, it } from 'vitest';
import {
  accountingPeriod,
  booksOf,
  correctionsOf,
  defaultAccountingSettings,
  salesReceipts,
  vatOfReceipt,
  type AccountingBooking,
} from '../../domain/accounting/accounting.js';
import {
  accountingPeriodsDecider,
  closeRefusal,
  firstOpenPeriod,
  periodDates,
  periodSchema,
  type AccountingPeriodEvent,
  type ClosedBooks,
} from '../../domain/accounting/periods.js';
import { msg } from '../../domain/messages.js';
import type { Clock } from '../../domain/shared/time.js';
import { given } from './givenWhenThen.js';

const ACTOR = 'admin@pizzakiosken.se';
const settings = defaultAccountingSettings();
const books: ClosedBooks = { settings, receipts: [], left_out: [] };
/** 1 December 2026, 09:00 in Stockholm. */
const DEC_1: Clock = { now: new Date('2026-12-01T08:00:00Z'), timeZone: 'Europe/Stockholm' };
/** 30 November 2026, 23:30 in Stockholm (22:30 UTC): the month has not ended in the kiosk's zone. */
const NOV_30_LATE: Clock = { now: new Date('2026-11-30T22:30:00Z'), timeZone: 'Europe/Stockholm' };

const closed = (period: string): AccountingPeriodEvent => ({
  type: 'AccountingPeriodClosed',
  data: {
    period,
    ...periodDates(period),
    closed_by: ACTOR,
    closed_at: '2026-12-01T08:00:00.000Z',
    closed_on: '2026-12-01',
    books,
  },
});
const close = (period: string, clock = DEC_1, first_sale_period: string | null = '2026-10') => ({
  type: 'CloseAccountingPeriod' as const,
  period,
  clock,
  closed_by: ACTOR,
  first_sale_period,
  books,
});
const periods = (...events: AccountingPeriodEvent[]) => given(accountingPeriodsDecider, events);

describe('closing a period (rule: closed-periods)', () => {
  it('records the month, its dates, who closed it and when, and its books as they stand', () => {
    periods(closed('2026-10'))
      .when(close('2026-11'))
      .then([
        {
          type: 'AccountingPeriodClosed',
          data: {
            period: '2026-11',
            start_date: '2026-11-01',
            end_date: '2026-11-30',
            closed_by: ACTOR,
            closed_at: '2026-12-01T08:00:00.000Z',
            closed_on: '2026-12-01',
            books,
          },
        },
      ]);
  });

  it('the first close is the month of the earliest booking, or any ended month when there is none', () => {
    periods()
      .when(close('2026-10'))
      .thenMatches([{ type: 'AccountingPeriodClosed', data: { period: '2026-10' } }]);
    periods()
      .when(close('2026-11', DEC_1, null))
      .thenMatches([{ type: 'AccountingPeriodClosed', data: { period: '2026-11' } }]);
    // A month before the earliest booking holds no sales: it may be the first closed.
    periods()
      .when(close('2026-09', DEC_1, '2026-10'))
      .thenMatches([{ type: 'AccountingPeriodClosed', data: { period: '2026-09' } }]);
  });

  it('refuses a month closed already, and changes nothing', () => {
    periods(closed('2026-10'), closed('2026-11'))
      .when(close('2026-11'))
      .thenThrows('Perioden 2026-11 är redan stängd', 'rejected');
    expect(periods(closed('2026-10'), closed('2026-11')).state()).toEqual({ closed: ['2026-10', '2026-11'] });
  });

  it('refuses a month that has not ended in the kiosk’s time zone (late on its last evening too)', () => {
    periods(closed('2026-10'))
      .when(close('2026-11', NOV_30_LATE))
      .thenThrows('Perioden 2026-11 har inte tagit slut än: den kan stängas från och med 2026-12-01');
    periods(closed('2026-10'), closed('2026-11'))
      .when(close('2026-12'))
      .thenThrows(msg.periodNotEnded('2026-12', '2027-01-01'));
  });

  it('refuses a later month while an earlier one is open: periods close in month order', () => {
    periods().when(close('2026-11')).thenThrows('Stäng 2026-10 först: perioderna stängs i tur och ordning');
    const later = { ...close('2027-01'), clock: { ...DEC_1, now: new Date('2027-02-02T08:00:00Z') } };
    periods(closed('2026-10')).when(later).thenThrows(msg.periodOutOfOrder('2026-11'));
  });

  it('refuses a month before the first closed one', () => {
    periods(closed('2026-10'), closed('2026-11')).when(close('2026-09')).thenThrows(msg.periodBeforeBooks('2026-10'));
  });

  it('the first open period follows the last closed; none before any close', () => {
    expect(firstOpenPeriod({ closed: [] })).toBeNull();
    expect(firstOpenPeriod(periods(closed('2026-11'), closed('2026-12')).state())).toBe('2027-01');
    expect(closeRefusal({ closed: ['2026-12'] }, '2027-01', '2027-02-01', '2026-10')).toBeNull();
  });

  it('takes a month as yyyy-MM only', () => {
    expect(periodSchema.safeParse('2026-11').success).toBe(true);
    for (const bad of ['2026-13', '2026-1', '2026-11-01', 'nov'])
      expect(periodSchema.safeParse(bad).error?.issues[0].message).toBe(msg.periodInvalid);
    expect(periodDates('2028-02')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
    expect(periodDates('2026-12')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
  });
});

describe('corrections of a closed period’s sales (rule: closed-periods)', () => {
  const sale = (over: Partial<AccountingBooking> = {}): AccountingBooking => ({
    id: '20261124-1',
    booking_date: '2026-11-24',
    booking_time: '12:00',
    name: 'Sven',
    dine_in: false,
    status: 'confirmed',
    kitchen_status: null,
    original_total_cents: 21900,
    discount_cents: 2190,
    final_total_cents: 19710,
    ...over,
  });
  const eatenIn = sale({
    id: '20261124-2',
    booking_time: '12:15',
    dine_in: true,
    original_total_cents: 9950,
    discount_cents: 0,
    final_total_cents: 9950,
  });
  const booked = salesReceipts([sale(), eatenIn], settings).receipts;

  it('none while the books count a sale as they did when its period closed', () => {
    expect(correctionsOf(booked, salesReceipts([sale(), eatenIn], settings).receipts, '2026-12-01')).toEqual([]);
  });

  it('a sale cancelled after the close is reversed on the first open day, at its own rate, to the öre', () => {
    const now = salesReceipts([sale({ status: 'cancelled' }), eatenIn], settings).receipts;
    const vat = vatOfReceipt(19710, 6); // take-away in November 2026: food at 6 %
    expect(correctionsOf(booked, now, '2026-12-01')).toEqual([
      {
        kind: 'correction',
        date: '2026-12-01',
        booking_id: '20261124-1',
        booking_date: '2026-11-24',
        booking_time: '12:00',
        rate: 6,
        gross_cents: -21900,
        discount_cents: -2190,
        sales_cents: -19710,
        net_cents: -(19710 - vat),
        vat_cents: -vat,
      },
    ]);
  });

  it('a reversal is booked once: with it in the closed books, nothing more is due', () => {
    const now = salesReceipts([sale({ status: 'cancelled' }), eatenIn], settings).receipts;
    const reversal = correctionsOf(booked, now, '2026-12-01');
    expect(correctionsOf([...booked, ...reversal], now, '2027-01-01')).toEqual([]);
  });

  it('a sale that counts only after its close (collected late) is booked then, at the rate of its date', () => {
    const notYet = salesReceipts([sale({ status: 'pending' })], settings).receipts;
    expect(notYet).toEqual([]);
    const [late] = correctionsOf(notYet, salesReceipts([sale()], settings).receipts, '2026-12-01');
    expect(late).toMatchObject({ kind: 'correction', date: '2026-12-01', rate: 6, sales_cents: 19710 });
  });

  it('the books show corrections as their own lines and count them in the totals, never as orders', () => {
    const now = salesReceipts([sale({ status: 'cancelled' }), eatenIn], settings).receipts;
    const december = salesReceipts([sale({ id: '20261202-1', booking_date: '2026-12-02' })], settings);
    const books = booksOf([...december.receipts, ...correctionsOf(booked, now, '2026-12-01')], december.left_out);
    expect(books.days.map((d) => [d.date, d.sales_cents])).toEqual([['2026-12-02', 19710]]);
    expect(books.corrections.map((c) => [c.date, c.booking_id, c.sales_cents])).toEqual([
      ['2026-12-01', '20261124-1', -19710],
    ]);
    expect(books.totals).toMatchObject({ orders: 1, sales_cents: 0, gross_cents: 0, discount_cents: 0 });
    expect(books.totals.rates).toEqual([{ rate: 6, sales_cents: 0, net_cents: 0, vat_cents: 0 }]);
  });

  it('the books of bookings alone are as before: no corrections', () => {
    expect(accountingPeriod([sale()], settings).corrections).toEqual([]);
  });
});
