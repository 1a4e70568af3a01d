// Step 3: the day's slots, each labelled 'Ledigt' / 'Endast N kvar' / 'Fullbokat' (readable
// without colour); only slots that hold the whole order can be chosen. The day is shown one part
// at a time (lunch, afternoon, evening), opening at the chosen time's part or the first part with
// a slot that fits, so a phone shows a few rows instead of 44 buttons above the menu.
import { useState, type ReactNode } from 'react';
import type { Slot } from '../../../../domain/answers/index.js';
import { customerTexts } from '../../../lib/texts.js';
import { bookingPageTexts } from '../texts.js';
import { FieldError } from '../../../components/Field.js';
import { dayParts, initialDayPart, type DayPartKey } from '../lib/dayParts.js';
import { StepTitle } from '../../../components/order/StepTitle.js';

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
  /** Shown under the times (the waitlist's prompt when some cannot take the order). */
  footer?: ReactNode;
}) {
  const { enabled, slots, capacity, loading, message, value, error, onChange, footer } = props;
  const parts = dayParts(slots);
  const [chosenPart, setChosenPart] = useState<DayPartKey | null>(null);
  // A newly chosen time (also one chosen for the customer after a new date or count) opens its
  // part; the customer's own choice of part holds until then, also across quiet refreshes.
  const [partsTime, setPartsTime] = useState(value);
  if (value !== partsTime) {
    setPartsTime(value);
    setChosenPart(null);
  }
  const shown =
    parts.find((part) => part.key === chosenPart) ?? parts.find((part) => part.key === initialDayPart(parts, value));

  return (
    <section className="step card" aria-labelledby="step-time" aria-busy={loading || undefined}>
      <StepTitle id="step-time" number={3}>
        {bookingPageTexts.stepTime}
      </StepTitle>
      {!enabled ? (
        <p className="hint">{bookingPageTexts.timeFirst}</p>
      ) : (
        <div className="slots-wrap">
          {parts.length > 1 && (
            <div className="day-parts" role="group" aria-label={bookingPageTexts.dayParts}>
              {parts.map((part) => {
                const name = bookingPageTexts.dayPartNames[part.key];
                const pressed = part.key === shown?.key;
                return (
                  <button
                    key={part.key}
                    type="button"
                    className={`day-part${pressed ? ' day-part--shown' : ''}`}
                    aria-pressed={pressed}
                    aria-controls="slot-times"
                    onClick={() => setChosenPart(part.key)}
                  >
                    <span className="day-part__name">{name}</span>
                    <span className="day-part__count">{bookingPageTexts.fittingSlots(part.fitting)}</span>
                  </button>
                );
              })}
            </div>
          )}
          {shown && (
            <div
              id="slot-times"
              className="slots"
              role="group"
              aria-label={bookingPageTexts.timesIn(bookingPageTexts.dayPartNames[shown.key])}
            >
              {shown.slots.map((slot) => {
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
          {!loading && footer}
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
