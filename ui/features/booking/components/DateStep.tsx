// Step 1: the open days (VIP dates merged in with a crown), with the loading text and the
// fallback notice of SPEC 8.
import { useSyncExternalStore } from 'react';
import { formatDateLong } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import { bookingPageTexts } from '../texts.js';
import { FieldError } from '../../../components/Field.js';
import { StepTitle } from '../../../components/order/StepTitle.js';

export interface DateOption {
  date: string;
  vip: boolean;
}

const noSubscription = () => () => {};

export function DateStep(props: {
  dates: DateOption[];
  loading: boolean;
  fallback: boolean;
  value: string;
  error?: string;
  onChange: (date: string) => void;
}) {
  const { dates, loading, fallback, value, error, onChange } = props;
  // The first HTML lists the open days; a date chosen before the page's handlers are attached
  // would be lost (the e2e runs on a loaded machine chose one in that moment and waited for slots
  // that never came), so the list waits for them. This is components/useHydrated.ts written out:
  // imported, that small shared module became a chunk of its own on this page (+0.2 KB gzipped).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <section className="step card" aria-labelledby="step-date">
      <StepTitle id="step-date" number={1}>
        {bookingPageTexts.stepDate}
      </StepTitle>
      <label className="field__label" htmlFor="booking-date">
        {bookingPageTexts.date}
      </label>
      <select
        id="booking-date"
        className="field__control"
        value={value}
        disabled={!hydrated || (loading && dates.length === 0)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'booking-date-error' : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {loading && dates.length === 0 ? customerTexts.loadingDays : bookingPageTexts.chooseDate}
        </option>
        {dates.map((d) => (
          <option key={d.date} value={d.date}>
            {formatDateLong(d.date)}
            {d.vip ? bookingPageTexts.vipMark : ''}
          </option>
        ))}
      </select>
      {loading && dates.length > 0 && <p className="hint">{customerTexts.loadingDays}</p>}
      {fallback && (
        <p className="notice" role="status">
          {customerTexts.openDaysFallback}
        </p>
      )}
      <FieldError id="booking-date-error" text={error} />
    </section>
  );
}
