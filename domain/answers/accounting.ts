// The accountant's books: GET/PUT /admin/accounting/settings, GET /admin/reports/accounting and the
// closed periods (GET /admin/accounting/periods, POST /admin/accounting/periods/{period}/close).
import { z } from 'zod';
import { ORDER_TYPES, VAT_RATES } from '../accounting/accounting.js';
import { PAYMENT_CHANNELS, SALES_RECORDINGS, type PaymentChannel } from '../accounting/salesRecording.js';
import { clockTime, instant, isoDate } from './common.js';

const vatRate = z.union(
  VAT_RATES.map((r) => z.literal(r)) as unknown as [z.ZodLiteral<25>, z.ZodLiteral<12>, z.ZodLiteral<6>],
);
const perRate = z.strictObject({ '25': z.string(), '12': z.string(), '6': z.string() });

export const accountingSettingsAnswerSchema = z
  .strictObject({
    /** Per order type, periods (yyyy-MM-dd, inclusive; null open) covering every date. */
    vat_rates: z.array(
      z.strictObject({
        order_type: z.enum(ORDER_TYPES as ['take_away', 'dine_in']),
        rate: vatRate,
        valid_from: isoDate.nullable(),
        valid_to: isoDate.nullable(),
      }),
    ),
    cash_account: z.string(),
    sales_accounts: perRate,
    vat_accounts: perRate,
    /** rule: sales-recording. Where sales paid at pick-up are recorded: the till (default) or Pizzakiosken. */
    sales_recording: z.enum(SALES_RECORDINGS).meta({
      description:
        "'till': the kiosk's cash register records the sales paid at pick-up and its Z-report is booked; the files are a reconciliation and the SIE file books no such sale. 'pizzakiosken': no till obligation; the SIE file books them.",
    }),
    /** rule: sales-recording (issue 49). The account Swish settles the sales paid online to. */
    swish_account: z.string().meta({
      description:
        "BAS account Swish pays the web orders paid online out to (default '1930' Företagskonto): the SIE file debits their sales to it and credits it for their refunds. Sales paid online are always booked from Pizzakiosken, whatever sales_recording says.",
    }),
  })
  .meta({ id: 'AccountingSettings' });

const rateLineSchema = z.strictObject({
  rate: vatRate,
  sales_cents: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
});
const dayFigures = {
  orders: z.number().int(),
  gross_cents: z.number().int(),
  discount_cents: z.number().int(),
  sales_cents: z.number().int(),
  rates: z.array(rateLineSchema),
  /** rule: staff-orders. The orders (sales) per source. */
  sources: z.strictObject({ online: z.number().int(), counter: z.number().int(), phone: z.number().int() }),
};

/** One payment channel's books: its sales per day and its totals (rule: sales-recording). */
const channelBooks = z.strictObject({
  days: z.array(z.strictObject({ date: isoDate, ...dayFigures })),
  totals: z.strictObject(dayFigures),
});

/** GET /admin/reports/accounting: a period's revenue per day by VAT rate, and what was left out. */
export const accountingPeriodAnswerSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    days: z.array(z.strictObject({ date: isoDate, ...dayFigures })),
    /** Corrections of sales in closed periods booked in this one (rule: closed-periods): signed amounts. */
    corrections: z.array(
      z
        .strictObject({
          date: isoDate.meta({
            description: 'The day the correction is booked: the day of the change, always in an open period',
          }),
          booking_id: z.string().meta({ description: 'The original booking' }),
          booking_date: isoDate.meta({ description: 'The original sale’s date' }),
          booking_time: clockTime,
          rate: vatRate.meta({ description: 'The original sale’s VAT rate' }),
          gross_cents: z.number().int(),
          discount_cents: z.number().int(),
          sales_cents: z.number().int(),
          net_cents: z.number().int(),
          vat_cents: z.number().int(),
          registered_on: isoDate
            .optional()
            .meta({ description: 'When the change was registered (BFL 5 kap. 5 §); absent in older closes' }),
          registered_by: z
            .string()
            .optional()
            .meta({ description: "Who made the change: a staff e-mail, 'customer' or 'system'" }),
          channel: z
            .enum(PAYMENT_CHANNELS)
            .optional()
            .meta({ description: "'online' when the sale was paid online (Swish); absent: paid at pick-up" }),
          refund: z
            .literal(true)
            .optional()
            .meta({ description: 'A refund of a sale paid online, booked on the refund’s day at the sale’s rate' }),
        })
        .meta({ id: 'AccountingCorrection' }),
    ),
    /** The days' and the corrections' sums; orders counts sales only. */
    totals: z.strictObject(dayFigures),
    /**
     * rule: sales-recording (issue 49). The same books split by how each sale was paid: online
     * (Swish when booking, always booked from Pizzakiosken) and at pick-up; each with its days
     * (sales only) and totals (sales and corrections, refunds among them).
     */
    payment_channels: z
      .strictObject({ at_pickup: channelBooks, online: channelBooks } satisfies Record<PaymentChannel, unknown>)
      .meta({ id: 'AccountingPaymentChannels' }),
    /** Every month of the range is closed: these books are the closes' own and never change. */
    closed: z.boolean(),
    left_out: z.array(
      z.strictObject({
        id: z.string(),
        booking_date: isoDate,
        booking_time: clockTime,
        name: z.string(),
        reason: z.enum(['cancelled', 'moved', 'no_show', 'not_collected']),
        final_total_cents: z.number().int(),
      }),
    ),
    settings: accountingSettingsAnswerSchema,
  })
  .meta({ id: 'AccountingPeriod' });
export type AccountingPeriodAnswer = z.infer<typeof accountingPeriodAnswerSchema>;

/** A month in GET /admin/accounting/periods and the answer of closing one (rule: closed-periods). */
export const accountingPeriodRowSchema = z
  .strictObject({
    period: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: 'The calendar month, yyyy-MM' }),
    start_date: isoDate,
    end_date: isoDate,
    status: z.enum(['open', 'closed']),
    closed_by: z.string().nullable().meta({ description: 'The admin (e-mail) who closed it; null while open' }),
    closed_at: instant.nullable().meta({ description: 'When it was closed; null while open' }),
    close_refusal: z
      .string()
      .nullable()
      .meta({ description: 'Why an open month cannot be closed now (Swedish); null when it can, or is closed' }),
  })
  .meta({ id: 'AccountingPeriodRow' });
export const accountingPeriodsAnswerSchema = z
  .strictObject({ periods: z.array(accountingPeriodRowSchema) })
  .meta({ id: 'AccountingPeriods' });
export type AccountingPeriodRow = z.infer<typeof accountingPeriodRowSchema>;
export type AccountingPeriodsAnswer = z.infer<typeof accountingPeriodsAnswerSchema>;
