// Step 2: how many pizzas, 1 to capacity_per_window (SPEC 2, 5).
import { customerTexts } from '../../../lib/texts.js';
import { bookingPageTexts } from '../texts.js';
import { StepTitle } from '../../../components/order/StepTitle.js';

export function PizzaCountStep(props: {
  count: number;
  max: number;
  disabled: boolean;
  onChange: (count: number) => void;
}) {
  const { count, max, disabled, onChange } = props;
  return (
    <section className="step card" aria-labelledby="step-count">
      <StepTitle id="step-count" number={2}>
        {bookingPageTexts.stepCount}
      </StepTitle>
      <div className="stepper" role="group" aria-label={bookingPageTexts.stepCount}>
        <button
          type="button"
          className="stepper__btn"
          aria-label={bookingPageTexts.oneLess}
          disabled={disabled || count <= 1}
          onClick={() => onChange(count - 1)}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite" aria-label={bookingPageTexts.stepCount}>
          {count}
        </output>
        <button
          type="button"
          className="stepper__btn"
          aria-label={bookingPageTexts.oneMore}
          disabled={disabled || count >= max}
          onClick={() => onChange(count + 1)}
        >
          +
        </button>
      </div>
      {/* SPEC 2: the hint names the maximum before a date is chosen too. */}
      <p className="hint">
        {customerTexts.maxPerSlot(max)}
        {disabled && ` · ${bookingPageTexts.dateFirst}`}
      </p>
    </section>
  );
}
