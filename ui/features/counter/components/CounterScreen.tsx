// /admin/counter, the counter's evening (issue 29): pause web bookings, push a slot back, mark
// what runs out and offer its bookings a swap, set daily stock. A day of the address's ?date=
// (none: today); everything read again after each change and on every booking change (live).
import { useCallback, useEffect, useState } from 'react';
import dayjs from '../../../lib/dayjs.js';
import { formatDateLong } from '../../../lib/format.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useLiveBookings } from '../../../components/live/useLiveBookings.js';
import type { DayStatus } from '../../../../domain/answers/counter.js';
import type { Pizza } from '../../../../domain/answers/menu.js';
import {
  counterPath,
  getBookedTimes,
  getDayStatus,
  getPizzas,
  getSoldOutBookings,
  type SoldOutBooking,
  type SwishOrder,
} from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';
import { PauseCard } from './PauseCard.js';
import { DelayCard } from './DelayCard.js';
import { SoldOutCard } from './SoldOutCard.js';
import { BaseStockCard } from './BaseStockCard.js';
import { SwishCard } from './SwishCard.js';
import { Field } from '../../../components/Field.js';
import type { CounterCardProps } from './CounterButton.js';
import '../counter.css';

interface CounterDay {
  status: DayStatus;
  today: string;
  pizzas: Pizza[];
  times: Array<{ time: string; orders: number }>;
  swish: SwishOrder[];
  holding: Map<number, SoldOutBooking[]>;
}

async function loadDay(date: string | null): Promise<CounterDay> {
  const [status, today, pizzas] = await Promise.all([
    getDayStatus(date),
    date ? getDayStatus(null).then((s) => s.date) : Promise.resolve(null),
    getPizzas(),
  ]);
  const [{ times, swish }, holding] = await Promise.all([
    getBookedTimes(status.date),
    Promise.all(
      status.sold_out.map(async (m) => [m.pizza_id, await getSoldOutBookings(m.pizza_id, status.date)] as const),
    ),
  ]);
  return {
    status,
    today: today ?? status.date,
    pizzas: pizzas.filter((p) => p.active === 1),
    times,
    swish,
    holding: new Map(holding),
  };
}

export function CounterScreen({ requested }: { requested: string | null }) {
  const hydrated = useHydrated();
  const [date, setDate] = useState<string | null>(requested);
  const [day, setDay] = useState<CounterDay | null | undefined>(undefined);
  const action = useAction();
  const reload = useCallback(
    () =>
      loadDay(date).then(
        (next) => setDay(next),
        () => setDay((current) => current ?? null),
      ),
    [date],
  );
  useEffect(() => {
    let current = true;
    loadDay(date).then(
      (next) => current && setDay(next),
      () => current && setDay(null),
    );
    return () => {
      current = false;
    };
  }, [date]);
  useLiveBookings(() => void reload());

  function go(next: string) {
    setDate(next);
    window.history.replaceState(window.history.state, '', counterPath(next === day?.today ? null : next));
  }

  const shown = day?.status.date ?? date;
  /** What every card of the day is given. */
  const card = (shownDay: CounterDay): CounterCardProps => ({
    status: shownDay.status,
    enabled: hydrated,
    action,
    reload,
  });

  return (
    <div className="counter">
      <div className="admin-title">
        <div>
          <h1>{texts.title}</h1>
          <p className="hint">{texts.intro}</p>
        </div>
      </div>
      <div className="card counter-date">
        <Field id="counter-date" label={texts.date} className="counter-inline__field">
          <input
            id="counter-date"
            className="field__control"
            type="date"
            value={shown ?? ''}
            min={day?.today}
            disabled={!hydrated}
            onChange={(e) => e.target.value && go(e.target.value)}
          />
        </Field>
        {shown && <p className="counter-date__long">{formatDateLong(shown)}</p>}
      </div>
      {day === null ? (
        <LoadFailed text={texts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : day === undefined ? null : (
        <div className="counter-cards">
          {day.swish.length > 0 && <SwishCard orders={day.swish} />}
          <PauseCard {...card(day)} isToday={day.status.date === day.today} />
          <DelayCard
            {...card(day)}
            date={day.status.date}
            times={day.times}
            enabled={hydrated && !dayjs(day.status.date).isBefore(day.today)}
          />
          <SoldOutCard {...card(day)} date={day.status.date} pizzas={day.pizzas} holding={day.holding} />
          <BaseStockCard {...card(day)} pizzas={day.pizzas} />
        </div>
      )}
    </div>
  );
}
