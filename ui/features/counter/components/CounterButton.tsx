// A button of the counter screen that runs one call through the screen's useAction (busy, toast,
// reload): the cards hold many of them (back in stock, sold out, delay, undo), each named for its
// row for a screen reader.
import type { ReactNode } from 'react';
import type { DayStatus } from '../../../../domain/answers/counter.js';
import type { ActionTexts, useAction } from '../../../components/useAction.js';

export interface CounterRun {
  action: ReturnType<typeof useAction>;
  reload: () => unknown;
}

/** What the screen gives each card of the day: its status, whether it may act, and the one action runner. */
export interface CounterCardProps extends CounterRun {
  status: DayStatus;
  enabled: boolean;
}

export function CounterButton<T>({
  tone = 'secondary',
  label,
  idle,
  run: { action, reload },
  busyKey,
  call,
  texts,
  children,
}: {
  tone?: 'primary' | 'secondary';
  /** The accessible name, naming the row (left out where the text says it all). */
  label?: string;
  /** True while the screen is not hydrated or another action runs. */
  idle: boolean;
  run: CounterRun;
  /** What `action.busy` names while this call runs. */
  busyKey: string;
  call: () => Promise<T>;
  texts: ActionTexts<T>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn--${tone} counter-btn`}
      aria-label={label}
      disabled={idle}
      onClick={() => void action.run(busyKey, call, { ...texts, reload })}
    >
      {children}
    </button>
  );
}
