// The books of a sale paid online with Swish when booking (issue 49): the day and rate its VAT is
// due at (rule: vat-on-prepayment), where it is booked (rule: sales-recording), a refund as a
// correction at the sale's own rate, and a closed month that holds both needing no correction.
import { describe, expect, it } from 'vitest';
import {
  correctionsOf,
  defaultAccountingSettings,
  salesReceipts,
  swishAccountOf,
  type AccountingBooking,
} from '../../domain/accounting/accounting.js';
import { prepaymentOf } from '../../domain/accounting/prepayment.js';
import {
  bookedFromPizzakiosken,
  paymentChannelOf,
  verifiedByPizzakiosken,
} from '../../domain/accounting/salesRecording.js';

const settings = defaultAccountingSettings();
const TZ = 'Europe/Stockholm';
/** 194,74 kr taken away, booked for pick-up on 1 April 2026. */
const booking = (over: Partial<AccountingBooking> = {}): AccountingBooking => ({
  id: '20260401-1',
  booking_date: '2026-04-01',
  booking_time: '12:00',
  name: 'Åsa',
  dine_in: false,
  status: 'confirmed',
  original_total_cents: 19474,
  discount_cents: 0,
  final_total_cents: 19474,
  ...over,
});
const paid = (paid_at: string, refund?: { amount_cents: number; refunded_at: string }) =>
  prepaymentOf(
    {
      method: 'swish',
      status: 'paid',
      amount_cents: 19474,
      paid_at,
      ...(refund ? { refund: { status: 'refunded' as const, requested_at: '2026-03-31T10:00:00Z', ...refund } } : {}),
    },
    TZ,
  );

describe('when a prepaid sale is booked (rule: vat-on-prepayment)', () => {
  it('given a payment received on 31 March for pick-up on 1 April, the sale is dated 31 March at 12 %', () => {
    const { receipts, left_out } = salesReceipts([booking({ prepaid: paid('2026-03-31T10:00:00Z') })], settings);
    expect(left_out).toEqual([]);
    expect(receipts).toEqual([
      expect.objectContaining({
        kind: 'sale',
        date: '2026-03-31',
        booking_date: '2026-04-01',
        rate: 12,
        sales_cents: 19474,
        vat_cents: 2087,
        net_cents: 17387,
        channel: 'online',
      }),
    ]);
  });

  it("given a payment at 00:30 on 1 April in the kiosk's zone (22:30 UTC on the 31st), it is 1 April's, at 6 %", () => {
    const prepaid = paid('2026-03-31T22:30:00Z');
    expect(prepaid?.paid_on).toBe('2026-04-01');
    const [sale] = salesReceipts([booking({ prepaid })], settings).receipts;
    expect([sale.date, sale.rate, sale.vat_cents]).toEqual(['2026-04-01', 6, 1102]);
  });

  it('given a payment still awaited, or failed, nothing is prepaid: the booking is paid at pick-up', () => {
    expect(prepaymentOf({ method: 'swish', status: 'requested', amount_cents: 100 }, TZ)).toBeNull();
    expect(prepaymentOf({ method: 'swish', status: 'failed', amount_cents: 100, failure: 'DECLINED' }, TZ)).toBeNull();
    expect(prepaymentOf(undefined, TZ)).toBeNull();
  });

  it('given a prepaid order never collected, or cancelled without a refund, the money is the kiosk’s: still a sale', () => {
    const prepaid = paid('2026-03-31T10:00:00Z');
    for (const over of [{ kitchen_status: 'no_show' as const }, { status: 'cancelled' as const }]) {
      const { receipts, left_out } = salesReceipts([booking({ ...over, prepaid })], settings);
      expect(left_out).toEqual([]);
      expect(receipts.map((r) => [r.kind, r.date, r.sales_cents])).toEqual([['sale', '2026-03-31', 19474]]);
    }
  });

  it('given a whole refund on 2 April, a correction that day reverses the sale at its own 12 % to the öre', () => {
    const prepaid = paid('2026-03-31T10:00:00Z', { amount_cents: 19474, refunded_at: '2026-04-02T09:00:00Z' });
    const [sale, refund] = salesReceipts([booking({ prepaid, status: 'cancelled' })], settings).receipts;
    expect(refund).toEqual({
      kind: 'correction',
      date: '2026-04-02',
      booking_id: '20260401-1',
      booking_date: '2026-04-01',
      booking_time: '12:00',
      rate: 12,
      gross_cents: -19474,
      discount_cents: 0,
      sales_cents: -19474,
      net_cents: -sale.net_cents,
      vat_cents: -sale.vat_cents,
      channel: 'online',
      refund: true,
    });
  });

  it('given a part refunded (97,37 kr), the correction takes the VAT that part contains at the sale’s rate', () => {
    const prepaid = paid('2026-03-31T10:00:00Z', { amount_cents: 9737, refunded_at: '2026-04-02T09:00:00Z' });
    const [, refund] = salesReceipts([booking({ prepaid })], settings).receipts;
    expect([refund.rate, refund.sales_cents, refund.vat_cents, refund.net_cents]).toEqual([12, -9737, -1043, -8694]);
  });

  it('given a closed month that holds the sale and its refund, nothing is corrected; one that holds only the sale, neither', () => {
    const prepaid = paid('2026-03-31T10:00:00Z', { amount_cents: 19474, refunded_at: '2026-03-31T15:00:00Z' });
    const both = salesReceipts([booking({ prepaid })], settings).receipts;
    expect(correctionsOf(both, both, '2026-04-02')).toEqual([]);
    const [sale] = both;
    expect(correctionsOf([sale], [sale], '2026-04-02')).toEqual([]);
  });
});

describe('where a sale paid online is booked (rule: sales-recording)', () => {
  it('given the till or not, Pizzakiosken books it, against Swish’s settlement account (1930 by default)', () => {
    expect(bookedFromPizzakiosken('till', 'online')).toBe(true);
    expect(bookedFromPizzakiosken('pizzakiosken', 'online')).toBe(true);
    const [sale] = salesReceipts([booking({ prepaid: paid('2026-03-31T10:00:00Z') })], settings).receipts;
    expect(paymentChannelOf(sale)).toBe('online');
    expect(verifiedByPizzakiosken('till', sale)).toBe(true);
    expect(swishAccountOf(settings)).toBe('1930');
    expect(swishAccountOf({ swish_account: '1940' })).toBe('1940');
  });
});
