// /admin/reports (SPEC 2, 5, 8): the bookings report for a date range as a PDF, and the
// accountant's books (Bokföringsunderlag) with their VAT rates and accounts.
import { reportTexts } from '../texts.js';
import type { AccountingSettingsAnswer } from '../api/accounting.js';
import { BookingsReportForm } from './BookingsReportForm.js';
import { AccountingReport } from './AccountingReport.js';
import { AccountingSettingsForm } from './AccountingSettingsForm.js';
import '../reports.css';

export function ReportsScreen({ accountingSettings }: { accountingSettings: AccountingSettingsAnswer | null }) {
  return (
    <>
      <div className="admin-title">
        <h1>{reportTexts.title}</h1>
      </div>
      <BookingsReportForm />
      <AccountingReport />
      <AccountingSettingsForm settings={accountingSettings} />
    </>
  );
}
