// Skjut upp en tid (rule: slot-delay): every booked time of the day with its orders, pushed back
// 10, 15 or 20 minutes with one press (no picking orders one by one), and undone likewise.
import { DELAY_MINUTES } from '../../../../domain/kioskDay/counter.js';
import { delaySlot, undoSlotDelay } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';
import { CounterButton, type CounterCardProps } from './CounterButton.js';

export function DelayCard(
  props: CounterCardProps & {
    date: string;
    times: Array<{ time: string; orders: number }>;
  },
) {
  const { date, status, times, enabled, action, reload } = props;
  const idle = !enabled || action.busy !== null;
  const run = { action, reload };
  return (
    <section className="card counter-card" aria-labelledby="counter-delay">
      <h2 id="counter-delay">{texts.delayTitle}</h2>
      <p className="hint">{texts.delayIntro}</p>
      {times.length === 0 ? (
        <p>{texts.noTimes}</p>
      ) : (
        <ul className="counter-list">
          {times.map(({ time, orders }) => {
            const delay = status.delays.find((d) => d.time === time);
            return (
              <li key={time} className="counter-row">
                <div className="counter-row__text">
                  <strong className="counter-row__time">{time}</strong> <span>{texts.orders(orders)}</span>
                  {delay && (
                    <span className="badge badge--pending counter-row__badge">
                      {texts.delayed(delay.minutes, delay.delayed_to)}
                    </span>
                  )}
                </div>
                <div className="counter-choices">
                  {delay ? (
                    <CounterButton
                      label={texts.undoDelayLabel(time)}
                      idle={idle}
                      run={run}
                      busyKey={`undo-${time}`}
                      call={() => undoSlotDelay(date, time)}
                      texts={{ success: texts.undoneOk, failure: texts.delayFailed }}
                    >
                      {texts.undoDelay}
                    </CounterButton>
                  ) : (
                    DELAY_MINUTES.map((m) => (
                      <CounterButton
                        key={m}
                        label={texts.delayByLabel(time, m)}
                        idle={idle}
                        run={run}
                        busyKey={`delay-${time}`}
                        call={() => delaySlot({ date, time, minutes: m })}
                        texts={{ success: (r) => texts.delayedOk(r.orders), failure: texts.delayFailed }}
                      >
                        {texts.delayBy(m)}
                      </CounterButton>
                    ))
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
