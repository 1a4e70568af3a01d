// The bookings report (SPEC 2, 5, 8): a date range, typed or picked from shortcuts, downloaded
// as a PDF. The dates are checked with the server's own schema, so its messages show.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check } from '../../../lib/formErrors.js';
import { formatDateShort } from '../../../lib/format.js';
import { bookingsReportQuerySchema, downloadBookingsReport } from '../api/bookingsReport.js';
import { reportTexts } from '../texts.js';
import { PeriodShortcuts } from './PeriodShortcuts.js';

const ERROR_ID = 'report-error';

export function BookingsReportForm() {
  const hydrated = useHydrated();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  /** The schema's messages: per date, or '' for the order of the two. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = check(bookingsReportQuerySchema, { startDate: start, endDate: end });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return void toast.error(Object.values(checked.errors)[0]!, { id: 'report-dates' });
    void run('download', () => downloadBookingsReport(checked.data), { success: reportTexts.ok, failure: reportTexts.failed });
  }

  const error = Object.values(errors)[0];
  const order = errors[''];
  return (
    <form className="card report-form" noValidate onSubmit={submit} aria-labelledby="report-title">
      <h2 id="report-title">{reportTexts.formTitle}</h2>
      <p className="hint report-form__intro">{reportTexts.intro}</p>
      <PeriodShortcuts
        start={start}
        end={end}
        disabled={!hydrated}
        onPick={(from, to) => {
          setStart(from);
          setEnd(to);
          setErrors({});
        }}
      />
      <div className="form-grid">
        <Field id="report-start" label={reportTexts.start}>
          <input {...fieldControl('report-start', errors.startDate ?? order, undefined, ERROR_ID)} type="date" disabled={!hydrated} value={start} onChange={(e) => setStart(e.target.value)} />
        </Field>
        <Field id="report-end" label={reportTexts.end}>
          <input {...fieldControl('report-end', errors.endDate ?? order, undefined, ERROR_ID)} type="date" disabled={!hydrated} value={end} onChange={(e) => setEnd(e.target.value)} />
        </Field>
      </div>
      {error && (
        <p id={ERROR_ID} className="field__error">
          {error}
        </p>
      )}
      {start && end && start <= end && (
        <p className="report-form__range" aria-live="polite">
          {reportTexts.range(formatDateShort(start), formatDateShort(end), dayjs(end).diff(start, 'day') + 1)}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--large" disabled={!hydrated || busy !== null}>
        {busy ? reportTexts.downloading : reportTexts.download}
      </button>
    </form>
  );
}
