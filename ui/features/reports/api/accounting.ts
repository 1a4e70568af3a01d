// The accountant's books (not in SPEC; see README's API section): a period's figures, its CSV and
// SIE 4I files, and the VAT rates and BAS accounts they are made with, each checked with the
// server's own schema.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { downloadFile } from '../../../lib/download.js';
import { accountingSettingsSchema } from '../../../../domain/accounting/settingsSchema.js';
import type {
  AccountingPeriodAnswer,
  AccountingPeriodRow,
  AccountingPeriodsAnswer,
} from '../../../../domain/answers/index.js';
import type { BookingsReportQuery } from './bookingsReport.js';

export { accountingSettingsSchema };
export type { AccountingPeriodAnswer, AccountingPeriodRow, AccountingPeriodsAnswer };
export type AccountingSettingsBody = z.input<typeof accountingSettingsSchema>;
export type AccountingSettingsAnswer = AccountingPeriodAnswer['settings'];

const query = ({ startDate, endDate }: BookingsReportQuery) => new URLSearchParams({ startDate, endDate });

export const getAccountingPeriod = (period: BookingsReportQuery) =>
  api<AccountingPeriodAnswer>(`/admin/reports/accounting?${query(period)}`);

export const downloadAccountingCsv = (period: BookingsReportQuery) =>
  downloadFile(`/admin/reports/accounting.csv?${query(period)}`, `bokforing-${period.startDate}-${period.endDate}.csv`);

/** The SIE 4I file (unnumbered verifications for import), named .si as the format has it. */
export const downloadAccountingSie = (period: BookingsReportQuery) =>
  downloadFile(`/admin/reports/accounting.si?${query(period)}`, `bokforing-${period.startDate}-${period.endDate}.si`);

export const getAccountingSettings = () => api<AccountingSettingsAnswer>('/admin/accounting/settings');
export const saveAccountingSettings = (body: AccountingSettingsBody) =>
  api<AccountingSettingsAnswer>('/admin/accounting/settings', { method: 'PUT', body });

/** The books' months, newest first (rule: closed-periods). */
export const getAccountingPeriods = () => api<AccountingPeriodsAnswer>('/admin/accounting/periods');
/** Closes a month (yyyy-MM): its report, CSV and SIE file never change again. */
export const closeAccountingPeriod = (period: string) =>
  api<AccountingPeriodRow>(`/admin/accounting/periods/${encodeURIComponent(period)}/close`, {
    method: 'POST',
    body: {},
  });
