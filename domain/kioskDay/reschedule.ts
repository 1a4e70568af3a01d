// Moving a booking to another date and time (rule: reschedule, domain/README.md).
//
// The same date is one stream: `RescheduleBooking` decides one `BookingRescheduled` event, with
// the capacity checked as for a new booking but without the booking's own pizzas; atomic by
// nature.
//
// Another date is two streams, and there are no multi-stream transactions. The move is made in an
// order that never loses the old booking and never leaves the customer holding two:
//   1. `PlaceMovedBooking` on the new day places a copy of the booking (a `BookingPlaced` naming
//      `moved_from`) under a key made from the old number and the target, so a retry or a
//      recovery never places it twice. The new day refuses when full, closed or too far ahead:
//      then nothing has changed.
//   2. `MoveBookingAway` on the old day records `BookingMovedAway {to}`: the old capacity is
//      freed and the old number points at the new booking. It is refused when the booking was
//      cancelled or moved elsewhere meanwhile, or when the request came too late; then
//   2'. `UndoMovedBooking` on the new day takes step 1 back (a cancellation marked `move_undone`).
// A crash between 1 and 2 leaves both held for a moment; recovery (api/services/reschedule.ts)
// finds every placed copy whose old booking does not point at it yet and runs 2 (or 2').
// Every step is idempotent, so running it again, from any process, changes nothing.
import { msg } from '../messages.js';
import { dayAccess, slotRefusal } from './dayAccess.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import type { Closure } from '../closures/closures.js';
import { planOffers } from './waitlist.js';
import type { Clock } from '../shared/time.js';
import { cancellation, customerCancellation, freedPlace, refuseAlreadyCancelled } from './cancellation.js';
import { placeBooking } from './placeBooking.js';
import type { Booking, BookingPlacedData, KioskDayEvent, KioskDayState } from './kioskDay.js';
import { addPizzas, slotCapacity } from './schedule.js';
import { sameEmail } from '../customers/personalData.js';

/** Move a booking to another time of its own date (one stream, one event). */
export interface RescheduleBooking {
  type: 'RescheduleBooking';
  bookingId: string;
  email: string;
  date: string;
  time: string;
  settings: Settings;
  /** The kiosk's closures (rule: closures): a move onto a closed date is refused. */
  closures: readonly Closure[];
  clock: Clock;
}

/**
 * Step 1 of a move to another date, on the new date's stream: the booking as it was placed
 * (read from the old day's log by the caller: the day's state keeps only what decisions need),
 * with its current number.
 */
export interface PlaceMovedBooking {
  type: 'PlaceMovedBooking';
  from: BookingPlacedData;
  date: string;
  time: string;
  settings: Settings;
  closures: readonly Closure[];
  clock: Clock;
}

/** Step 2, on the old date's stream: the booking now lives on as `to`. */
export interface MoveBookingAway {
  type: 'MoveBookingAway';
  bookingId: string;
  email: string;
  to: { booking_id: string; date: string; time: string };
  settings: Settings;
  /**
   * When the customer asked (step 1's instant): the cut-off is checked at that instant, so a
   * recovery after a crash finishes a move asked for in time, however late it runs.
   */
  requestedAt: Date;
  clock: Clock;
}

/** Step 2', on the new date's stream: takes step 1 back when step 2 was refused. */
export interface UndoMovedBooking {
  type: 'UndoMovedBooking';
  bookingId: string;
  clock: Clock;
}

export type RescheduleCommand = RescheduleBooking | PlaceMovedBooking | MoveBookingAway | UndoMovedBooking;

/**
 * The key step 1 is placed under: the old number and the target. '/' is not allowed in a
 * client's Idempotency-Key (domain/payloads.ts), so no booking request can take it first.
 */
export const moveKey = (fromBookingId: string, date: string, time: string) => `move/${fromBookingId}/${date}T${time}`;

/**
 * Why the customer may not move this booking now, checked in this order: a missing booking or a
 * wrong e-mail (not found, like lookup: numbers cannot be probed), cancelled, already moved on,
 * past the cancellation cut-off (the same cut-off as a customer cancellation). Throws; the
 * booking when it may be moved. The api asks this on the old day before step 1 (a read, to
 * refuse without placing and undoing), and step 2 and the same-day move decide it again.
 */
export function movableBooking(
  state: KioskDayState,
  bookingId: string,
  email: string,
  settings: Settings,
  clock: Clock,
  /** The move stays on the booking's own date: the same number and day, a new time. */
  sameDay = false,
): Booking & { status: 'pending' | 'confirmed' } {
  const booking = state.bookings.get(bookingId);
  if (!booking || !sameEmail(booking.email, email)) notFound(msg.bookingNotFound);
  if (booking!.status === 'cancelled') refuseAlreadyCancelled();
  if (booking!.status === 'moved') reject(msg.bookingMovedTo(booking!.moved_to));
  if (!customerCancellation(booking!, settings, clock).can_cancel) reject(msg.tooLateToReschedule);
  // rule: swish-payment. A payment asked for or made follows its booking's number and day: a move
  // to another date would leave it behind (a new number on another day's stream), so such a
  // booking only changes its time within its day.
  const payment = booking!.swish?.status;
  if (!sameDay && (payment === 'requested' || payment === 'paid')) reject(msg.swishBookingNotMovable);
  return booking as Booking & { status: 'pending' | 'confirmed' };
}

/** The same date and time as now is no move: refused, and nothing is appended. */
export function assertNewTime(
  booking: Pick<Booking, 'booking_date' | 'booking_time'>,
  date: string,
  time: string,
): void {
  if (booking.booking_date === date && booking.booking_time === time) reject(msg.rescheduleSameTime);
}

/**
 * Whether a move to this date stays on the booking's own day (rule: reschedule): the booking
 * still holds its place there. Only then do the two exceptions below apply.
 */
export const movesWithinOwnDay = (booking: Pick<Booking, 'booking_date' | 'status'>, date: string): boolean =>
  date === booking.booking_date && (booking.status === 'pending' || booking.status === 'confirmed');

/**
 * The pizzas per time a move within its own day is checked against: the day's, without the
 * booking's own (moving within its own window must not refuse itself). A copy: the given map is
 * left as it was (it may be a read model's cached document).
 */
export const withoutOwnPizzas = (
  pizzasByTime: Readonly<Record<string, number>>,
  booking: Pick<Booking, 'booking_time' | 'total_pizzas'>,
): Record<string, number> => addPizzas({ ...pizzasByTime }, booking.booking_time, -booking.total_pizzas);

export function decideReschedule(command: RescheduleBooking, state: KioskDayState): KioskDayEvent[] {
  const { date, time, settings, clock } = command;
  const booking = movableBooking(state, command.bookingId, command.email, settings, clock, true);
  assertNewTime(booking, date, time);
  // The api sends a move to another date through steps 1 and 2; this stream can only decide its own.
  if (booking.booking_date !== date)
    throw new Error(`RescheduleBooking to ${date} on the stream of ${booking.booking_date}`);

  // The date and the slot exactly as for a new booking (rule: bookable-dates), except that the
  // booking's own pizzas are not counted: moving within its own window must not refuse itself.
  // A booking already on a VIP day keeps its place on it: only the time changes.
  const { hours, now, problem } = dayAccess(state, { ...command, vip: null, keepsVipDay: true });
  if (problem) reject(problem);
  // Offers due to the waitlist but not yet made count too (rule: waitlist), as for a new booking.
  const others = withoutOwnPizzas(planOffers(state, date, settings, clock).inUse, booking);
  const remaining = slotCapacity(hours, settings, others, time);
  const slotProblem = slotRefusal(remaining, { now, date, time }, booking.total_pizzas);
  if (slotProblem) reject(slotProblem);

  return [
    {
      type: 'BookingRescheduled',
      data: {
        booking_id: booking.booking_id,
        booking_date: date,
        from_time: booking.booking_time,
        to_time: time,
        total_pizzas: booking.total_pizzas,
        previous_status: booking.status,
        rescheduled_at: clock.now.toISOString(),
      },
    },
  ];
}

export function decidePlaceMoved(command: PlaceMovedBooking, state: KioskDayState): KioskDayEvent[] {
  const { from, date, time, settings, clock } = command;
  if (from.booking_date === date) throw new Error(`PlaceMovedBooking of ${from.booking_id} onto its own date`);
  const key = moveKey(from.booking_id, date, time);
  // Placed before (a retry, a recovery, a racing request): nothing new (rule: idempotent-booking).
  if (state.byIdempotencyKey.has(key)) return [];
  // Every rule of a new booking on the new date (rule: bookable-dates, capacity), with the order
  // as it was: same lines and prices, same discount and bonus-code use, same customer.
  const placed = placeBooking(
    {
      type: 'PlaceBooking',
      date,
      time,
      requestedPizzas: from.total_pizzas,
      lines: from.items,
      customer: {
        name: from.name,
        email: from.email,
        phone: from.phone,
        // The SMS tick moves with the booking (rule: sms-notices); an erased one reads as a string.
        ...(from.sms_when_ready === true ? { sms_when_ready: true } : {}),
      },
      dine_in: from.dine_in,
      comment: from.comment,
      discount: from.bonus_code
        ? { code: from.bonus_code, percentage: from.discount_percentage, booking_ref: from.bonus_ref ?? '' }
        : null,
      vip: null,
      settings,
      closures: command.closures,
      clock,
      idempotencyKey: key,
    },
    state,
  );
  if (placed.type !== 'BookingPlaced') throw new Error('placeBooking decided no BookingPlaced');
  // The use stays the one redeemed for the first booking: cancelling this one gives it back once
  // (rule: cancellation-returns-bonus-use); the prices stay what the customer was quoted.
  const data: BookingPlacedData = {
    ...placed.data,
    original_total_cents: from.original_total_cents,
    discount_cents: from.discount_cents,
    final_total_cents: from.final_total_cents,
    bonus_ref: from.bonus_ref ?? null,
    vip_customer_id: from.vip_customer_id,
    moved_from: from.booking_id,
  };
  return [{ type: 'BookingPlaced', data }];
}

export function decideMoveAway(command: MoveBookingAway, state: KioskDayState): KioskDayEvent[] {
  const { to, settings, clock } = command;
  const current = state.bookings.get(command.bookingId);
  // Already moved to this very booking: a retry or a recovery finds the move complete.
  if (current?.status === 'moved' && current.moved_to === to.booking_id && sameEmail(current.email, command.email))
    return [];
  const booking = movableBooking(state, command.bookingId, command.email, settings, {
    now: command.requestedAt,
    timeZone: clock.timeZone,
  });
  return [
    {
      type: 'BookingMovedAway',
      data: {
        booking_id: booking.booking_id,
        to: to.booking_id,
        to_date: to.date,
        to_time: to.time,
        moved_at: clock.now.toISOString(),
        ...freedPlace(booking),
      },
    },
  ];
}

export function decideUndoMove(command: UndoMovedBooking, state: KioskDayState): KioskDayEvent[] {
  const booking = state.bookings.get(command.bookingId);
  if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
  if (booking.moved_from === null)
    throw new Error(`UndoMovedBooking of ${booking.booking_id}, which was not moved here`);
  // Undone before, or cancelled by staff meanwhile: nothing left to take back.
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return [];
  const data = cancellation(booking, 'customer', null, command.clock);
  // The use belongs to the booking that stayed: not given back here.
  return [{ type: 'BookingCancelled', data: { ...data, bonus_code: null, bonus_ref: null, move_undone: true } }];
}
