// The bookings report (SPEC 2, 5, 8): a date range, typed or picked from shortcuts, downloaded
// as a PDF. The dates are checked with the server's own schema, so its messages show.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check } from '../../../lib/formErrors.js';
import { bookingsReportQuerySchema, downloadBookingsReport } from '../api/bookingsReport.js';
import { reportTexts } from '../texts.js';
import { PeriodFields, type Period } from './PeriodFields.js';

export function BookingsReportForm() {
  const hydrated = useHydrated();
  const [period, setPeriod] = useState<Period>({ start: '', end: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = check(bookingsReportQuerySchema, { startDate: period.start, endDate: period.end });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return void toast.error(Object.values(checked.errors)[0]!, { id: 'report-dates' });
    void run('download', () => downloadBookingsReport(checked.data), { success: reportTexts.ok, failure: reportTexts.failed });
  }

  return (
    <form className="card report-form" noValidate onSubmit={submit} aria-labelledby="report-title">
      <h2 id="report-title">{reportTexts.formTitle}</h2>
      <p className="hint report-form__intro">{reportTexts.intro}</p>
      <PeriodFields
        id="report"
        period={period}
        errors={errors}
        disabled={!hydrated}
        onChange={(next) => {
          setPeriod(next);
          setErrors({});
        }}
      />
      <button type="submit" className="btn btn--primary btn--large" disabled={!hydrated || busy !== null}>
        {busy ? reportTexts.downloading : reportTexts.download}
      </button>
    </form>
  );
}
