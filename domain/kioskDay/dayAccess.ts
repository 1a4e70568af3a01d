// The date and slot checks every way of booking a day shares (rules: bookable-dates, capacity): a
// new booking, a move within its day, a place in the queue. Each caller adds its own exceptions
// (a move keeps its VIP day, the queue wants a full slot); the checks themselves live here once.
import { slotRoomProblem } from './orderCount.js';
import { msg } from '../messages.js';
import type { Settings } from '../settings/settings.js';
import { closureOn, type Closure } from '../closures/closures.js';
import { isAhead, wallClock, type Clock, type WallClock } from '../shared/time.js';
import { dateAccessProblem, dayHours, type DayHours, type VipAccess } from './schedule.js';
import type { KioskDayState } from './kioskDay.js';

export interface DayAccess {
  /** The date's hours (its calendar entry, else the weekday's). */
  hours: DayHours;
  /** The kiosk's wall clock now. */
  now: WallClock;
  /** What refuses the date (rule: bookable-dates), or null. */
  problem: string | null;
}

/** The date's hours, the kiosk's wall clock and what refuses the date, as the day's state stands. */
export function dayAccess(
  state: Pick<KioskDayState, 'entry' | 'vip'>,
  input: {
    date: string;
    settings: Settings;
    clock: Clock;
    vip: VipAccess | null;
    closures: readonly Closure[];
    /** A move within the booking's own day (dateAccessProblem's keepsVipDay). */
    keepsVipDay?: boolean;
  },
): DayAccess {
  const { date, settings, clock } = input;
  const hours = dayHours(date, settings, state.entry);
  const now = wallClock(clock.now, clock.timeZone);
  const problem = dateAccessProblem({
    date,
    today: now.date,
    settings,
    hours,
    isVipDay: state.vip !== null,
    vip: input.vip,
    closure: closureOn(date, input.closures),
    keepsVipDay: input.keepsVipDay,
  });
  return { hours, now, problem };
}

/**
 * Why the slot cannot take the pizzas, checked in this order (rule: bookable-dates, capacity): not
 * one of the day's slots (`remaining` null), started, full, too small for the whole order; null
 * when it takes them.
 */
export function slotRefusal(
  remaining: number | null,
  at: { now: WallClock; date: string; time: string },
  pizzas: number,
): string | null {
  if (remaining === null) return msg.noSuchSlot;
  if (!isAhead(at.now, at.date, at.time)) return msg.timePassed;
  if (remaining === 0) return msg.slotFull;
  return slotRoomProblem(pizzas, remaining);
}

/**
 * What a date's availability says above its slots (rules: capacity, SPEC 5): no slot ahead with
 * room left, room but no slot for the whole order, or nothing when one slot takes it.
 */
export function availabilityMessage(slots: readonly { capacity_remaining: number }[], pizzas: number): string | null {
  if (!slots.some((s) => s.capacity_remaining > 0)) return msg.noSlots;
  if (!slots.some((s) => s.capacity_remaining >= pizzas)) return msg.noSlotFitsOrder;
  return null;
}
