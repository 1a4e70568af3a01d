// Commands on one kiosk day and the rules that decide them.
import type { StockPool } from '../menu/stockPools.js';
import { msg } from '../messages.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import { closureOn, type Closure } from '../closures/closures.js';
import { instantOf, isAhead, minutesOf, minutesUntil, wallClock, type Clock } from '../shared/time.js';
import {
  customerCancelDeadlineMinutes,
  dateAccessProblem,
  dayHours,
  slotCapacity,
  type CalendarEntry,
  type VipAccess,
} from './schedule.js';
import {
  evolveKioskDay,
  initialKioskDayState,
  type Booking,
  type BookingCancelledData,
  type BookingLine,
  type CancelledBy,
  type KioskDayEvent,
  type KioskDayState,
} from './kioskDay.js';
import { decideKitchenStep, type KitchenStep } from './kitchen.js';
import { placedOrder, sameOrder } from './placedOrder.js';
import {
  decideMoveAway,
  decidePlaceMoved,
  decideReschedule,
  decideUndoMove,
  type RescheduleCommand,
} from './reschedule.js';
import { decideWaitlist, planOffers, type WaitlistCommand } from './waitlist.js';
import { decideStaffOrder, type PlaceStaffOrder } from './staffOrder.js';
import { counterRefusal, decideCounter, type CounterCommand } from './counter.js';
import { chosenCount, countProblem, slotRoomProblem } from './orderCount.js';

export interface PlaceBooking {
  type: 'PlaceBooking';
  date: string;
  time: string;
  requestedPizzas: number;
  /** Lines with name and price taken from the menu when the command was made. */
  lines: BookingLine[];
  /** `sms_when_ready`: ticked "SMS när pizzan är klar" (rule: sms-notices); absent: not ticked. */
  customer: { name: string; email: string; phone: string | null; sms_when_ready?: boolean };
  dine_in: boolean;
  comment: string | null;
  /**
   * A bonus code already redeemed for this booking (see placeBooking in api/kiosk.ts): its
   * percentage and the reference its use was redeemed under (given back on cancellation).
   */
  discount: { code: string; percentage: number; booking_ref: string } | null;
  vip: VipAccess | null;
  settings: Settings;
  /** The kiosk's closures (rule: closures), loaded with the settings: a closed date is refused. */
  closures: readonly Closure[];
  clock: Clock;
  /** The client's Idempotency-Key: a retry carrying it places nothing (rule: idempotent-booking). */
  idempotencyKey?: string | null;
  /** The daily stock per pizza id (rule: daily-stock); none: no pizza is limited. */
  stock?: ReadonlyMap<number, number>;
  /** The daily stock per base (rule: daily-stock): pools the pizzas made on a base draw from. */
  pools?: readonly StockPool[];
}

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
  | { type: 'CancelBookingByStaff'; bookingId: string; reason: string; clock: Clock }
  | { type: 'CancelBookingByCustomer'; bookingId: string; email: string; settings: Settings; clock: Clock }
  | { type: 'RecordKitchenStep'; bookingId: string; step: KitchenStep; clock: Clock }
  // The system's timers (api/timers): each decided here, so a repeat or a racing process appends nothing.
  | { type: 'ExpirePendingBooking'; bookingId: string; settings: Settings; clock: Clock }
  | { type: 'RemindBooking'; bookingId: string; settings: Settings; clock: Clock }
  | RescheduleCommand
  | WaitlistCommand
  | CounterCommand;

export const kioskDayDecider: Decider<KioskDayCommand, KioskDayEvent, KioskDayState> = {
  initialState: initialKioskDayState,
  evolve: evolveKioskDay,
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
        return [placeBooking(command, state)];
      }
      case 'PlaceStaffOrder':
        return decideStaffOrder(command, state);
      case 'ConfirmBooking': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'moved') reject(msg.bookingMovedTo(booking.moved_to));
        if (booking.status !== 'pending')
          reject(booking.status === 'cancelled' ? msg.bookingAlreadyCancelled : msg.bookingNotPending);
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
        if (booking.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
        if (booking.status === 'moved') reject(msg.bookingMovedTo(booking.moved_to));
        return [{ type: 'BookingCancelled', data: cancellation(booking, 'staff', reason, command.clock) }];
      }
      case 'CancelBookingByCustomer': {
        const booking = state.bookings.get(command.bookingId);
        // A wrong e-mail answers like a missing booking, so booking numbers cannot be probed.
        if (!booking || booking.email.toLowerCase() !== command.email.trim().toLowerCase())
          notFound(msg.bookingNotFound);
        if (booking!.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
        if (booking!.status === 'moved') reject(msg.bookingMovedTo(booking!.moved_to));
        if (!customerCancellation(booking!, command.settings, command.clock).can_cancel) reject(msg.tooLateToCancel);
        return [{ type: 'BookingCancelled', data: cancellation(booking!, 'customer', null, command.clock) }];
      }
      case 'RecordKitchenStep': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
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
  if (settings.pending_expiry_minutes === 0) reject(msg.pendingExpiryOff);
  if (minutesUntil(clock, booking.booking_date, booking.booking_time) <= 0) reject(msg.timePassed);
  const waited = (clock.now.getTime() - Date.parse(booking.placed_at)) / 60_000;
  if (waited < settings.pending_expiry_minutes) reject(msg.pendingNotExpired);
  return [{ type: 'BookingCancelled', data: cancellation(booking, 'system', msg.pendingExpiredReason, clock) }];
}

/**
 * Rule reminder: a confirmed booking is reminded once, from reminder_minutes_before minutes
 * before its slot until the slot starts; one placed or confirmed inside that window gets none.
 * A booking already reminded appends nothing, whatever became of it since.
 */
function remind(command: Extract<KioskDayCommand, { type: 'RemindBooking' }>, booking: Booking): KioskDayEvent[] {
  if (booking.reminded_at !== undefined) return [];
  const { settings, clock } = command;
  const before = settings.reminder_minutes_before;
  if (before === 0) reject(msg.remindersOff);
  if (booking.status !== 'confirmed') reject(msg.reminderOnlyConfirmed);
  const confirmedAt = (booking as Extract<Booking, { status: 'confirmed' }>).confirmed_at;
  const left = minutesUntil(clock, booking.booking_date, booking.booking_time);
  if (left <= 0) reject(msg.timePassed);
  if (left > before) reject(msg.reminderTooEarly);
  const windowOpens = instantOf(booking.booking_date, booking.booking_time, clock.timeZone).getTime() - before * 60_000;
  if (Date.parse(booking.placed_at) >= windowOpens || Date.parse(confirmedAt) >= windowOpens)
    reject(msg.reminderTooLate);
  return [
    {
      type: 'BookingReminded',
      data: {
        booking_id: booking.booking_id,
        reminded_at: clock.now.toISOString(),
        booking_date: booking.booking_date,
        booking_time: booking.booking_time,
        minutes_before: before,
      },
    },
  ];
}

export function cancellation(
  booking: Booking,
  by: CancelledBy,
  reason: string | null,
  clock: Clock,
): BookingCancelledData {
  if (booking.status === 'cancelled') throw new DomainError(msg.bookingAlreadyCancelled);
  if (booking.status === 'moved') throw new DomainError(msg.bookingMovedTo(booking.moved_to));
  return {
    booking_id: booking.booking_id,
    by,
    reason,
    ...(by === 'staff' && reason !== null ? { email: booking.email } : {}),
    cancelled_at: clock.now.toISOString(),
    previous_status: booking.status,
    booking_date: booking.booking_date,
    booking_time: booking.booking_time,
    total_pizzas: booking.total_pizzas,
    final_total_cents: booking.final_total_cents,
    items: booking.items,
    bonus_code: booking.bonus_code,
    bonus_ref: booking.bonus_ref ?? null,
  };
}

function existingBooking(state: KioskDayState, bookingId: string): Booking {
  const booking = state.bookings.get(bookingId);
  if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
  return booking;
}

export function placeBooking(command: PlaceBooking, state: KioskDayState): KioskDayEvent {
  const { date, time, requestedPizzas, lines, settings, clock } = command;

  // 1. The order itself: SPEC 5's count rules.
  if (!Number.isInteger(requestedPizzas) || requestedPizzas < 1) reject(msg.pizzaCountMin);
  if (requestedPizzas > settings.capacity_per_window) reject(msg.pizzaCountMax(settings.capacity_per_window));
  const chosen = chosenCount(lines);
  const miscount = countProblem(chosen, requestedPizzas);
  if (miscount) reject(miscount);

  // 2. The date: not closed, open, within the horizon, VIP only with a token.
  const hours = dayHours(date, settings, state.entry);
  const now = wallClock(clock.now, clock.timeZone);
  const closure = closureOn(date, command.closures);
  const problem = dateAccessProblem({
    date,
    today: now.date,
    settings,
    hours,
    isVipDay: state.vip !== null,
    vip: command.vip,
    closure,
  });
  if (problem) reject(problem);

  // 3. The slot: one of the day's slots, still ahead, with room for the whole order.
  // Held waitlist offers, and offers due to the queue but not yet made, are capacity in use
  // (rule: waitlist).
  const remaining = slotCapacity(hours, settings, planOffers(state, date, settings, clock).inUse, time);
  if (remaining === null) reject(msg.noSuchSlot);
  if (!isAhead(now, date, time)) reject(msg.timePassed);
  if (remaining === 0) reject(msg.slotFull);
  const noRoom = slotRoomProblem(chosen, remaining!);
  if (noRoom) reject(noRoom);

  // 3b. The counter's evening: web bookings paused, a pizza sold out, a daily stock used up.
  const refusal = counterRefusal(state, command);
  if (refusal) reject(refusal);

  // 4. The price and the number.
  return {
    type: 'BookingPlaced',
    data: {
      ...placedOrder(command, state),
      ...(command.idempotencyKey ? { idempotency_key: command.idempotencyKey } : {}),
    },
  };
}

/** SPEC 3 lookup fields: whether the customer may cancel online, and whole hours left. */
export function customerCancellation(
  booking: Pick<Booking, 'booking_date' | 'booking_time' | 'status'>,
  settings: Settings,
  clock: Clock,
): { can_cancel: boolean; hours_until_booking: number } {
  const minutes = minutesUntil(clock, booking.booking_date, booking.booking_time);
  return {
    can_cancel:
      booking.status !== 'cancelled' &&
      booking.status !== 'moved' &&
      minutes >= customerCancelDeadlineMinutes(settings),
    hours_until_booking: Math.max(0, Math.floor(minutes / 60)),
  };
}
