// The bookings as a table on desktop and cards on a phone (SPEC 2), with show, confirm and cancel.
import { formatDateShort } from '../../../lib/format.js';
import type { BookingRow } from '../api/bookings.js';
import { bookingStatusText, bookingTexts } from '../texts.js';
import { statusLabel } from '../../../components/kitchenStatusTexts.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';
import { RowActions } from '../../../components/admin/RowActions.js';
import { AdminTable } from '../../../components/admin/AdminTable.js';

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
    <AdminTable
      caption={bookingTexts.table}
      columns={[
        bookingTexts.customer,
        bookingTexts.dateTime,
        bookingTexts.pizzas,
        bookingTexts.status,
        bookingTexts.actions,
      ]}
    >
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
            {b.payment && b.status !== 'cancelled' && (
              <>
                {' '}
                <span className="badge badge--kitchen" data-payment={b.payment.status}>
                  {bookingTexts.payment[b.payment.status]}
                </span>
              </>
            )}
            {b.payment?.refund && (
              <>
                {' '}
                <span
                  className={`badge ${b.payment.refund.status === 'failed' ? 'badge--cancelled' : 'badge--kitchen'}`}
                  data-refund={b.payment.refund.status}
                >
                  {b.payment.refund.status === 'failed'
                    ? bookingTexts.refund.failed(b.payment.refund.error_code)
                    : bookingTexts.refund[b.payment.refund.status]}
                </span>
              </>
            )}
            {b.kitchen_status && (
              <>
                {' '}
                <span className="badge badge--kitchen">{statusLabel(b.kitchen_status, b.dine_in)}</span>
              </>
            )}
          </td>
          <td data-label={bookingTexts.actions}>
            <RowActions
              actions={[
                {
                  text: bookingTexts.show,
                  label: bookingTexts.showLabel(b.id),
                  onClick: () => onShow(b),
                  disabled: !enabled,
                },
                // rule: swish-payment: confirmed once paid, not before.
                b.status === 'pending' &&
                  b.payment?.status !== 'requested' && {
                    tone: 'ok',
                    text: bookingTexts.confirm,
                    label: bookingTexts.confirmLabel(b.id),
                    onClick: () => onConfirm(b),
                    disabled: !enabled || busy === b.id,
                  },
                b.status === 'pending' && {
                  tone: 'danger',
                  text: bookingTexts.cancel,
                  label: bookingTexts.cancelLabel(b.id),
                  onClick: () => onCancel(b),
                  disabled: !enabled || busy === b.id,
                },
              ]}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
