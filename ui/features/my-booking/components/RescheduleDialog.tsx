// 'Flytta bokningen' (rule: reschedule): a new date from the open days and a slot with room for the
// booking's pizzas, the way the booking page offers them; the server decides and answers the
// booking at its new time (a new number when the date changed). Slot states read without colour.
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { formatDateLong } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import type { Slot } from '../../../../domain/answers/index.js';
import {
  openDays,
  rescheduleBooking,
  rescheduleSlots,
  type LookupAnswer,
  type RescheduleAnswer,
} from '../api/myBooking.js';
import { myBookingTexts } from '../texts.js';
import '../my-booking.css';

interface Props {
  booking: LookupAnswer['booking'];
  /** capacity_per_window: a slot with all of it left is 'Ledigt'. */
  capacity: number;
  onClose: () => void;
  onMoved: (answer: RescheduleAnswer) => void;
}

export function RescheduleDialog({ booking, capacity, onClose, onMoved }: Props) {
  const [dates, setDates] = useState<string[] | null>(null);
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [time, setTime] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    openDays()
      // Open days only: the move carries no VIP token, so VIP dates would be refused. The booking's
      // own date is offered too, also a VIP day it is on (a move there changes only the time).
      .then(
        (answer) =>
          live && setDates([...new Set([...answer.open_days.map((d) => d.date), booking.booking_date])].sort()),
      )
      .catch(() => live && (setDates([]), setError(myBookingTexts.daysFailed)));
    return () => {
      live = false;
    };
  }, [booking.booking_date]);

  // A new date: its slots are read (the time and the slots shown were cleared as it was chosen).
  useEffect(() => {
    if (!date) return;
    let live = true;
    rescheduleSlots(booking.id, booking.email, date)
      .then((answer) => live && setSlots(answer.slots))
      .catch(() => live && (setSlots([]), setError(myBookingTexts.slotsFailed)));
    return () => {
      live = false;
    };
  }, [date, booking.id, booking.email]);

  async function submit() {
    if (!date || !time) return setError(!date ? myBookingTexts.chooseDate : myBookingTexts.chooseNewTime);
    setBusy(true);
    setError('');
    try {
      onMoved(await rescheduleBooking(booking.id, { email: booking.email, date, time }));
    } catch (e) {
      setError(isNetworkError(e) ? customerTexts.networkFailed : errorText(e, myBookingTexts.rescheduleFailed));
    } finally {
      setBusy(false);
    }
  }

  function chooseDate(next: string) {
    setDate(next);
    setTime('');
    setSlots(null);
  }

  const isCurrent = (slot: Slot) => date === booking.booking_date && slot.time === booking.booking_time;
  const label = (slot: Slot) => {
    if (isCurrent(slot)) return myBookingTexts.currentTime;
    if (slot.capacity_remaining <= 0) return customerTexts.full;
    if (slot.capacity_remaining < capacity) return customerTexts.onlyLeft(slot.capacity_remaining);
    return customerTexts.free;
  };
  const fitting = slots?.some((s) => s.can_accommodate && !isCurrent(s)) ?? false;

  return (
    <FormDialog
      title={myBookingTexts.rescheduleTitle}
      submitLabel={myBookingTexts.move}
      busyLabel={myBookingTexts.moving}
      busy={busy}
      error={error}
      errorId="reschedule-error"
      onClose={onClose}
      onSubmit={() => void submit()}
      className="reschedule"
    >
      <p className="hint">{myBookingTexts.rescheduleIntro(booking.total_pizzas)}</p>
      <Field id="reschedule-date" label={myBookingTexts.newDate}>
        <select
          {...fieldControl('reschedule-date')}
          value={date}
          disabled={dates === null}
          onChange={(e) => chooseDate(e.target.value)}
        >
          <option value="">{dates === null ? myBookingTexts.loadingDays : myBookingTexts.chooseDate}</option>
          {dates?.map((d) => (
            <option key={d} value={d}>
              {formatDateLong(d)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="reschedule__times" aria-busy={date !== '' && slots === null ? true : undefined}>
        <legend className="field__label">{myBookingTexts.newTime}</legend>
        {!date ? (
          <p className="hint">{myBookingTexts.chooseDateFirst}</p>
        ) : slots === null ? (
          <p className="hint" role="status">
            {myBookingTexts.loadingSlots}
          </p>
        ) : (
          <>
            {slots.length > 0 && (
              <div className="slots">
                {slots.map((slot) => {
                  const text = label(slot);
                  const state =
                    isCurrent(slot) || slot.capacity_remaining <= 0
                      ? 'full'
                      : text === customerTexts.free
                        ? 'free'
                        : 'few';
                  const selected = slot.time === time;
                  return (
                    <button
                      key={slot.time}
                      type="button"
                      className={`slot slot--${state}${selected ? ' slot--selected' : ''}`}
                      disabled={!slot.can_accommodate || isCurrent(slot) || busy}
                      aria-pressed={selected}
                      aria-label={`${slot.time}, ${text}`}
                      onClick={() => setTime(slot.time)}
                    >
                      <span className="slot__time">{slot.time}</span>
                      <span className="slot__label">{text}</span>
                    </button>
                  );
                })}
              </div>
            )}
            {!fitting && (
              <p className="notice" role="status">
                {myBookingTexts.noSlotFits}
              </p>
            )}
          </>
        )}
      </fieldset>
    </FormDialog>
  );
}
