// /admin/reports (SPEC 2, 5, 8): the bookings report for a date range as a PDF, and the
// accountant's books (Bokföringsunderlag), their closed periods, and their VAT rates and accounts.
import { reportTexts } from '../texts.js';
import type { AccountingPeriodRow, AccountingSettingsAnswer } from '../api/accounting.js';
import { BookingsReportForm } from './BookingsReportForm.js';
import { AccountingReport } from './AccountingReport.js';
import { AccountingSettingsForm } from './AccountingSettingsForm.js';
import { AccountingPeriods } from './AccountingPeriods.js';
import '../reports.css';

export function ReportsScreen({
  accountingSettings,
  accountingPeriods,
}: {
  accountingSettings: AccountingSettingsAnswer | null;
  accountingPeriods: AccountingPeriodRow[] | null;
}) {
  return (
    <>
      <div className="admin-title">
        <h1>{reportTexts.title}</h1>
      </div>
      <BookingsReportForm />
      <AccountingReport />
      <AccountingPeriods periods={accountingPeriods} />
      <AccountingSettingsForm settings={accountingSettings} />
    </>
  );
}
