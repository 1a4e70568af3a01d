// The bookings report (SPEC 2, 5, 8): a date range, typed or picked from shortcuts, downloaded
// as a PDF. The dates are checked with the server's own schema, so its messages show.
import type { FormEvent } from 'react';
import { downloadBookingsReport } from '../api/bookingsReport.js';
import { reportTexts } from '../texts.js';
import { PeriodFields, usePeriodAction } from './PeriodFields.js';

export function BookingsReportForm() {
  const { hydrated, fields, busy, runFor } = usePeriodAction('report-dates');

  function submit(event: FormEvent) {
    event.preventDefault();
    runFor('download', downloadBookingsReport, { success: reportTexts.ok, failure: reportTexts.failed });
  }

  return (
    <form className="card report-form" noValidate onSubmit={submit} aria-labelledby="report-title">
      <h2 id="report-title">{reportTexts.formTitle}</h2>
      <p className="hint report-form__intro">{reportTexts.intro}</p>
      <PeriodFields id="report" disabled={!hydrated} {...fields} />
      <button type="submit" className="btn btn--primary btn--large" disabled={!hydrated || busy !== null}>
        {busy ? reportTexts.downloading : reportTexts.download}
      </button>
    </form>
  );
}
