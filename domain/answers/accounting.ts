// The accountant's books: GET/PUT /admin/accounting/settings and GET /admin/reports/accounting.
import { z } from 'zod';
import { ORDER_TYPES, VAT_RATES } from '../accounting/accounting.js';
import { clockTime, isoDate } from './common.js';

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
};

/** GET /admin/reports/accounting: a period's revenue per day by VAT rate, and what was left out. */
export const accountingPeriodAnswerSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    days: z.array(z.strictObject({ date: isoDate, ...dayFigures })),
    totals: z.strictObject(dayFigures),
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
