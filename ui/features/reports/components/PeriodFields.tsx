// A period for a report: shortcuts from today, the two dates, the schema's message and the chosen
// range in words. Shared by the bookings report and the accountant's books.
import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import dayjs from '../../../lib/dayjs.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction, type ActionTexts } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { check } from '../../../lib/formErrors.js';
import { formatDateShort } from '../../../lib/format.js';
import { bookingsReportQuerySchema, type BookingsReportQuery } from '../api/bookingsReport.js';
import { reportTexts } from '../texts.js';
import { PeriodShortcuts } from './PeriodShortcuts.js';

export interface Period {
  start: string;
  end: string;
}

/**
 * A report form's period: the props for PeriodFields, and `checked()` giving the period as the
 * server's schema reads it, or null with its messages shown at the dates and as a toast.
 */
export function usePeriod(toastId: string) {
  const [period, setPeriod] = useState<Period>({ start: '', end: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  function checked(): BookingsReportQuery | null {
    const result = check(bookingsReportQuerySchema, { startDate: period.start, endDate: period.end });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) toast.error(Object.values(result.errors)[0], { id: toastId });
    return result.ok ? result.data : null;
  }
  const onChange = (next: Period) => {
    setPeriod(next);
    setErrors({});
  };
  return { checked, fields: { period, errors, onChange } };
}

/**
 * A report form's period and its one action runner: `runFor` checks the period (its messages shown)
 * and runs nothing while another call runs or the period is refused.
 */
export function usePeriodAction(toastId: string) {
  const hydrated = useHydrated();
  const { checked, fields } = usePeriod(toastId);
  const { busy, run } = useAction();
  function runFor<T>(key: string, call: (period: BookingsReportQuery) => Promise<T>, texts: ActionTexts<T>) {
    if (busy) return;
    const period = checked();
    if (period) void run(key, () => call(period), texts);
  }
  return { hydrated, fields, busy, runFor };
}

export function PeriodFields(props: {
  id: string;
  period: Period;
  /** The schema's messages: per date (startDate, endDate), or '' for the order of the two. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (period: Period) => void;
}) {
  const { id, period, errors, disabled, onChange } = props;
  const { start, end } = period;
  const errorId = `${id}-error`;
  const error = Object.values(errors)[0];
  const order = errors[''];
  return (
    <>
      <PeriodShortcuts
        start={start}
        end={end}
        disabled={disabled}
        onPick={(from, to) => onChange({ start: from, end: to })}
      />
      <div className="form-grid">
        <Field id={`${id}-start`} label={reportTexts.start}>
          <input
            {...fieldControl(`${id}-start`, errors.startDate ?? order, undefined, errorId)}
            type="date"
            disabled={disabled}
            value={start}
            onChange={(e) => onChange({ start: e.target.value, end })}
          />
        </Field>
        <Field id={`${id}-end`} label={reportTexts.end}>
          <input
            {...fieldControl(`${id}-end`, errors.endDate ?? order, undefined, errorId)}
            type="date"
            disabled={disabled}
            value={end}
            onChange={(e) => onChange({ start, end: e.target.value })}
          />
        </Field>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {start && end && start <= end && (
        <p className="report-form__range" aria-live="polite">
          {reportTexts.range(formatDateShort(start), formatDateShort(end), dayjs(end).diff(start, 'day') + 1)}
        </p>
      )}
    </>
  );
}
