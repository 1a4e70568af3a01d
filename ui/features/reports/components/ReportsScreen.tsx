// /admin/reports (SPEC 2, 5, 8): the bookings report for a date range as a PDF.
import { reportTexts } from '../texts.js';
import { BookingsReportForm } from './BookingsReportForm.js';
import '../reports.css';

export function ReportsScreen() {
  return (
    <>
      <div className="admin-title">
        <h1>{reportTexts.title}</h1>
      </div>
      <BookingsReportForm />
    </>
  );
}
