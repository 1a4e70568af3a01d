// Commands on one kiosk day and the rules that decide them. Each family of commands has a module of
// its own (placeBooking, cancellation, reschedule, waitlist, staffOrder, counter, kitchen); this
// one dispatches, and decides the short ones itself.
import { msg } from '../messages.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import { closureOn, type Closure } from '../closures/closures.js';
import { ERASED, sameEmail } from '../customers/personalData.js';
import { minutesOf, type Clock } from '../shared/time.js';
import { dayHours, type CalendarEntry } from './schedule.js';
import {
  evolveKioskDay,
  initialKioskDayState,
  kioskDayWeight,
  type Booking,
  type BookingCancelledData,
  type KioskDayEvent,
  type KioskDayState,
} from './kioskDay.js';
import { decideKitchenStep, type KitchenStep } from './kitchen.js';
import { sameOrder } from './placedOrder.js';
import { placeBooking, type PlaceBooking } from './placeBooking.js';
import { undeclaredInWebOrder } from './webOrderAllergens.js';
import { pendingExpiryRefusal, reminderRefusal } from './bookingTimers.js';
import { cancellation, customerCancellation, refuseAlreadyCancelled } from './cancellation.js';
import {
  decideMoveAway,
  decidePlaceMoved,
  decideReschedule,
  decideUndoMove,
  type RescheduleCommand,
} from './reschedule.js';
import { decideWaitlist, type WaitlistCommand } from './waitlist.js';
import { decideStaffOrder, type PlaceStaffOrder } from './staffOrder.js';
import { decideCounter, type CounterCommand } from './counter.js';
import {
  decideSwishPayment,
  evolveSwishPayment,
  NO_SWISH_PAYMENT,
  swishPaymentRequest,
  type SwishPaymentAnswer,
  type SwishPaymentPaidData,
} from './swishPayment.js';
import { decideSwishRefund, refundReasonOf, swishRefundFor, type SwishRefundAnswer } from './swishRefund.js';

export type KioskDayCommand =
  | { type: 'SetDaySchedule'; date: string; entry: CalendarEntry }
  | {
      type: 'MarkDayVip';
      date: string;
      description: string | null;
      actor: string;
      settings: Settings;
      closures: readonly Closure[];
    }
  | { type: 'RemoveDayVip'; date: string }
  | PlaceBooking
  | PlaceStaffOrder
  | { type: 'ConfirmBooking'; bookingId: string; clock: Clock }
  | {
      type: 'CancelBookingByStaff';
      bookingId: string;
      reason: string;
      clock: Clock;
      /** Cancelled because a closure affects it (rule: closure-bookings): its refund's reason. */
      closure?: true;
      /** rule: swish-refund. The refund's id, for a booking paid with Swish (derived from its id). */
      swishRefundId?: string;
    }
  | {
      type: 'CancelBookingByCustomer';
      bookingId: string;
      email: string;
      settings: Settings;
      clock: Clock;
      swishRefundId?: string;
    }
  | { type: 'RecordKitchenStep'; bookingId: string; step: KitchenStep; clock: Clock }
  // The system's timers (api/timers): each decided here, so a repeat or a racing process appends nothing.
  | { type: 'ExpirePendingBooking'; bookingId: string; settings: Settings; clock: Clock; swishRefundId?: string }
  | { type: 'RemindBooking'; bookingId: string; settings: Settings; clock: Clock }
  /** Swish's answer about a booking's payment request (null: none), read after a callback or a poll. */
  | {
      type: 'SettleSwishPayment';
      bookingId: string;
      answer: SwishPaymentAnswer | null;
      clock: Clock;
      /** rule: swish-refund. Refunds a payment that came after the booking was cancelled. */
      swishRefundId?: string;
    }
  /** rule: swish-refund. Swish's answer about a booking's refund, read after a callback or a poll (or its PUT refused). */
  | { type: 'SettleSwishRefund'; bookingId: string; answer: SwishRefundAnswer; clock: Clock }
  | RescheduleCommand
  | WaitlistCommand
  | CounterCommand;

export const kioskDayDecider: Decider<KioskDayCommand, KioskDayEvent, KioskDayState> = {
  initialState: initialKioskDayState,
  evolve: evolveKioskDay,
  weight: kioskDayWeight,
  decide(command, state) {
    switch (command.type) {
      case 'SetDaySchedule':
        if (command.entry.isOpen && minutesOf(command.entry.closeTime) <= minutesOf(command.entry.openTime))
          reject(msg.invalidOpeningHours);
        return [{ type: 'DayScheduleSet', data: { date: command.date, ...command.entry } }];
      case 'MarkDayVip': {
        const closure = closureOn(command.date, command.closures);
        if (closure) reject(msg.vipInsideClosure(closure.reason));
        if (!dayHours(command.date, command.settings, state.entry).isOpen) reject(msg.vipOnlyOpenDays);
        return [
          {
            type: 'DayMarkedVip',
            data: { date: command.date, description: command.description, created_by: command.actor },
          },
        ];
      }
      case 'RemoveDayVip':
        if (!state.vip) notFound(msg.dayNotVip);
        return [{ type: 'DayVipRemoved', data: { date: command.date } }];
      case 'PlaceBooking': {
        // Before every other rule: a retry is answered as first decided, even once its slot has
        // passed or filled up since.
        const earlier = command.idempotencyKey ? state.byIdempotencyKey.get(command.idempotencyKey) : undefined;
        if (earlier) {
          if (!sameOrder(earlier, command)) throw new DomainError(msg.idempotencyKeyReused, 'conflict');
          return [];
        }
        // A customer's own order: no pizza without an allergen declaration (rule: undeclared-pizzas).
        // Here and not in placeBooking, which also re-places a moved booking's lines as once sold.
        const undeclared = undeclaredInWebOrder(command.lines);
        if (undeclared) reject(undeclared);
        const placed = placeBooking(command, state);
        // rule: swish-payment. Asked to pay in advance: the request goes with the booking, in one append.
        if (!command.swish || placed.type !== 'BookingPlaced') return [placed];
        return [
          { ...placed, data: { ...placed.data, payment_asked: 'swish' } },
          swishPaymentRequest(command.swish, placed.data, command.clock.now),
        ];
      }
      case 'PlaceStaffOrder':
        return decideStaffOrder(command, state);
      case 'ConfirmBooking': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'moved') reject(msg.bookingMovedTo(booking.moved_to));
        if (booking.status === 'cancelled') refuseAlreadyCancelled();
        if (booking.status !== 'pending') reject(msg.bookingNotPending);
        // rule: swish-payment. A booking asked to pay is confirmed once paid, not before.
        if (booking.swish?.status === 'requested') reject(msg.swishPaymentAwaited);
        return [
          {
            type: 'BookingConfirmed',
            data: { booking_id: booking.booking_id, confirmed_at: command.clock.now.toISOString() },
          },
        ];
      }
      case 'CancelBookingByStaff': {
        const reason = command.reason.trim();
        if (!reason) reject(msg.cancelReasonRequired);
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'cancelled') refuseAlreadyCancelled();
        if (booking.status === 'moved') reject(msg.bookingMovedTo(booking.moved_to));
        const data = cancellation(booking, 'staff', reason, command.clock);
        return withRefund(booking, data, command.swishRefundId, command.closure === true);
      }
      case 'CancelBookingByCustomer': {
        const booking = state.bookings.get(command.bookingId);
        // A wrong e-mail answers like a missing booking, so booking numbers cannot be probed.
        if (!booking || !sameEmail(booking.email, command.email)) notFound(msg.bookingNotFound);
        if (booking!.status === 'cancelled') refuseAlreadyCancelled();
        if (booking!.status === 'moved') reject(msg.bookingMovedTo(booking!.moved_to));
        if (!customerCancellation(booking!, command.settings, command.clock).can_cancel) reject(msg.tooLateToCancel);
        const data = cancellation(booking!, 'customer', null, command.clock);
        return withRefund(booking!, data, command.swishRefundId, false);
      }
      case 'RecordKitchenStep': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'cancelled') refuseAlreadyCancelled();
        if (booking.status === 'moved') reject(msg.bookingMovedTo(booking.moved_to));
        if (booking.status === 'pending') reject(msg.kitchenNeedsConfirmed);
        const step = decideKitchenStep(
          booking.booking_id,
          booking.kitchen,
          command.step,
          command.clock.now.toISOString(),
        );
        return step ? [{ type: 'KitchenStepRecorded', data: step }] : [];
      }
      case 'ExpirePendingBooking':
        return expirePending(command, existingBooking(state, command.bookingId));
      case 'RemindBooking':
        return remind(command, existingBooking(state, command.bookingId));
      case 'SettleSwishPayment':
        return settleSwishPayment(command, existingBooking(state, command.bookingId));
      case 'SettleSwishRefund': {
        const booking = existingBooking(state, command.bookingId);
        const ended = decideSwishRefund(booking.swish, booking.booking_id, command.answer, command.clock.now);
        return ended ? [ended] : [];
      }
      case 'RescheduleBooking':
        return decideReschedule(command, state);
      case 'PlaceMovedBooking':
        return decidePlaceMoved(command, state);
      case 'MoveBookingAway':
        return decideMoveAway(command, state);
      case 'UndoMovedBooking':
        return decideUndoMove(command, state);
      case 'JoinWaitlist':
      case 'OfferFreedCapacity':
      case 'BookFromWaitlist':
      case 'LeaveWaitlist':
        return decideWaitlist(command, state);
      case 'MarkPizzaSoldOut':
      case 'MarkPizzaBackInStock':
      case 'OfferSoldOutSwap':
      case 'PauseWebBookings':
      case 'ResumeWebBookings':
      case 'DelaySlot':
      case 'UndoSlotDelay':
        return decideCounter(command, state);
      default:
        return assertNever(command);
    }
  },
};

/**
 * Rule pending-expiry: a booking still pending pending_expiry_minutes after it was placed is
 * cancelled by the system, before its slot starts. One already cancelled (by this rule, staff or
 * the customer) appends nothing: a repeat, or a second process, changes nothing.
 */
function expirePending(
  command: Extract<KioskDayCommand, { type: 'ExpirePendingBooking' }>,
  booking: Booking,
): KioskDayEvent[] {
  if (booking.status === 'cancelled') return [];
  if (booking.status !== 'pending') reject(msg.onlyPendingExpire);
  const { settings, clock } = command;
  const refusal = pendingExpiryRefusal(settings, booking, clock);
  if (refusal) reject(refusal);
  const data = cancellation(booking, 'system', msg.pendingExpiredReason, clock);
  return withRefund(booking, data, command.swishRefundId, false);
}

/**
 * rule: swish-refund. A cancellation, with the refund of the booking's Swish payment when it was
 * paid, in the same append: a paid booking is never cancelled without its money asked back.
 */
function withRefund(
  booking: Booking,
  cancelled: BookingCancelledData,
  refundId: string | undefined,
  closure: boolean,
): KioskDayEvent[] {
  const reason = refundReasonOf(cancelled, closure);
  const refund = swishRefundFor(booking.swish, booking.booking_id, refundId, reason, new Date(cancelled.cancelled_at));
  return refund
    ? [{ type: 'BookingCancelled', data: cancelled }, refund]
    : [{ type: 'BookingCancelled', data: cancelled }];
}

/**
 * Rule reminder: a confirmed booking is reminded once, from reminder_minutes_before minutes
 * before its slot until the slot starts; one placed or confirmed inside that window gets none.
 * A booking already reminded appends nothing, whatever became of it since.
 */
function remind(command: Extract<KioskDayCommand, { type: 'RemindBooking' }>, booking: Booking): KioskDayEvent[] {
  if (booking.reminded_at !== undefined) return [];
  const { settings, clock } = command;
  if (settings.reminder_minutes_before === 0) reject(msg.remindersOff);
  if (booking.status !== 'confirmed') reject(msg.reminderOnlyConfirmed);
  const refusal = reminderRefusal(settings, booking, clock);
  if (refusal) reject(refusal);
  return [
    {
      type: 'BookingReminded',
      data: {
        booking_id: booking.booking_id,
        reminded_at: clock.now.toISOString(),
        booking_date: booking.booking_date,
        booking_time: booking.booking_time,
        minutes_before: settings.reminder_minutes_before,
      },
    },
  ];
}

/**
 * rule: swish-payment. Swish's answer ends a requested payment once (decideSwishPayment); a payment
 * that failed cancels its booking by the system in the same append, which frees its capacity and
 * mails the customer the cancellation. A booking cancelled meanwhile (staff, the customer, expiry)
 * keeps its cancellation: the failure is recorded alone.
 */
function settleSwishPayment(
  command: Extract<KioskDayCommand, { type: 'SettleSwishPayment' }>,
  booking: Booking,
): KioskDayEvent[] {
  const ended = decideSwishPayment(
    booking.swish ?? NO_SWISH_PAYMENT,
    booking.booking_id,
    command.answer,
    command.clock.now,
  );
  if (!ended) return [];
  if (ended.type === 'SwishPaymentPaid') ended.data = payerSealedWith(ended.data, booking.email);
  // rule: swish-refund. Paid after the booking was cancelled (a payer racing staff, the customer, a
  // closure or the expiry, whose cancellation of the request came too late): the money goes back.
  if (ended.type === 'SwishPaymentPaid' && booking.status === 'cancelled') {
    const paid = evolveSwishPayment(booking.swish ?? NO_SWISH_PAYMENT, ended);
    const refund = swishRefundFor(paid, booking.booking_id, command.swishRefundId, 'late_payment', command.clock.now);
    return refund ? [ended, refund] : [ended];
  }
  if (ended.type !== 'SwishPaymentFailed' || (booking.status !== 'pending' && booking.status !== 'confirmed'))
    return [ended];
  return [
    ended,
    { type: 'BookingCancelled', data: cancellation(booking, 'system', msg.swishPaymentFailedReason, command.clock) },
  ];
}

/**
 * rule: erasure. The payer's Swish number is personal data, sealed under the key of the booking's
 * e-mail (the customer an erasure names): kept with that e-mail, never without one.
 */
function payerSealedWith(data: SwishPaymentPaidData, email: string | null): SwishPaymentPaidData {
  const { payer_alias, ...rest } = data;
  return payer_alias && email && email !== ERASED ? { ...rest, payer_alias, email } : rest;
}

function existingBooking(state: KioskDayState, bookingId: string): Booking {
  const booking = state.bookings.get(bookingId);
  if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
  return booking;
}
