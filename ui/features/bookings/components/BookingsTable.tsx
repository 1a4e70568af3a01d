// The bookings as a table on desktop and cards on a phone (SPEC 2), with show, confirm and cancel.
import { formatDateShort } from '../../../lib/format.js';
import type { BookingRow } from '../api/bookings.js';
import { bookingStatusText, bookingTexts } from '../texts.js';
import { statusLabel } from '../../../components/kitchenStatusTexts.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';

interface Props {
  bookings: BookingRow[];
  busy: string | null;
  enabled: boolean;
  onShow: (booking: BookingRow) => void;
  onConfirm: (booking: BookingRow) => void;
  onCancel: (booking: BookingRow) => void;
}

export function BookingsTable({ bookings, busy, enabled, onShow, onConfirm, onCancel }: Props) {
  return (
    <table className="bookings-table">
      <caption className="visually-hidden">{bookingTexts.table}</caption>
      <thead>
        <tr>
          <th scope="col">{bookingTexts.customer}</th>
          <th scope="col">{bookingTexts.dateTime}</th>
          <th scope="col">{bookingTexts.pizzas}</th>
          <th scope="col">{bookingTexts.status}</th>
          <th scope="col">{bookingTexts.actions}</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id} data-booking={b.id}>
            <td data-label={bookingTexts.customer}>
              <strong>{b.name}</strong>
              <br />
              <span className="muted">{b.email}</span>
            </td>
            <td data-label={bookingTexts.dateTime}>
              {bookingTexts.at(formatDateShort(b.booking_date), b.booking_time)}
              {b.delayed_to && (
                <>
                  <br />
                  <span className="badge badge--pending">{slotDelayTexts.delayedTo(b.delayed_to)}</span>
                </>
              )}
            </td>
            <td data-label={bookingTexts.pizzas}>
              {b.pizza_summary} <span className="muted">{bookingTexts.count(b.total_pizzas)}</span>
            </td>
            <td data-label={bookingTexts.status}>
              <span className={`badge badge--${b.status}`}>{bookingStatusText[b.status]}</span>
              {b.kitchen_status && (
                <>
                  {' '}
                  <span className="badge badge--kitchen">{statusLabel(b.kitchen_status, b.dine_in)}</span>
                </>
              )}
            </td>
            <td data-label={bookingTexts.actions}>
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={!enabled}
                  onClick={() => onShow(b)}
                  aria-label={bookingTexts.showLabel(b.id)}
                >
                  {bookingTexts.show}
                </button>
                {b.status === 'pending' && (
                  <>
                    <button
                      type="button"
                      className="btn btn--ok btn--small"
                      disabled={!enabled || busy === b.id}
                      onClick={() => onConfirm(b)}
                      aria-label={bookingTexts.confirmLabel(b.id)}
                    >
                      {bookingTexts.confirm}
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      disabled={!enabled || busy === b.id}
                      onClick={() => onCancel(b)}
                      aria-label={bookingTexts.cancelLabel(b.id)}
                    >
                      {bookingTexts.cancel}
                    </button>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
