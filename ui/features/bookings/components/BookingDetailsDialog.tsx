// The details of one booking (SPEC 2): customer, phone, date and time, dine in or take away,
// items with prices and total, comment, its history from the event log as a timeline, and the mails
// sent about it (rule: mail). An order without an e-mail (taken at the counter or on the phone) has
// "Skriv ut orderbekräftelse", its record of the sale as a PDF to print (rule: staff-order-record).
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { Dialog, closeDialogOf } from '../../../components/Dialog.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';
import { ContactLink } from '../../../components/ContactLink.js';
import { formatDateLong, formatKr } from '../../../lib/format.js';
import { getBooking, getBookingHistory, type BookingDetails, type BookingHistory } from '../api/bookings.js';
import { orderSourceText } from '../../../components/orderSourceTexts.js';
import { bookingStatusText, bookingTexts } from '../texts.js';
import type { KitchenStatus } from '../../../../domain/answers/booking.js';
import { statusLabel, stepLabel } from '../../../components/kitchenStatusTexts.js';
import { BookingMails } from '../../../components/admin/BookingMails.js';
import { needsPrintedRecord } from '../../../../domain/accounting/staffOrderRecord.js';
import { confirmationPdfPath } from '../api/bookings.js';

export function BookingDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [booking, setBooking] = useState<BookingDetails | null>(null);
  const [history, setHistory] = useState<BookingHistory | null>(null);
  // A booking that cannot be read closes the dialog (with the latest onClose, not a reason to read again).
  const failed = useEffectEvent(() => {
    toast.error(bookingTexts.detailsFailed);
    onClose();
  });
  useEffect(() => {
    getBooking(id).then(setBooking, () => failed());
    getBookingHistory(id).then(setHistory, () => setHistory(null));
  }, [id]);

  return (
    <Dialog title={bookingTexts.detailsTitle(id)} titleId="details-title" wide onClose={onClose}>
      {!booking ? (
        <p role="status">{bookingTexts.loading}</p>
      ) : (
        <>
          <span className={`badge badge--${booking.status}`}>{bookingStatusText[booking.status]}</span>
          <dl className="details">
            <dt>{bookingTexts.customer}</dt>
            <dd>{booking.name}</dd>
            <dt>{bookingTexts.email}</dt>
            <dd>
              <ContactLink scheme="mailto" value={booking.email} />
            </dd>
            <dt>{bookingTexts.phone}</dt>
            <dd>{booking.phone ? <ContactLink scheme="tel" value={booking.phone} /> : bookingTexts.none_}</dd>
            <dt>{bookingTexts.dateTime}</dt>
            <dd>{bookingTexts.at(formatDateLong(booking.booking_date), booking.booking_time)}</dd>
            <dt>{bookingTexts.source}</dt>
            <dd>{orderSourceText[booking.source]}</dd>
            <dt>{bookingTexts.earlierNoShows}</dt>
            <dd className={booking.earlier_no_shows > 0 ? 'details__warn' : undefined}>
              {bookingTexts.earlierNoShowsCount(booking.earlier_no_shows)}
            </dd>
            <dt>{bookingTexts.type}</dt>
            <dd>{booking.dine_in ? bookingTexts.dineIn : bookingTexts.takeAway}</dd>
            {booking.kitchen_status && (
              <>
                <dt>{bookingTexts.kitchen}</dt>
                <dd>{statusLabel(booking.kitchen_status, booking.dine_in)}</dd>
              </>
            )}
            <dt>{bookingTexts.comment}</dt>
            <dd>{booking.comment || bookingTexts.none_}</dd>
            {booking.payment && <PaymentDetails payment={booking.payment} />}
            {booking.cancel_reason && (
              <>
                <dt>{bookingTexts.cancelReason}</dt>
                <dd>{booking.cancel_reason}</dd>
              </>
            )}
          </dl>
          <ItemsTable lines={booking.items} caption={bookingTexts.pizzas}>
            {booking.discount_cents ? (
              <AmountRow label={bookingTexts.discount} cents={booking.discount_cents} kind="discount" />
            ) : null}
            <AmountRow label={bookingTexts.total} cents={booking.final_total_cents} kind="total" />
          </ItemsTable>
          {needsPrintedRecord(booking) && booking.status !== 'cancelled' && (
            <div className="print-confirmation">
              <p id="print-confirmation-hint" className="hint">
                {bookingTexts.printConfirmationHint}
              </p>
              <button
                type="button"
                className="btn btn--secondary"
                aria-describedby="print-confirmation-hint"
                onClick={() => window.open(confirmationPdfPath(booking.id), '_blank', 'noopener')}
              >
                {bookingTexts.printConfirmation}
              </button>
            </div>
          )}
          {history && history.length > 0 && (
            <section aria-labelledby="history-title">
              <h3 id="history-title">{bookingTexts.history}</h3>
              <ol className="timeline">
                {history.map((entry, i) => (
                  <li key={i}>
                    <strong>{historyTitle(entry, booking.dine_in)}</strong>{' '}
                    <time dateTime={entry.time}>{new Date(entry.time).toLocaleString('sv-SE')}</time> · {entry.actor}
                    {typeof entry.data.reason === 'string' && entry.data.reason ? ` · ”${entry.data.reason}”` : ''}
                    {moveNote(entry.data)}
                    {entry.data.capacity_override ? ` · ${bookingTexts.capacityOverride}` : ''}
                    {typeof entry.data.error_code === 'string'
                      ? ` · ${bookingTexts.errorCode(entry.data.error_code)}`
                      : ''}
                  </li>
                ))}
              </ol>
            </section>
          )}
          <BookingMails bookingId={booking.id} />
        </>
      )}
      <button type="button" className="btn btn--primary" onClick={(event) => closeDialogOf(event.currentTarget)}>
        {bookingTexts.close}
      </button>
    </Dialog>
  );
}

/** rule: swish-refund. The booking's Swish payment, and the refund of a cancelled paid booking. */
function PaymentDetails({ payment }: { payment: NonNullable<BookingDetails['payment']> }) {
  const { refund } = payment;
  return (
    <>
      <dt>{bookingTexts.paymentTitle}</dt>
      <dd data-payment={payment.status}>
        {bookingTexts.payment[payment.status]} · {formatKr(payment.amount_cents)}
      </dd>
      {refund && (
        <>
          <dt>{bookingTexts.refundTitle}</dt>
          <dd data-refund={refund.status} className={refund.status === 'failed' ? 'details__warn' : undefined}>
            {refund.status === 'failed'
              ? bookingTexts.refund.failed(refund.error_code)
              : bookingTexts.refund[refund.status]}{' '}
            · {formatKr(refund.amount_cents)}
            {refund.status === 'failed' && <span className="hint details__hint">{bookingTexts.refundFailedHint}</span>}
          </dd>
        </>
      )}
    </>
  );
}

/** What a history entry of a move adds (rule: reschedule): the new number or time, or where it came from. */
function moveNote(data: Record<string, unknown>): string {
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : '');
  if (text('moved_to'))
    return ` · ${bookingTexts.movedTo(text('moved_to'), text('booking_date'), text('booking_time'))}`;
  if (text('moved_from')) return ` · ${bookingTexts.movedFrom(text('moved_from'))}`;
  if (text('from_time')) return ` · ${text('from_time')} → ${text('booking_time')}`;
  return '';
}

/** An entry's title: the event's name, and for a kitchen step the step taken (I ugnen, Ångra, ...). */
function historyTitle(entry: BookingHistory[number], dineIn: boolean): string {
  const title = bookingTexts.events[entry.type] ?? entry.type;
  const step = entry.data.step;
  if (entry.type !== 'KitchenStepRecorded' || typeof step !== 'string') return title;
  return `${title}: ${step === 'undo' ? bookingTexts.kitchenUndo : stepLabel(step as KitchenStatus, dineIn)}`;
}
