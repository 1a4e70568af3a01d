// The chosen date's slots for the chosen count, kept current: read again when the public live
// stream tells of the date (sold out, stock, pause, capacity taken or freed: issue 29) and after
// offline bookings were synced; the first slot that holds the whole order is chosen when the
// current time no longer fits.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { toast } from '../../../lib/toast.js';
import { syncedAtom } from '../../../state/connectivity.js';
import { dateAtom, pizzaCountAtom, timeAtom } from '../../../state/booking.js';
import { useAvailability } from '../api/useAvailability.js';
import { useDayStatus } from '../api/useDayStatus.js';
import { unavailablePizzas } from '../lib/counterStatus.js';
import { counterTexts } from '../counterTexts.js';

export function useBookableSlots(vipToken: string | null) {
  const date = useAtomValue(dateAtom);
  const count = useAtomValue(pizzaCountAtom);
  const [time, setTime] = useAtom(timeAtom);
  const synced = useAtomValue(syncedAtom);
  const clearTime = useCallback(() => setTime(''), [setTime]);
  const availability = useAvailability(date, count, vipToken, clearTime);
  const { slots, refresh } = availability;
  // Sold out, stock and pause (issue 29), heard of through the public live stream, which also
  // tells of capacity taken or freed on the chosen date: the slots are read again at once.
  const liveRefresh = useRef(false);
  const counter = useDayStatus(date, () => {
    liveRefresh.current = true;
    refresh(0);
  });
  const todayDate = counter.today?.date ?? null;
  const unavailable = useMemo(
    () => unavailablePizzas(counter.status, date, time, todayDate),
    [counter.status, date, time, todayDate],
  );

  // The first slot that holds the whole order is chosen when the current time no longer fits.
  useEffect(() => {
    const live = liveRefresh.current;
    liveRefresh.current = false;
    if (slots.some((s) => s.time === time && s.can_accommodate)) return;
    // Someone else took the chosen time while the page was open: say so, not just move it.
    if (live && time) toast(counterTexts.timeTaken(time), { duration: 6000, id: 'time-taken' });
    const first = slots.find((s) => s.can_accommodate);
    if (first || time) setTime(first?.time ?? '');
  }, [slots, time, setTime]);

  // After offline bookings were synced, the slots they took are no longer free.
  useEffect(() => {
    if (synced > 0) refresh(0);
  }, [synced, refresh]);

  return { availability, today: counter.today, unavailable, slot: slots.find((s) => s.time === time) ?? null };
}
