// The day the kitchen board shows: the first board from the page's HTML (+data), another day
// chosen (the address follows, without ?date= for today), and read again whenever a booking
// changes (the admin live stream).
import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import dayjs from '../../../lib/dayjs.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { useLiveBookings } from '../../../components/live/useLiveBookings.js';
import { getKitchenDay, kitchenPath, type KitchenDayView } from '../api/kitchen.js';
import { kitchenTexts } from '../texts.js';

const ISO = 'YYYY-MM-DD';

/** initial: as the server read it for the first HTML (null when that failed); requested: the address's ?date=. */
export function useKitchenDay(initial: KitchenDayView | null, requested: string | null) {
  const [date, setDate] = useState<string | null>(initial?.date ?? requested);
  const { data: day, setData, reload } = useReloadable(initial, () => getKitchenDay(date), kitchenTexts.loadFailed);
  const { connected } = useLiveBookings(() => void reload());
  const shown = day?.date ?? date;
  const today = day?.today ?? null;

  function go(next: string | null) {
    const target = next === today ? null : next;
    setDate(next);
    window.history.replaceState(window.history.state, '', kitchenPath(target));
    getKitchenDay(next).then(setData, () => toast.error(kitchenTexts.loadFailed));
  }

  /** The day before or after the shown one. */
  const shift = (days: number) => day && go(dayjs(day.date).add(days, 'day').format(ISO));

  return { day, shown, today, connected, reload, go, shift };
}
