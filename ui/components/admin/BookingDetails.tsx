// The details of one booking (SPEC 2): customer, phone, date and time, dine in or take away,
// items with prices and total, comment, and its history from the event log as a timeline.
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.js';
import { STATUS_TEXT, a } from '../../lib/adminTexts.js';
import { formatDateLong } from '../../lib/format.js';
import { AmountRow, ItemsTable } from '../ItemsTable.js';
import type { Booking } from '../../lib/types.js';

export interface AdminBooking extends Booking {
  comment?: string | null;
  pizza_summary?: string;
  total_pizzas?: number;
  cancel_reason?: string | null;
}

interface HistoryEntry {
  type: string;
  time: string;
  actor: string;
  data?: Record<string, unknown>;
}

const EVENT_TEXT: Record<string, string> = {
  BookingPlaced: 'Bokning mottagen',
  BookingConfirmed: 'Bekräftad',
  BookingCancelled: 'Avbokad',
};

export function BookingDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [booking, setBooking] = useState<AdminBooking | null>(null);
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    api<AdminBooking>(`/admin/bookings/${encodeURIComponent(id)}`).then(setBooking, () => {
      toast.error(a.detailsFailed);
      close.current();
    });
    api<HistoryEntry[] | { history: HistoryEntry[] }>(`/admin/bookings/${encodeURIComponent(id)}/history`).then(
      (answer) => setHistory(Array.isArray(answer) ? answer : answer.history),
      () => setHistory(null),
    );
  }, [id]);

  return (
    <dialog ref={dialog} className="modal modal--wide" aria-labelledby="details-title" onClose={onClose}>
      <div className="modal__body">
        <h2 id="details-title">Bokning {id}</h2>
        {!booking ? (
          <p role="status">{a.loading}</p>
        ) : (
          <>
            <span className={`badge badge--${booking.status}`}>{STATUS_TEXT[booking.status]}</span>
            <dl className="details">
              <dt>Kund</dt>
              <dd>{booking.name}</dd>
              <dt>E-post</dt>
              <dd>
                <a href={`mailto:${booking.email}`}>{booking.email}</a>
              </dd>
              <dt>Telefon</dt>
              <dd>{booking.phone ? <a href={`tel:${booking.phone}`}>{booking.phone}</a> : '–'}</dd>
              <dt>Datum och tid</dt>
              <dd>
                {formatDateLong(booking.booking_date)} kl {booking.booking_time}
              </dd>
              <dt>Typ</dt>
              <dd>{booking.dine_in ? 'Äta på plats' : 'Avhämtning'}</dd>
              <dt>Kommentar</dt>
              <dd>{booking.comment || '–'}</dd>
              {booking.cancel_reason && (
                <>
                  <dt>Anledning till avbokning</dt>
                  <dd>{booking.cancel_reason}</dd>
                </>
              )}
            </dl>
            <ItemsTable lines={booking.items} caption="Pizzor">
              {booking.discount_cents ? <AmountRow label="Rabatt" cents={booking.discount_cents} kind="discount" /> : null}
              <AmountRow label="Totalt" cents={booking.final_total_cents} kind="total" />
            </ItemsTable>
            {history && history.length > 0 && (
              <section aria-labelledby="history-title">
                <h3 id="history-title">Historik</h3>
                <ol className="timeline">
                  {history.map((entry, i) => (
                    <li key={i}>
                      <strong>{EVENT_TEXT[entry.type] ?? entry.type}</strong>{' '}
                      <time dateTime={entry.time}>{new Date(entry.time).toLocaleString('sv-SE')}</time> · {entry.actor}
                      {typeof entry.data?.reason === 'string' && entry.data.reason ? ` · ”${entry.data.reason}”` : ''}
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </>
        )}
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Stäng
        </button>
      </div>
    </dialog>
  );
}
