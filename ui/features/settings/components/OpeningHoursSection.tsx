// The opening hours per weekday: open or closed, and when an open day opens and closes.
import { fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { WEEKDAYS, type Weekday } from '../../../../domain/shared/time.js';
import { settingsTexts } from '../texts.js';
import type { SettingsForm } from './settingsForm.js';

export interface OpeningHoursSectionProps {
  form: Pick<SettingsForm, 'open_days' | 'opening_hours'>;
  errors: FieldErrors;
  disabled: boolean;
  onOpen: (day: Weekday, open: boolean) => void;
  onHours: (day: Weekday, part: 'start' | 'end', value: string) => void;
}

export function OpeningHoursSection({ form, errors, disabled, onOpen, onHours }: OpeningHoursSectionProps) {
  return (
    <section className="card" aria-labelledby="hours-title">
      <h2 id="hours-title">{settingsTexts.openingHours}</h2>
      <p className="hint hours-intro">{settingsTexts.openingHoursIntro}</p>
      <ul className="hours-list">
        {WEEKDAYS.map((day) => {
          const open = form.open_days[day];
          const error = errors[`opening_hours.${day}`];
          const errorId = `hours-${day}-error`;
          return (
            <li key={day} className={`hours-row${open ? '' : ' hours-row--closed'}`}>
              <label className="check hours-row__day">
                <input
                  type="checkbox"
                  checked={open}
                  disabled={disabled}
                  onChange={(e) => onOpen(day, e.target.checked)}
                />
                <span>{settingsTexts.days[day]}</span>
              </label>
              {open ? (
                <div className="hours-row__times">
                  {(['start', 'end'] as const).map((part) => {
                    const id = `hours-${day}-${part}`;
                    return (
                      <div key={part} className="hours-row__time">
                        <label htmlFor={id}>
                          <span className="visually-hidden">{settingsTexts.days[day]} </span>
                          {part === 'start' ? settingsTexts.opens : settingsTexts.closes}
                        </label>
                        <input
                          {...fieldControl(id, error, undefined, errorId)}
                          type="time"
                          required
                          disabled={disabled}
                          value={form.opening_hours[day][part]}
                          onChange={(e) => onHours(day, part, e.target.value)}
                        />
                      </div>
                    );
                  })}
                </div>
              ) : (
                <span className="muted hours-row__closed">{settingsTexts.closed}</span>
              )}
              {error && (
                <p id={errorId} className="field__error hours-row__error">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
