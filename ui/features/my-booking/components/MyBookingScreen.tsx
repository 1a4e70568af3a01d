// /my-booking (SPEC 2): look a booking up by e-mail and booking number, see it, cancel it while
// that is allowed. ?id=&email= fill the form and look up after 100 ms.
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api, errorText, isNetworkError } from '../../../lib/api.js';
import { formatDateLong } from '../../../lib/format.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';
import { STATUS_LABEL, customerTexts } from '../../../lib/texts.js';
import type { LookupAnswer } from '../../../../domain/answers/index.js';

export function MyBookingScreen() {
  const [email, setEmail] = useState('');
  const [bookingId, setBookingId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LookupAnswer | null>(null);
  const [cancelledNow, setCancelledNow] = useState(false);

  async function lookup(id: string, mail: string) {
    if (!id.trim() || !mail.trim()) return setError(customerTexts.lookupRequired);
    setBusy(true);
    setError('');
    try {
      setResult(await api<LookupAnswer>('/bookings/lookup', { body: { email: mail.trim(), booking_id: id.trim() } }));
      setCancelledNow(false);
      setTimeout(() => document.getElementById('booking-result')?.focus(), 0);
    } catch (e) {
      setResult(null);
      const text = isNetworkError(e) ? customerTexts.networkFailed : errorText(e, customerTexts.lookupFailed);
      setError(text);
      toast.error(text, { duration: 4000, id: 'lookup' });
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('id') ?? '';
    const mail = params.get('email') ?? '';
    if (id) setBookingId(id);
    if (mail) setEmail(mail);
    if (!id || !mail) return;
    const timer = setTimeout(() => void lookup(id, mail), 100);
    return () => clearTimeout(timer);
  }, []);

  async function cancel() {
    if (!result || !window.confirm(customerTexts.cancelConfirm)) return;
    setBusy(true);
    try {
      await api(`/bookings/${encodeURIComponent(result.booking.id)}/cancel-public`, { body: { email: result.booking.email } });
      toast.success(customerTexts.cancelled, { duration: 4000 });
      toast.success(customerTexts.cancelledMail, { duration: 4000 });
      setCancelledNow(true);
      setResult({ ...result, booking: { ...result.booking, status: 'cancelled' }, can_cancel: false });
    } catch (e) {
      toast.error(isNetworkError(e) ? customerTexts.networkFailed : errorText(e, customerTexts.cancelFailed), { duration: 4000 });
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setResult(null);
    setEmail('');
    setBookingId('');
    setError('');
    setCancelledNow(false);
    window.history.replaceState(window.history.state, '', '/my-booking');
    setTimeout(() => document.getElementById('lookup-email')?.focus(), 0);
  }

  const booking = result?.booking;
  return (
    <>
      <section className="hero hero--small">
        <h1>Min bokning</h1>
        <p>Se din beställning eller avboka den. Du hittar bokningsnumret i bekräftelsen och i e-posten.</p>
      </section>
      {!result ? (
        <form
          className="card lookup"
          noValidate
          aria-label="Hitta bokning"
          onSubmit={(e) => {
            e.preventDefault();
            void lookup(bookingId, email);
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor="lookup-email">
              E-post
            </label>
            <input id="lookup-email" className="field__control" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="lookup-id">
              Bokningsnummer
            </label>
            <input id="lookup-id" className="field__control" inputMode="text" placeholder="customerTexts.ex. 20261124-7" value={bookingId} onChange={(e) => setBookingId(e.target.value)} required />
          </div>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? 'Söker...' : 'Hitta bokning'}
          </button>
        </form>
      ) : (
        booking && (
          <section id="booking-result" className="card booking-result" tabIndex={-1} aria-labelledby="result-title">
            <div className="booking-result__head">
              <h2 id="result-title">Bokning {booking.id}</h2>
              <span className={`badge badge--${booking.status}`}>{STATUS_LABEL[booking.status] ?? booking.status}</span>
            </div>
            {cancelledNow && (
              <p className="notice notice--success" role="status">
                {customerTexts.cancelled} {customerTexts.cancelledMail}
              </p>
            )}
            <dl className="details">
              <dt>Status</dt>
              <dd>{STATUS_LABEL[booking.status] ?? booking.status}</dd>
              <dt>Bokningsnummer</dt>
              <dd>{booking.id}</dd>
              <dt>Datum</dt>
              <dd>{formatDateLong(booking.booking_date)}</dd>
              <dt>Tid</dt>
              <dd>{booking.booking_time}</dd>
              <dt>Namn</dt>
              <dd>{booking.name}</dd>
              <dt>E-post</dt>
              <dd>{booking.email}</dd>
              {booking.phone && (
                <>
                  <dt>Telefon</dt>
                  <dd>{booking.phone}</dd>
                </>
              )}
            </dl>
            <ItemsTable lines={result.items} caption="Pizzor">
              <AmountRow label="Totalt" cents={booking.final_total_cents} kind="total" />
            </ItemsTable>
            <div className="actions">
              {booking.status !== 'cancelled' && (
                <a className="btn btn--secondary" href={`/api/bookings/${encodeURIComponent(booking.id)}/calendar.ics?email=${encodeURIComponent(booking.email)}`} download>
                  Lägg till i kalendern
                </a>
              )}
              {result.can_cancel ? (
                <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void cancel()}>
                  Avboka
                </button>
              ) : (
                booking.status !== 'cancelled' && (
                  <p className="notice" role="note">
                    Det är för sent att avboka online (mindre än 24 timmar kvar). Ring kiosken om du behöver ändra något.
                  </p>
                )
              )}
              <button type="button" className="btn btn--ghost" onClick={reset}>
                Sök ny bokning
              </button>
            </div>
          </section>
        )
      )}
    </>
  );
}
