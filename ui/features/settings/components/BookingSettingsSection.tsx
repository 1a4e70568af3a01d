// The booking settings: capacity, window, horizons, slot length, cancellation deadline.
import { Field, fieldControl } from '../../../components/Field.js';
import type { FieldErrors } from '../../../lib/formErrors.js';
import { NUMBER_KEYS, settingMin, type NumberKey } from '../api/settings.js';
import { settingsTexts } from '../texts.js';

export interface BookingSettingsSectionProps {
  numbers: Record<NumberKey, string>;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (key: NumberKey, value: string) => void;
}

export function BookingSettingsSection({ numbers, errors, disabled, onChange }: BookingSettingsSectionProps) {
  return (
    <section className="card" aria-labelledby="booking-settings-title">
      <h2 id="booking-settings-title">{settingsTexts.bookingSettings}</h2>
      <div className="form-grid">
        {NUMBER_KEYS.map((key) => {
          const id = `setting-${key}`;
          const { label, unit, hint } = settingsTexts.numbers[key];
          return (
            <Field key={key} id={id} label={`${label} (${unit})`} error={errors[key]} hint={hint}>
              <input
                {...fieldControl(id, errors[key], hint)}
                type="number"
                inputMode="numeric"
                min={settingMin(key)}
                step="1"
                required
                disabled={disabled}
                value={numbers[key]}
                onChange={(e) => onChange(key, e.target.value)}
              />
            </Field>
          );
        })}
      </div>
    </section>
  );
}
