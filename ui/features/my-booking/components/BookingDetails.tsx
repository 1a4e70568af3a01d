// The booking's details as /my-booking shows them: status, its way through the kitchen while it is
// confirmed, number, date, time (with a delay, rule: slot-delay), the hours left, who.
import type { LookupAnswer } from '../api/myBooking.js';
import { formatDateLong, formatHours, formatKr } from '../../../lib/format.js';
import { customerKitchenLabel } from '../../../components/kitchenStatusTexts.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';
import { PAYMENT_LABEL, REFUND_LABEL, STATUS_LABEL, myBookingTexts } from '../texts.js';

export function BookingDetails({ result }: { result: LookupAnswer }) {
  const { booking } = result;
  return (
    <dl className="details">
      <dt>{myBookingTexts.status}</dt>
      <dd>{STATUS_LABEL[booking.status] ?? booking.status}</dd>
      {booking.status === 'confirmed' && (
        <>
          <dt>{myBookingTexts.kitchen}</dt>
          <dd>
            <span
              className={`badge kitchen-badge kitchen-badge--${booking.kitchen_status ?? 'waiting'}`}
              data-kitchen-status={booking.kitchen_status ?? 'waiting'}
              role="status"
            >
              {customerKitchenLabel(booking.kitchen_status, booking.dine_in)}
            </span>
          </dd>
        </>
      )}
      <dt>{myBookingTexts.bookingNumber}</dt>
      <dd>{booking.id}</dd>
      <dt>{myBookingTexts.date}</dt>
      <dd>{formatDateLong(booking.booking_date)}</dd>
      <dt>{myBookingTexts.time}</dt>
      <dd data-delayed-to={booking.delayed_to ?? undefined}>
        {booking.delayed_to
          ? slotDelayTexts.customerTime(booking.delayed_to, booking.booking_time)
          : booking.booking_time}
      </dd>
      {booking.status !== 'cancelled' && result.hours_until_booking >= 0 && (
        <>
          <dt>{myBookingTexts.timeLeft}</dt>
          <dd>{formatHours(result.hours_until_booking * 60)}</dd>
        </>
      )}
      {booking.payment && (
        <>
          <dt>{PAYMENT_LABEL.title}</dt>
          <dd data-payment={booking.payment.status}>
            {PAYMENT_LABEL[booking.payment.status]}
            {booking.payment.refund && (
              <span className="my-booking__refund" data-refund={booking.payment.refund.status}>
                {REFUND_LABEL[booking.payment.refund.status](formatKr(booking.payment.refund.amount_cents))}
              </span>
            )}
          </dd>
        </>
      )}
      <dt>{myBookingTexts.name}</dt>
      <dd>{booking.name}</dd>
      <dt>{myBookingTexts.email}</dt>
      <dd>{booking.email}</dd>
      {booking.phone && (
        <>
          <dt>{myBookingTexts.phone}</dt>
          <dd>{booking.phone}</dd>
        </>
      )}
    </dl>
  );
}
