// /admin/bookings (SPEC 2): status and date filters kept in the address, a table on desktop and
// cards on a phone, details, and confirm or cancel (with a reason) for pending bookings. The first
// list comes in the page's HTML (+data, with the address's filters); new and changed bookings
// appear by themselves. Under the list, the waitlist's queue, which the page passes in (`queue`).
import { useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { check } from '../../../lib/formErrors.js';
import { confirmBooking } from '../../../components/admin/bookingCalls.js';
import {
  BOOKINGS_PATH,
  cancelBooking,
  filterQuery,
  listBookings,
  staffCancelSchema,
  type BookingRow,
  type BookingFilters,
} from '../api/bookings.js';
import { useLiveBookings } from '../../../components/live/useLiveBookings.js';
import { bookingTexts } from '../texts.js';
import { BookingDetailsDialog } from './BookingDetailsDialog.js';
import { BookingFiltersForm } from './BookingFiltersForm.js';
import { BookingsTable } from './BookingsTable.js';

/** What the queue under the list follows: the filtered date, the list (read again on every change) and the waitlist's live changes. */
export interface QueueState {
  date: string;
  version: unknown;
  changes: number;
}

export function BookingsScreen({
  filters: initialFilters,
  bookings: initial,
  queue,
  newOrder,
}: {
  filters: BookingFilters;
  bookings: BookingRow[] | null;
  /** The staff's waitlist queue (rule: waitlist), shown once hydrated. */
  queue?: (state: QueueState) => ReactNode;
  /** "Ny beställning" (rule: staff-orders), which the page passes in: for the filtered date, reloading the list once placed. */
  newOrder?: (state: { date: string; enabled: boolean; onPlaced: () => void }) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [filters, setFilters] = useState(initialFilters);
  const {
    data: bookings,
    setData: setBookings,
    reload,
  } = useReloadable(initial, () => listBookings(filters), bookingTexts.loadFailed);
  const [details, setDetails] = useState<string | null>(null);
  const { busy, run } = useAction();
  // The queue is read again on every booking change (a cancellation may make an offer) and every waitlist change.
  const [queueChanges, setQueueChanges] = useState(0);
  const { connected } = useLiveBookings(
    () => void reload(),
    () => setQueueChanges((n) => n + 1),
  );

  function change(next: BookingFilters) {
    setFilters(next);
    window.history.replaceState(window.history.state, '', `${BOOKINGS_PATH}${filterQuery(next)}`);
    listBookings(next).then(setBookings, () => toast.error(bookingTexts.loadFailed));
  }

  function confirm(booking: BookingRow) {
    void run(booking.id, () => confirmBooking(booking.id), {
      success: bookingTexts.confirmed,
      failure: bookingTexts.confirmFailed,
      reload,
    });
  }

  function cancel(booking: BookingRow) {
    const reason = window.prompt(bookingTexts.cancelReasonPrompt);
    if (reason === null) return;
    const checked = check(staffCancelSchema, { reason });
    if (!checked.ok) return void toast.error(checked.errors.reason ?? bookingTexts.cancelFailed);
    void run(booking.id, () => cancelBooking(booking.id, checked.data), {
      success: bookingTexts.cancelled,
      failure: bookingTexts.cancelFailed,
      reload,
    });
  }

  return (
    <div data-live={connected ? 'on' : 'off'}>
      <div className="admin-title">
        <h1>{bookingTexts.title}</h1>
        {newOrder?.({ date: filters.date, enabled: hydrated, onPlaced: () => void reload() })}
      </div>
      <BookingFiltersForm filters={filters} onChange={change} enabled={hydrated} />
      {bookings === null ? (
        <LoadFailed text={bookingTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : bookings.length === 0 ? (
        <p className="card">{bookingTexts.none}</p>
      ) : (
        <BookingsTable
          bookings={bookings}
          busy={busy}
          enabled={hydrated}
          onShow={(b) => setDetails(b.id)}
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
      {hydrated && queue?.({ date: filters.date, version: bookings, changes: queueChanges })}
      {details && <BookingDetailsDialog id={details} onClose={() => setDetails(null)} />}
    </div>
  );
}
