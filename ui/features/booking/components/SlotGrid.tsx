// Step 3: the day's slots, each labelled 'Ledigt' / 'Endast N kvar' / 'Fullbokat' (readable
// without colour); only slots that hold the whole order can be chosen.
import type { Slot } from '../../../../domain/answers/index.js';
import { customerTexts } from '../../../lib/texts.js';
import { bookingPageTexts } from '../texts.js';
import { FieldError } from '../../../components/Field.js';

/** 'Ledigt' while nothing is booked in the slot's window, then how many are left, then full. */
export function slotLabel(slot: Slot, capacity: number): string {
  if (slot.capacity_remaining <= 0) return customerTexts.full;
  if (slot.capacity_remaining < capacity) return customerTexts.onlyLeft(slot.capacity_remaining);
  return customerTexts.free;
}

export function SlotGrid(props: {
  enabled: boolean;
  slots: Slot[];
  capacity: number;
  loading: boolean;
  message: string | null;
  value: string;
  error?: string;
  onChange: (time: string) => void;
}) {
  const { enabled, slots, capacity, loading, message, value, error, onChange } = props;
  return (
    <section className="step card" aria-labelledby="step-time" aria-busy={loading || undefined}>
      <h2 id="step-time" className="step__title">
        <span className="step__number" aria-hidden="true">3</span> {bookingPageTexts.stepTime}
      </h2>
      {!enabled ? (
        <p className="hint">{bookingPageTexts.timeFirst}</p>
      ) : (
        <div className="slots-wrap">
          {slots.length > 0 && (
            <div className="slots" role="group" aria-label={bookingPageTexts.times}>
              {slots.map((slot) => {
                const label = slotLabel(slot, capacity);
                const state = slot.capacity_remaining <= 0 ? 'full' : label === customerTexts.free ? 'free' : 'few';
                const selected = slot.time === value;
                return (
                  <button
                    key={slot.time}
                    type="button"
                    className={`slot slot--${state}${selected ? ' slot--selected' : ''}`}
                    disabled={!slot.can_accommodate}
                    aria-pressed={selected}
                    aria-label={`${slot.time}, ${label}`}
                    onClick={() => onChange(slot.time)}
                  >
                    <span className="slot__time">{slot.time}</span>
                    <span className="slot__label">{label}</span>
                  </button>
                );
              })}
            </div>
          )}
          {message && !loading && (
            <p className="notice" role="status">
              {message}
            </p>
          )}
          {loading && (
            <div className="slots-overlay" role="status">
              <span className="spinner" aria-hidden="true" /> {customerTexts.updatingSlots}
            </div>
          )}
        </div>
      )}
      <FieldError id="booking-time-error" text={error} />
    </section>
  );
}
