// Commands on one kiosk day and the rules that decide them.
import { discountCents } from '../shared/money.js';
import { msg } from '../messages.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import type { Settings } from '../settings/settings.js';
import { isAhead, minutesOf, minutesUntil, wallClock, type Clock } from '../shared/time.js';
import {
  customerCancelDeadlineMinutes,
  dateAccessProblem,
  dayHours,
  slotCapacity,
  type CalendarEntry,
  type VipAccess,
} from './schedule.js';
import {
  bookingIdFor,
  evolveKioskDay,
  initialKioskDayState,
  type Booking,
  type BookingCancelledData,
  type BookingLine,
  type BookingPlacedData,
  type KioskDayEvent,
  type KioskDayState,
} from './kioskDay.js';
import { decideKitchenStep, type KitchenStep } from './kitchen.js';
import { decideWaitlist, planOffers, type WaitlistCommand } from './waitlist.js';

export interface PlaceBooking {
  type: 'PlaceBooking';
  date: string;
  time: string;
  requestedPizzas: number;
  /** Lines with name and price taken from the menu when the command was made. */
  lines: BookingLine[];
  customer: { name: string; email: string; phone: string | null };
  dine_in: boolean;
  comment: string | null;
  /**
   * A bonus code already redeemed for this booking (see placeBooking in api/kiosk.ts): its
   * percentage and the reference its use was redeemed under (given back on cancellation).
   */
  discount: { code: string; percentage: number; booking_ref: string } | null;
  vip: VipAccess | null;
  settings: Settings;
  clock: Clock;
  /** The client's Idempotency-Key: a retry carrying it places nothing (rule: idempotent-booking). */
  idempotencyKey?: string | null;
}

export type KioskDayCommand =
  | { type: 'SetDaySchedule'; date: string; entry: CalendarEntry }
  | { type: 'MarkDayVip'; date: string; description: string | null; actor: string; settings: Settings }
  | { type: 'RemoveDayVip'; date: string }
  | PlaceBooking
  | { type: 'ConfirmBooking'; bookingId: string; clock: Clock }
  | { type: 'CancelBookingByStaff'; bookingId: string; reason: string; clock: Clock }
  | { type: 'CancelBookingByCustomer'; bookingId: string; email: string; settings: Settings; clock: Clock }
  | { type: 'RecordKitchenStep'; bookingId: string; step: KitchenStep; clock: Clock }
  | WaitlistCommand;

export const kioskDayDecider: Decider<KioskDayCommand, KioskDayEvent, KioskDayState> = {
  initialState: initialKioskDayState,
  evolve: evolveKioskDay,
  decide(command, state) {
    switch (command.type) {
      case 'SetDaySchedule':
        if (command.entry.isOpen && minutesOf(command.entry.closeTime) <= minutesOf(command.entry.openTime)) reject(msg.invalidOpeningHours);
        return [{ type: 'DayScheduleSet', data: { date: command.date, ...command.entry } }];
      case 'MarkDayVip':
        if (!dayHours(command.date, command.settings, state.entry).isOpen) reject(msg.vipOnlyOpenDays);
        return [{ type: 'DayMarkedVip', data: { date: command.date, description: command.description, created_by: command.actor } }];
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
      case 'ConfirmBooking': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status !== 'pending') reject(booking.status === 'cancelled' ? msg.bookingAlreadyCancelled : msg.bookingNotPending);
        return [{ type: 'BookingConfirmed', data: { booking_id: booking.booking_id, confirmed_at: command.clock.now.toISOString() } }];
      }
      case 'CancelBookingByStaff': {
        const reason = command.reason.trim();
        if (!reason) reject(msg.cancelReasonRequired);
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
        return [{ type: 'BookingCancelled', data: cancellation(booking, 'staff', reason, command.clock) }];
      }
      case 'CancelBookingByCustomer': {
        const booking = state.bookings.get(command.bookingId);
        // A wrong e-mail answers like a missing booking, so booking numbers cannot be probed.
        if (!booking || booking.email.toLowerCase() !== command.email.trim().toLowerCase()) notFound(msg.bookingNotFound);
        if (booking!.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
        if (!customerCancellation(booking!, command.settings, command.clock).can_cancel) reject(msg.tooLateToCancel);
        return [{ type: 'BookingCancelled', data: cancellation(booking!, 'customer', null, command.clock) }];
      }
      case 'RecordKitchenStep': {
        const booking = existingBooking(state, command.bookingId);
        if (booking.status === 'cancelled') reject(msg.bookingAlreadyCancelled);
        if (booking.status === 'pending') reject(msg.kitchenNeedsConfirmed);
        const step = decideKitchenStep(booking.booking_id, booking.kitchen, command.step, command.clock.now.toISOString());
        return step ? [{ type: 'KitchenStepRecorded', data: step }] : [];
      }
      case 'JoinWaitlist':
      case 'OfferFreedCapacity':
      case 'BookFromWaitlist':
      case 'LeaveWaitlist':
        return decideWaitlist(command, state);
      default:
        return assertNever(command);
    }
  },
};

function cancellation(booking: Booking, by: 'staff' | 'customer', reason: string | null, clock: Clock): BookingCancelledData {
  if (booking.status === 'cancelled') throw new DomainError(msg.bookingAlreadyCancelled);
  return {
    booking_id: booking.booking_id,
    by,
    reason,
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

/**
 * Whether a PlaceBooking repeats an order already placed with its key: same date, time, e-mail
 * (trimmed, case-insensitive) and pizzas. Name, phone, comment and prices may differ (a menu
 * price may have changed since; the retry still gets what the first request got).
 */
function sameOrder(placed: BookingPlacedData, command: PlaceBooking): boolean {
  const pizzas = (lines: BookingLine[]) =>
    lines
      .filter((l) => l.qty > 0)
      .map((l) => `${l.pizza_id}x${l.qty}`)
      .sort()
      .join(',');
  return (
    placed.booking_date === command.date &&
    placed.booking_time === command.time &&
    placed.email.trim().toLowerCase() === command.customer.email.trim().toLowerCase() &&
    pizzas(placed.items) === pizzas(command.lines)
  );
}

function placeBooking(command: PlaceBooking, state: KioskDayState): KioskDayEvent {
  const { date, time, requestedPizzas, lines, settings, clock } = command;

  // 1. The order itself: SPEC 5's count rules.
  if (!Number.isInteger(requestedPizzas) || requestedPizzas < 1) reject(msg.pizzaCountMin);
  if (requestedPizzas > settings.capacity_per_window) reject(msg.pizzaCountMax(settings.capacity_per_window));
  const chosen = lines.reduce((sum, line) => sum + line.qty, 0);
  if (lines.length === 0 || chosen === 0) reject(msg.atLeastOnePizza);
  if (chosen < requestedPizzas) reject(msg.chooseMore(requestedPizzas - chosen));
  if (chosen > requestedPizzas) reject(msg.tooManyChosen);

  // 2. The date: open, within the horizon, VIP only with a token.
  const hours = dayHours(date, settings, state.entry);
  const now = wallClock(clock.now, clock.timeZone);
  const problem = dateAccessProblem({ date, today: now.date, settings, hours, isVipDay: state.vip !== null, vip: command.vip });
  if (problem) reject(problem);

  // 3. The slot: one of the day's slots, still ahead, with room for the whole order.
  // Held waitlist offers, and offers due to the queue but not yet made, are capacity in use
  // (rule: waitlist).
  const remaining = slotCapacity(hours, settings, planOffers(state, date, settings, clock).inUse, time);
  if (remaining === null) reject(msg.noSuchSlot);
  if (!isAhead(now, date, time)) reject(msg.timePassed);
  if (remaining === 0) reject(msg.slotFull);
  if (remaining! < chosen) reject(msg.tooManyForSlot(chosen, remaining!));

  // 4. The price: cents throughout, the discount rounded to whole cents.
  const original = lines.reduce((sum, line) => sum + line.qty * line.price_cents, 0);
  const percentage = command.discount?.percentage ?? 0;
  const discount = discountCents(original, percentage);

  return {
    type: 'BookingPlaced',
    data: {
      booking_id: bookingIdFor(date, state.placedCount + 1),
      booking_date: date,
      booking_time: time,
      name: command.customer.name,
      email: command.customer.email,
      phone: command.customer.phone,
      dine_in: command.dine_in,
      comment: command.comment,
      items: lines,
      total_pizzas: chosen,
      original_total_cents: original,
      discount_cents: discount,
      final_total_cents: original - discount,
      bonus_code: command.discount?.code ?? null,
      bonus_ref: command.discount?.booking_ref ?? null,
      discount_percentage: percentage,
      vip_customer_id: command.vip?.customerId ?? null,
      placed_at: clock.now.toISOString(),
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
    can_cancel: booking.status !== 'cancelled' && minutes >= customerCancelDeadlineMinutes(settings),
    hours_until_booking: Math.max(0, Math.floor(minutes / 60)),
  };
}

