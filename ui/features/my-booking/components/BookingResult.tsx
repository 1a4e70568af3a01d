// The booking found on /my-booking: what was just done to it, its details and pizzas, and what the
// customer can do (the calendar file; move or cancel while that is allowed, else the kiosk's
// cut-off; search again).
import type { MyBooking } from '../hooks/useMyBooking.js';
import type { LookupAnswer } from '../api/myBooking.js';
import { calendarFileUrl } from '../../../lib/bookingLinks.js';
import { formatHours } from '../../../lib/format.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';
import { STATUS_LABEL, myBookingTexts } from '../texts.js';
import { BookingDetails } from './BookingDetails.js';
import { RescheduleDialog } from './RescheduleDialog.js';

export function BookingResult({ result, my }: { result: LookupAnswer; my: MyBooking }) {
  const { booking } = result;
  const { cancelledNow, movedNow, followedFrom } = my.notices;
  return (
    <section id="booking-result" className="card booking-result" tabIndex={-1} aria-labelledby="result-title">
      <div className="booking-result__head">
        <h2 id="result-title">{myBookingTexts.bookingTitle(booking.id)}</h2>
        <span className={`badge badge--${booking.status}`}>{STATUS_LABEL[booking.status] ?? booking.status}</span>
      </div>
      {movedNow && (
        <p className="notice notice--success" role="status">
          {myBookingTexts.moved} {movedNow.from !== booking.id ? myBookingTexts.newNumber(booking.id) : ''}{' '}
          {myBookingTexts.movedMail}
        </p>
      )}
      {followedFrom && !movedNow && (
        <p className="notice" role="status">
          {myBookingTexts.followedMove(followedFrom, booking.id)}
        </p>
      )}
      {cancelledNow && (
        <p className="notice notice--success" role="status">
          {myBookingTexts.cancelled} {myBookingTexts.cancelledMail}
        </p>
      )}
      {booking.delayed_to && booking.status !== 'cancelled' && (
        <p className="notice" role="status">
          {slotDelayTexts.customerNotice(booking.delayed_to, booking.booking_time)}
        </p>
      )}
      <BookingDetails result={result} />
      <ItemsTable lines={result.items} caption={myBookingTexts.pizzas}>
        <AmountRow label={myBookingTexts.total} cents={booking.final_total_cents} kind="total" />
      </ItemsTable>
      <BookingActions result={result} my={my} />
      {my.rescheduling && (
        <RescheduleDialog
          booking={booking}
          capacity={my.terms.capacity}
          onClose={() => my.setRescheduling(false)}
          onMoved={(answer) => void my.moved(answer)}
        />
      )}
    </section>
  );
}

function BookingActions({ result, my }: { result: LookupAnswer; my: MyBooking }) {
  const { booking } = result;
  return (
    <div className="actions">
      {booking.status !== 'cancelled' && (
        <a className="btn btn--secondary" href={calendarFileUrl(booking.id, booking.email)} download>
          {myBookingTexts.addToCalendar}
        </a>
      )}
      {result.can_cancel ? (
        <>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={my.busy}
            onClick={() => my.setRescheduling(true)}
          >
            {myBookingTexts.reschedule}
          </button>
          <button type="button" className="btn btn--danger" disabled={my.busy} onClick={() => void my.cancel()}>
            {myBookingTexts.cancel}
          </button>
        </>
      ) : (
        booking.status !== 'cancelled' && (
          <p className="notice" role="note">
            {myBookingTexts.tooLate(formatHours(my.terms.cutOffMinutes))}
          </p>
        )
      )}
      <button type="button" className="btn btn--ghost" onClick={my.reset}>
        {myBookingTexts.searchAgain}
      </button>
    </div>
  );
}
