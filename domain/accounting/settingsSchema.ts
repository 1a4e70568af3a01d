// The accounting settings as the staff screen sends them (PUT /admin/accounting/settings): its zod
// schema lives apart from the rules in accounting.ts, so the booking page, which shows VAT from
// those rules, does not load zod with its first paint (issue 30: the page's JavaScript budget).
import { z } from 'zod';
import { msg } from '../messages.js';
import { addDays, normaliseDate } from '../shared/time.js';
import {
  ORDER_TYPES,
  ORDER_TYPE_LABELS,
  VAT_RATES,
  type OrderType,
  type VatPeriod,
  type VatRate,
} from './accounting.js';
import { SALES_RECORDINGS } from './salesRecording.js';

const vatRate = z.coerce
  .number({ error: msg.vatRateInvalid })
  .refine((n): n is VatRate => (VAT_RATES as readonly number[]).includes(n), { error: msg.vatRateInvalid });
/** A BAS account number: four digits (the staff form's fields stop there too). */
export const ACCOUNT_DIGITS = 4;
const account = z
  .string({ error: msg.accountInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${ACCOUNT_DIGITS}}$`), { error: msg.accountInvalid });
const perRate = z.strictObject({ '25': account, '12': account, '6': account });
/** A period's end: yyyy-MM-dd, or blank/null for an open end. */
const periodDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: msg.invalidDate })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const d = /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? normaliseDate(v) : null;
      if (!d) {
        ctx.addIssue({ code: 'custom', message: msg.invalidDate });
        return z.NEVER;
      }
      return d;
    }),
);
const vatPeriod = z
  .strictObject({
    order_type: z.enum(ORDER_TYPES as [OrderType, ...OrderType[]], { error: msg.orderTypeInvalid }),
    rate: vatRate,
    valid_from: periodDate,
    valid_to: periodDate,
  })
  .superRefine((p, ctx) => {
    if (p.valid_from && p.valid_to && p.valid_to < p.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: msg.vatPeriodReversed });
  });

/**
 * Checks a rate table: per order type at least one period, the first open at its start, the last
 * open at its end, and each starting the day after the one before ends (no gap, no overlap).
 */
function checkVatPeriods(periods: readonly VatPeriod[], ctx: z.RefinementCtx) {
  for (const type of ORDER_TYPES) {
    const rows = periods
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.order_type === type)
      .sort((a, b) => (a.p.valid_from ?? '').localeCompare(b.p.valid_from ?? ''));
    if (rows.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: msg.vatPeriodsMissing(ORDER_TYPE_LABELS[type]) });
      continue;
    }
    if (rows[0].p.valid_from !== null)
      ctx.addIssue({ code: 'custom', path: [rows[0].index, 'valid_from'], message: msg.vatPeriodsOpenStart });
    const last = rows[rows.length - 1];
    if (last.p.valid_to !== null)
      ctx.addIssue({ code: 'custom', path: [last.index, 'valid_to'], message: msg.vatPeriodsOpenEnd });
    for (let k = 1; k < rows.length; k++) {
      const before = rows[k - 1].p;
      const { p, index } = rows[k];
      if (before.valid_to === null || p.valid_from === null || p.valid_from <= before.valid_to)
        ctx.addIssue({ code: 'custom', path: [index, 'valid_from'], message: msg.vatPeriodsOverlap });
      else if (p.valid_from !== addDays(before.valid_to, 1))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'valid_from'],
          message: msg.vatPeriodsGap(addDays(before.valid_to, 1), addDays(p.valid_from, -1)),
        });
    }
  }
}

/** PUT /admin/accounting/settings: every field, as the screen sends it. */
export const accountingSettingsSchema = z.strictObject({
  vat_rates: z.array(vatPeriod, { error: msg.vatPeriodsMissing('Ta med och Äta här') }).superRefine(checkVatPeriods),
  cash_account: account,
  sales_accounts: perRate,
  vat_accounts: perRate,
  /**
   * rule: sales-recording. 'till' (sales paid at pick-up go through the kiosk's cash register, the
   * default) or 'pizzakiosken'; left out, the setting stays as it is.
   */
  sales_recording: z.enum(SALES_RECORDINGS, { error: msg.salesRecordingInvalid }).optional(),
  /**
   * rule: sales-recording (issue 49). The account Swish settles the sales paid online to (BAS 1930
   * Företagskonto by default); left out, it stays as it is.
   */
  swish_account: account.optional(),
});

/** The settings as PUT sends them: without sales_recording, the one in effect stays (rule: sales-recording). */
export type AccountingSettingsInput = z.output<typeof accountingSettingsSchema>;
