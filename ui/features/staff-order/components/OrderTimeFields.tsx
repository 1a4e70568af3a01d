// When: the date (the screen's day unless staff change it) and the time, each slot labelled with
// what it has left as the booking page words it.
import { Field, fieldControl } from '../../../components/Field.js';
import { formatDateLong } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import type { Slot } from '../../../../domain/answers/booking.js';
import { staffOrderTexts as texts } from '../texts.js';
import type { FieldId } from './OrderCustomerFields.js';

/** A slot's state as the booking page words it (its label reads without colour). */
const slotState = (slot: Slot, capacity: number) =>
  slot.capacity_remaining <= 0
    ? customerTexts.full
    : slot.capacity_remaining < capacity
      ? customerTexts.onlyLeft(slot.capacity_remaining)
      : customerTexts.free;

export function OrderTimeFields({
  field,
  date,
  time,
  slots,
  slotsMessage,
  capacity,
  onDate,
  onTime,
}: {
  field: FieldId;
  date: string;
  time: string | null;
  slots: readonly Slot[];
  /** Why the date has no slots. */
  slotsMessage: string | null;
  capacity: number;
  onDate: (date: string) => void;
  onTime: (time: string | null) => void;
}) {
  return (
    <div className="form-grid">
      <Field id={field('date')} label={texts.date} hint={formatDateLong(date)}>
        <input
          {...fieldControl(field('date'), undefined, formatDateLong(date))}
          type="date"
          value={date}
          onChange={(e) => {
            if (e.target.value) onDate(e.target.value);
          }}
        />
      </Field>
      <Field id={field('time')} label={texts.time} hint={slotsMessage ?? undefined}>
        <select
          {...fieldControl(field('time'), undefined, slotsMessage ?? undefined)}
          value={time ?? ''}
          onChange={(e) => onTime(e.target.value || null)}
        >
          {slots.length === 0 && <option value="">{texts.noSlots}</option>}
          {slots.map((slot) => (
            <option key={slot.time} value={slot.time}>
              {texts.slotOption(slot.time, slotState(slot, capacity))}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
