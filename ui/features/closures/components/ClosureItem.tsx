// One closure in the list: its dates (day and month only for a yearly one, marked 'Varje år'),
// its reason, the bookings on its dates and removing it.
import dayjs from '../../../lib/dayjs.js';
import type { Closure } from '../api/closures.js';
import { closureTexts } from '../texts.js';
import { RowActions } from '../../../components/admin/RowActions.js';

/** '1 juli 2027 – 14 juli 2027', or for a yearly closure '24 december – 26 december'. */
export function rangeText(closure: Closure): string {
  const format = (date: string) => dayjs(date).format(closure.recurring ? 'D MMMM' : 'D MMMM YYYY');
  return closureTexts.range(format(closure.from), format(closure.to));
}

interface Props {
  closure: Closure;
  busy: boolean;
  enabled: boolean;
  onBookings: () => void;
  onRemove: () => void;
}

export function ClosureItem({ closure, busy, enabled, onBookings, onRemove }: Props) {
  const range = rangeText(closure);
  return (
    <li className="closure card" data-closure={closure.id} aria-busy={busy || undefined}>
      <div className="closure__text">
        <p className="closure__range">
          <strong>{range}</strong>
        </p>
        <p className="closure__reason">{closure.reason}</p>
        <span className={`badge ${closure.recurring ? 'badge--yearly' : 'badge--once'}`}>
          {closure.recurring ? closureTexts.everyYear : closureTexts.once}
        </span>
      </div>
      <RowActions
        className="closure__actions"
        actions={[
          {
            text: closureTexts.showBookings,
            label: closureTexts.showBookingsLabel(closure.reason),
            onClick: onBookings,
            disabled: !enabled,
          },
          {
            tone: 'danger',
            text: closureTexts.remove,
            label: closureTexts.removeLabel(closure.reason, range),
            onClick: onRemove,
            disabled: !enabled,
          },
        ]}
      />
    </li>
  );
}
