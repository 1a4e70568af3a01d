// /admin/bookings (SPEC 2): status and date filters kept in the address, a table on desktop and
// cards on a phone, details, and confirm or cancel (with a reason) for pending bookings. New and
// changed bookings appear by themselves.
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { usePageContext } from 'vike-react/usePageContext';
import { api, errorText } from '../../../lib/api.js';
import { STATUS_TEXT, a } from '../../../lib/adminTexts.js';
import { formatDateShort } from '../../../lib/format.js';
import { msg } from '../../../../domain/messages.js';
import { BookingDetails, type AdminBooking } from '../../../components/admin/BookingDetails.js';
import { useLiveBookings } from '../../../components/admin/useLiveBookings.js';

type Filters = { status: string; date: string };

export default function Page() {
  // The filters come from the address, on the server as in the browser: the first HTML already
  // shows them, and nothing changes after hydration.
  const { urlParsed } = usePageContext();
  const [filters, setFilters] = useState<Filters>(() => ({ status: urlParsed.search.status ?? '', date: urlParsed.search.date ?? '' }));
  const [bookings, setBookings] = useState<AdminBooking[] | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (current: Filters) => {
    const query = new URLSearchParams();
    if (current.status) query.set('status', current.status);
    if (current.date) query.set('date', current.date);
    try {
      setBookings(await api<AdminBooking[]>(`/admin/bookings${query.size ? `?${query}` : ''}`));
    } catch {
      toast.error(a.bookingsFailed);
    }
  }, []);
  useEffect(() => void load(filters), [filters, load]);
  useLiveBookings(() => void load(filters));

  function change(next: Filters) {
    setFilters(next);
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.date) query.set('date', next.date);
    window.history.replaceState(window.history.state, '', `/admin/bookings${query.size ? `?${query}` : ''}`);
  }

  async function confirm(booking: AdminBooking) {
    setBusy(booking.id);
    try {
      await api(`/admin/bookings/${encodeURIComponent(booking.id)}/confirm`, { method: 'PUT', body: {} });
      toast.success(a.confirmed);
      await load(filters);
    } catch (error) {
      toast.error(errorText(error, a.confirmFailed));
    } finally {
      setBusy(null);
    }
  }

  async function cancel(booking: AdminBooking) {
    const reason = window.prompt(a.cancelReasonPrompt);
    if (reason === null) return;
    if (!reason.trim()) return void toast.error(msg.cancelReasonRequired);
    setBusy(booking.id);
    try {
      await api(`/admin/bookings/${encodeURIComponent(booking.id)}/cancel`, { method: 'PUT', body: { reason: reason.trim() } });
      toast.success(a.cancelled);
      await load(filters);
    } catch (error) {
      toast.error(errorText(error, a.cancelFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className="admin-title">
        <h1>Bokningar</h1>
      </div>
      <form className="filters card" aria-label="Filter" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor="filter-status">
            Status
          </label>
          <select id="filter-status" className="field__control" value={filters.status} onChange={(e) => change({ ...filters, status: e.target.value })}>
            <option value="">Alla</option>
            <option value="pending">Väntande</option>
            <option value="confirmed">Bekräftade</option>
            <option value="cancelled">Avbokade</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-date">
            Datum
          </label>
          <select id="filter-date" className="field__control" value={filters.date} onChange={(e) => change({ ...filters, date: e.target.value })}>
            <option value="">Alla</option>
            <option value="today">Idag</option>
            <option value="tomorrow">Imorgon</option>
          </select>
        </div>
        <button type="button" className="btn btn--secondary" disabled={!filters.status && !filters.date} onClick={() => change({ status: '', date: '' })}>
          Rensa filter
        </button>
      </form>
      {bookings === null ? (
        <p role="status">{a.loading}</p>
      ) : bookings.length === 0 ? (
        <p className="card">Inga bokningar matchar filtret.</p>
      ) : (
        <table className="bookings-table">
          <caption className="visually-hidden">Bokningar</caption>
          <thead>
            <tr>
              <th scope="col">Kund</th>
              <th scope="col">Datum och tid</th>
              <th scope="col">Pizzor</th>
              <th scope="col">Status</th>
              <th scope="col">Åtgärder</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b) => (
              <tr key={b.id} data-booking={b.id}>
                <td data-label="Kund">
                  <strong>{b.name}</strong>
                  <br />
                  <span className="muted">{b.email}</span>
                </td>
                <td data-label="Datum och tid">
                  {formatDateShort(b.booking_date)} kl {b.booking_time}
                </td>
                <td data-label="Pizzor">
                  {b.pizza_summary} <span className="muted">({b.total_pizzas} st)</span>
                </td>
                <td data-label="Status">
                  <span className={`badge badge--${b.status}`}>{STATUS_TEXT[b.status]}</span>
                </td>
                <td data-label="Åtgärder">
                  <div className="row-actions">
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => setDetails(b.id)} aria-label={`Visa ${b.id}`}>
                      Visa
                    </button>
                    {b.status === 'pending' && (
                      <>
                        <button type="button" className="btn btn--ok btn--small" disabled={busy === b.id} onClick={() => void confirm(b)} aria-label={`Bekräfta ${b.id}`}>
                          Bekräfta
                        </button>
                        <button type="button" className="btn btn--danger btn--small" disabled={busy === b.id} onClick={() => void cancel(b)} aria-label={`Avboka ${b.id}`}>
                          Avboka
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {details && <BookingDetails id={details} onClose={() => setDetails(null)} />}
    </>
  );
}
