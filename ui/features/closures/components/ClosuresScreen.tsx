// /admin/calendar/closures (rules: closures, closure-bookings): the closures in effect (date range,
// reason, 'Varje år' for a yearly one), a form that closes a range, removing one, and the bookings
// already on a closure's dates with the one action that cancels them all with a message. The
// first list comes in the page's HTML (+data).
import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { closureBookings, deleteClosure, listClosures, type AffectedBooking, type Closure } from '../api/closures.js';
import { closureTexts } from '../texts.js';
import { AffectedBookingsDialog } from './AffectedBookingsDialog.js';
import { ClosureFormDialog } from './ClosureFormDialog.js';
import { ClosureItem } from './ClosureItem.js';
import '../closures.css';

type Open = { kind: 'new' } | { kind: 'bookings'; closure: Closure; bookings: AffectedBooking[] } | null;

/** closures: as the server read them for the first HTML; null when that failed. */
export function ClosuresScreen({ closures: initial }: { closures: Closure[] | null }) {
  const hydrated = useHydrated();
  const { data: closures, reload } = useReloadable(initial, listClosures, closureTexts.loadFailed);
  const [open, setOpen] = useState<Open>(null);
  const { busy, run } = useAction();
  const close = () => setOpen(null);

  /** The bookings on the closure's dates: a dialog to cancel them, or a note that there are none. */
  function showBookings(closure: Closure, bookings: AffectedBooking[]) {
    if (bookings.length === 0) {
      toast.success(closureTexts.noneAffected);
      setOpen(null);
    } else {
      setOpen({ kind: 'bookings', closure, bookings });
    }
  }

  function remove(closure: Closure) {
    if (!window.confirm(closureTexts.confirmRemove(closure.reason))) return;
    void run(String(closure.id), () => deleteClosure(closure.id), {
      success: closureTexts.removed,
      failure: closureTexts.removeFailed,
      reload,
    });
  }

  const readBookings = (closure: Closure) =>
    void run(String(closure.id), () => closureBookings(closure.id), {
      failure: closureTexts.bookingsFailed,
      reload: (bookings) => showBookings(closure, bookings),
    });

  return (
    <>
      <div className="admin-title">
        <h1>{closureTexts.title}</h1>
        <div className="actions">
          <a className="btn btn--secondary" href="/admin/calendar">
            <span aria-hidden="true">←</span> {closureTexts.toCalendar}
          </a>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!hydrated}
            onClick={() => setOpen({ kind: 'new' })}
          >
            {closureTexts.add}
          </button>
        </div>
      </div>
      <p className="hint closures-intro">{closureTexts.intro}</p>
      {closures === null ? (
        <LoadFailed text={closureTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : closures.length === 0 ? (
        <p className="card">{closureTexts.empty}</p>
      ) : (
        <ul className="closures" aria-label={closureTexts.listLabel}>
          {closures.map((closure) => (
            <ClosureItem
              key={closure.id}
              closure={closure}
              busy={busy === String(closure.id)}
              enabled={hydrated && busy === null}
              onBookings={() => readBookings(closure)}
              onRemove={() => remove(closure)}
            />
          ))}
        </ul>
      )}
      {open?.kind === 'new' && (
        <ClosureFormDialog
          onClose={close}
          onCreated={async ({ closure, affected_bookings }) => {
            await reload();
            showBookings(closure, affected_bookings);
          }}
        />
      )}
      {open?.kind === 'bookings' && (
        <AffectedBookingsDialog
          closure={open.closure}
          bookings={open.bookings}
          onClose={close}
          onDone={async () => {
            close();
            await reload();
          }}
        />
      )}
    </>
  );
}
