// When customers pay with Swish in advance (rule: swish-prepay): one of the named choices, each
// with its hint, and the number of pizzas for "Krävs från ett antal pizzor". The values are read
// from the form at submit, so a choice made before hydration is not lost.
import { useState, type FormEvent } from 'react';
import { Field, FieldError, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { SWISH_PREPAY_CHOICES, type SwishPrepayChoice } from '../../../../domain/settings/swishPrepay.js';
import { savePrepay, swishPrepaySchema, type SwishStatusAnswer } from '../api/swish.js';
import { swishTexts as texts } from '../texts.js';

type Prepay = SwishStatusAnswer['prepay'];

export function PrepayForm({ prepay, onSaved }: { prepay: Prepay; onSaved: () => unknown }) {
  const hydrated = useHydrated();
  const { busy, run } = useAction();
  const [choice, setChoice] = useState<SwishPrepayChoice>(prepay.choice);
  const [errors, setErrors] = useState<{ choice?: string; from_pizzas?: string }>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const pizzas = text('from_pizzas');
    const body = {
      choice: text('choice'),
      from_pizzas: pizzas === '' ? null : Number(pizzas),
    };
    const checked = swishPrepaySchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setErrors({ [issue.path[0] === 'from_pizzas' ? 'from_pizzas' : 'choice']: issue.message });
      return;
    }
    setErrors({});
    void run('save', () => savePrepay(checked.data), {
      success: texts.saved,
      failure: texts.saveFailed,
      reload: onSaved,
      onError: (text) => setErrors({ choice: text }),
    });
  }

  const disabled = !hydrated || busy !== null;
  return (
    <form className="card swish-prepay" noValidate onSubmit={submit} aria-labelledby="swish-prepay-title">
      <h2 id="swish-prepay-title">{texts.prepayTitle}</h2>
      <p className="hint">{texts.prepayIntro}</p>
      <fieldset className="swish-choices" aria-describedby={errors.choice ? 'swish-choice-error' : undefined}>
        <legend className="visually-hidden">{texts.prepayTitle}</legend>
        {SWISH_PREPAY_CHOICES.map((value) => (
          <div key={value} className="swish-choices__option">
            <input
              type="radio"
              id={`swish-choice-${value}`}
              name="choice"
              value={value}
              checked={choice === value}
              disabled={disabled}
              aria-describedby={`swish-choice-${value}-hint`}
              onChange={() => setChoice(value)}
            />
            <label htmlFor={`swish-choice-${value}`}>{texts.choices[value].label}</label>
            <p id={`swish-choice-${value}-hint`} className="hint">
              {texts.choices[value].hint}
            </p>
          </div>
        ))}
        <FieldError id="swish-choice-error" text={errors.choice} />
      </fieldset>
      {choice === 'required_from_pizzas' && (
        <Field id="swish-from-pizzas" label={texts.fromPizzas} error={errors.from_pizzas}>
          <input
            {...fieldControl('swish-from-pizzas', errors.from_pizzas)}
            name="from_pizzas"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={prepay.from_pizzas ?? ''}
            disabled={disabled}
          />
        </Field>
      )}
      <p className="hint swish-not-yet">{texts.prepayNotYet}</p>
      <button type="submit" className="btn btn--primary" disabled={disabled}>
        {busy === 'save' ? texts.saving : texts.save}
      </button>
    </form>
  );
}
