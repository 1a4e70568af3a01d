// The board's day: the day before, a date, the day after, and today.
import { Field, fieldControl } from '../../../components/Field.js';
import { kitchenTexts } from '../texts.js';

export function KitchenDayPicker(props: {
  shown: string | null;
  today: string | null;
  /** Whether a day is shown (the day before and after are reckoned from it). */
  loaded: boolean;
  enabled: boolean;
  onGo: (date: string | null) => void;
  onShift: (days: number) => void;
}) {
  const { shown, today, enabled } = props;
  return (
    <div className="kitchen-dates card" role="group" aria-label={kitchenTexts.chooseDay}>
      <button
        type="button"
        className="btn btn--secondary kitchen-btn"
        disabled={!enabled || !props.loaded}
        onClick={() => props.onShift(-1)}
        aria-label={kitchenTexts.previousDay}
      >
        <span aria-hidden="true">←</span>
      </button>
      <Field id="kitchen-date" label={kitchenTexts.date} className="kitchen-dates__field">
        <input
          {...fieldControl('kitchen-date')}
          type="date"
          value={shown ?? ''}
          disabled={!enabled}
          onChange={(e) => e.target.value && props.onGo(e.target.value)}
        />
      </Field>
      <button
        type="button"
        className="btn btn--secondary kitchen-btn"
        disabled={!enabled || !props.loaded}
        onClick={() => props.onShift(1)}
        aria-label={kitchenTexts.nextDay}
      >
        <span aria-hidden="true">→</span>
      </button>
      <button
        type="button"
        className="btn btn--secondary kitchen-btn"
        disabled={!enabled || (shown !== null && shown === today)}
        onClick={() => props.onGo(today)}
      >
        {kitchenTexts.today}
      </button>
    </div>
  );
}
