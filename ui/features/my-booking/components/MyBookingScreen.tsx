// /my-booking (SPEC 2): look a booking up by e-mail and booking number, see it, cancel it while
// that is allowed. ?id=&email= fill the form and look up after 100 ms.
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { check } from '../../../lib/formErrors.js';
import { lookupSchema } from '../../../../domain/payloads.js';
import {
  cancelBooking,
  lookupBooking,
  publicSettings,
  type LookupAnswer,
  type RescheduleAnswer,
} from '../api/myBooking.js';
import { calendarFileUrl, myBookingUrl } from '../../../lib/bookingLinks.js';
import { CUSTOMER_CANCEL_MIN_MINUTES, customerCancelDeadlineMinutes } from '../../../../domain/kioskDay/schedule.js';
import { STATUS_LABEL, myBookingTexts } from '../texts.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { DEFAULT_CAPACITY_PER_WINDOW } from '../../../../domain/settings/defaults.js';
import { LookupForm } from './LookupForm.js';
import { RescheduleDialog } from './RescheduleDialog.js';
import { formatDateLong, formatHours } from '../../../lib/format.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';
import { customerTexts } from '../../../lib/texts.js';
import { customerKitchenLabel } from '../../../components/kitchenStatusTexts.js';
import { useLiveKitchenStatus } from '../useLiveKitchenStatus.js';
import { useLiveDayChanges } from '../useLiveDayChanges.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';
import '../my-booking.css';

const noSubscription = () => () => {};
const addressQuery = () => window.location.search;
const noQueryOnServer = () => '';

export function MyBookingScreen() {
  // The address's ?id=&email= fill the form once the page is hydrated (the server's HTML has it
  // empty), until the customer types.
  const linked = new URLSearchParams(useSyncExternalStore(noSubscription, addressQuery, noQueryOnServer));
  const [typedEmail, setEmail] = useState<string | null>(null);
  const [typedId, setBookingId] = useState<string | null>(null);
  const email = typedEmail ?? linked.get('email') ?? '';
  const bookingId = typedId ?? linked.get('id') ?? '';
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LookupAnswer | null>(null);
  const [cancelledNow, setCancelledNow] = useState(false);
  /** Set right after a move: the number the booking had before, and whether it changed. */
  const [movedNow, setMovedNow] = useState<{ from: string } | null>(null);
  /** The number the customer looked up, when it led to a booking moved on since (rule: reschedule). */
  const [followedFrom, setFollowedFrom] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [capacity, setCapacity] = useState(DEFAULT_CAPACITY_PER_WINDOW);
  // Named in the too-late notice; 24 hours until the kiosk's settings say more.
  const [cutOffMinutes, setCutOffMinutes] = useState(CUSTOMER_CANCEL_MIN_MINUTES);

  async function lookup(id: string, mail: string) {
    const checked = check(lookupSchema, { email: mail, booking_id: id });
    if (!checked.ok) return setError(Object.values(checked.errors)[0] ?? customerMsg.lookupFieldsRequired);
    setBusy(true);
    setError('');
    try {
      const [answer, settings] = await Promise.all([lookupBooking(checked.data), publicSettings().catch(() => null)]);
      if (settings) {
        setCutOffMinutes(customerCancelDeadlineMinutes(settings));
        setCapacity(settings.capacity_per_window);
      }
      setResult(answer);
      setCancelledNow(false);
      setFollowedFrom(answer.booking.id !== id.trim() ? id.trim() : null);
      setTimeout(() => document.getElementById('booking-result')?.focus(), 0);
    } catch (e) {
      setResult(null);
      const text = isNetworkError(e) ? customerTexts.networkFailed : errorText(e, myBookingTexts.lookupFailed);
      setError(text);
      toast.error(text, { duration: 4000, id: 'lookup' });
    } finally {
      setBusy(false);
    }
  }

  // With both in the address, the booking is looked up after 100 ms, once, as the page opens.
  const lookUpLinked = useEffectEvent((id: string, mail: string) => void lookup(id, mail));
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('id') ?? '';
    const mail = params.get('email') ?? '';
    if (!id || !mail) return;
    const timer = setTimeout(() => lookUpLinked(id, mail), 100);
    return () => clearTimeout(timer);
  }, []);

  async function cancel() {
    if (!result || !window.confirm(myBookingTexts.cancelConfirm)) return;
    setBusy(true);
    try {
      await cancelBooking(result.booking.id, { email: result.booking.email });
      toast.success(myBookingTexts.cancelled, { duration: 4000 });
      toast.success(myBookingTexts.cancelledMail, { duration: 4000 });
      setCancelledNow(true);
      setMovedNow(null);
      setResult({ ...result, booking: { ...result.booking, status: 'cancelled' }, can_cancel: false });
    } catch (e) {
      toast.error(isNetworkError(e) ? customerTexts.networkFailed : errorText(e, myBookingTexts.cancelFailed), {
        duration: 4000,
      });
    } finally {
      setBusy(false);
    }
  }

  /** After a move: the booking as it now is (lookup again for can_cancel and the hours left). */
  async function moved(answer: RescheduleAnswer) {
    const from = result?.booking.id ?? '';
    setRescheduling(false);
    toast.success(myBookingTexts.moved, { duration: 4000 });
    const next = answer.booking;
    setBookingId(next.id);
    window.history.replaceState(window.history.state, '', myBookingUrl(next.id, next.email));
    try {
      setResult(await lookupBooking({ email: next.email, booking_id: next.id }));
    } catch {
      setResult((current) => current && { ...current, booking: next, items: next.items });
    }
    setFollowedFrom(null);
    setMovedNow({ from });
    setTimeout(() => document.getElementById('booking-result')?.focus(), 0);
  }

  // The order's way through the kitchen, live (rule: order-status-screen): a step the board shows
  // is taken over at once; a number leaving the board is asked again, one lookup at a time.
  const [relooking, setRelooking] = useState(false);
  useLiveKitchenStatus(
    result?.booking ?? null,
    (kitchen_status) =>
      setResult((current) => current && { ...current, booking: { ...current.booking, kitchen_status } }),
    () => {
      if (relooking || !result) return;
      setRelooking(true);
      lookupBooking({ email: result.booking.email, booking_id: result.booking.id })
        .then(setResult, () => {})
        .finally(() => setRelooking(false));
    },
  );

  // A delay of its slot, or its undo (rule: slot-delay), shows at once: the day's change is heard
  // on the public live stream and the booking read again.
  const followed = result && result.booking.status !== 'cancelled' ? result.booking : null;
  useLiveDayChanges(followed?.booking_date ?? null, () => {
    if (!followed) return;
    lookupBooking({ email: followed.email, booking_id: followed.id }).then(setResult, () => {});
  });

  function reset() {
    setMovedNow(null);
    setFollowedFrom(null);
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
        <h1>{myBookingTexts.title}</h1>
        <p>{myBookingTexts.intro}</p>
      </section>
      {!result ? (
        <LookupForm
          email={email}
          bookingId={bookingId}
          error={error}
          busy={busy}
          onEmail={setEmail}
          onBookingId={setBookingId}
          onSubmit={() => void lookup(bookingId, email)}
        />
      ) : (
        booking && (
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
            <ItemsTable lines={result.items} caption={myBookingTexts.pizzas}>
              <AmountRow label={myBookingTexts.total} cents={booking.final_total_cents} kind="total" />
            </ItemsTable>
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
                    disabled={busy}
                    onClick={() => setRescheduling(true)}
                  >
                    {myBookingTexts.reschedule}
                  </button>
                  <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void cancel()}>
                    {myBookingTexts.cancel}
                  </button>
                </>
              ) : (
                booking.status !== 'cancelled' && (
                  <p className="notice" role="note">
                    {myBookingTexts.tooLate(formatHours(cutOffMinutes))}
                  </p>
                )
              )}
              <button type="button" className="btn btn--ghost" onClick={reset}>
                {myBookingTexts.searchAgain}
              </button>
            </div>
            {rescheduling && (
              <RescheduleDialog
                booking={booking}
                capacity={capacity}
                onClose={() => setRescheduling(false)}
                onMoved={(answer) => void moved(answer)}
              />
            )}
          </section>
        )
      )}
    </>
  );
}
