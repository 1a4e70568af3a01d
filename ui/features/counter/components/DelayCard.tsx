// Skjut upp en tid (rule: slot-delay): every booked time of the day with its orders, pushed back
// 10, 15 or 20 minutes with one press (no picking orders one by one), and undone likewise.
import type { DayStatus } from '../../../../domain/answers/counter.js';
import { DELAY_MINUTES } from '../../../../domain/kioskDay/counter.js';
import type { useAction } from '../../../components/useAction.js';
import { delaySlot, undoSlotDelay } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';

export function DelayCard(props: {
  date: string;
  status: DayStatus;
  times: Array<{ time: string; orders: number }>;
  enabled: boolean;
  action: ReturnType<typeof useAction>;
  reload: () => unknown;
}) {
  const { date, status, times, enabled, action, reload } = props;
  const idle = !enabled || action.busy !== null;
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
                    <button
                      type="button"
                      className="btn btn--secondary counter-btn"
                      aria-label={texts.undoDelayLabel(time)}
                      disabled={idle}
                      onClick={() =>
                        void action.run(`undo-${time}`, () => undoSlotDelay(date, time), {
                          success: texts.undoneOk,
                          failure: texts.delayFailed,
                          reload,
                        })
                      }
                    >
                      {texts.undoDelay}
                    </button>
                  ) : (
                    DELAY_MINUTES.map((m) => (
                      <button
                        key={m}
                        type="button"
                        className="btn btn--secondary counter-btn"
                        aria-label={texts.delayByLabel(time, m)}
                        disabled={idle}
                        onClick={() =>
                          void action.run(`delay-${time}`, () => delaySlot({ date, time, minutes: m }), {
                            success: (r) => texts.delayedOk(r.orders),
                            failure: texts.delayFailed,
                            reload,
                          })
                        }
                      >
                        {texts.delayBy(m)}
                      </button>
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
