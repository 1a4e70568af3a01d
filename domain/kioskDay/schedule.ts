// How a date's opening hours, slots and capacity follow from the settings and the calendar.
// The rules are explained in domain/README.md; this module is their one implementation and is
// used both when deciding a booking and when answering availability queries.
import type { Settings } from '../settings/settings.js';
import { addDays, daysBetween, minutesOf, timeOf, weekdayOf } from '../shared/time.js';
import { msg } from '../messages.js';

/** A staff-made entry for one date (POST /admin/calendar/day); it overrides the weekday. */
export interface CalendarEntry {
  isOpen: boolean;
  openTime: string;
  closeTime: string;
}

export interface DayHours extends CalendarEntry {
  /** True when the hours come from a calendar entry rather than the weekday settings. */
  hasOwnEntry: boolean;
}

export function dayHours(date: string, settings: Settings, entry: CalendarEntry | null): DayHours {
  if (entry) return { ...entry, hasOwnEntry: true };
  const weekday = weekdayOf(date);
  const hours = settings.opening_hours[weekday];
  return { isOpen: settings.open_days[weekday], openTime: hours.start, closeTime: hours.end, hasOwnEntry: false };
}

/** Slot start times: every slot_length_minutes from opening, each slot ending by closing time. */
export function slotTimes(hours: CalendarEntry, settings: Settings): string[] {
  if (!hours.isOpen) return [];
  const open = minutesOf(hours.openTime);
  const close = minutesOf(hours.closeTime);
  const times: string[] = [];
  for (let t = open; t + settings.slot_length_minutes <= close; t += settings.slot_length_minutes)
    times.push(timeOf(t));
  return times;
}

/**
 * The capacity window a time belongs to, as minutes since midnight. Windows of window_minutes are
 * laid from opening time, so with 15-minute slots and 30-minute windows two slots share a window.
 * Times before opening (possible after staff moved the hours) fall in the first window.
 */
export function windowOf(time: string, openTime: string, settings: Settings): number {
  const open = minutesOf(openTime);
  const offset = Math.max(0, minutesOf(time) - open);
  return open + Math.floor(offset / settings.window_minutes) * settings.window_minutes;
}

export interface SlotCapacity {
  time: string;
  /** Pizzas this slot can still take: capacity_per_window minus active pizzas in its window. */
  capacity_remaining: number;
}

/**
 * Adds delta pizzas at a booked time in a map of pizzas per time (the day state's pizzasByTime,
 * the days read model's pizzas_by_time), dropping a time left with none. Changes byTime and
 * answers it.
 */
export function addPizzas(byTime: Record<string, number>, time: string, delta: number): Record<string, number> {
  const now = (byTime[time] ?? 0) + delta;
  if (now > 0) byTime[time] = now;
  else delete byTime[time];
  return byTime;
}

/**
 * Remaining capacity per slot. pizzasByTime holds the pizzas of pending and confirmed bookings per
 * booked time; cancelled bookings are not in it, so cancelling frees capacity at once.
 */
export function slotCapacities(
  hours: CalendarEntry,
  settings: Settings,
  pizzasByTime: Readonly<Record<string, number>>,
): SlotCapacity[] {
  if (!hours.isOpen) return [];
  // Worked in minutes since midnight: this runs for every slot of every availability query.
  const open = minutesOf(hours.openTime);
  const close = minutesOf(hours.closeTime);
  const { slot_length_minutes: step, window_minutes: width, capacity_per_window: capacity } = settings;
  const windowAt = (t: number) => open + Math.floor(Math.max(0, t - open) / width) * width;
  const usedPerWindow = new Map<number, number>();
  for (const [time, pizzas] of Object.entries(pizzasByTime)) {
    const w = windowAt(minutesOf(time));
    usedPerWindow.set(w, (usedPerWindow.get(w) ?? 0) + pizzas);
  }
  const slots: SlotCapacity[] = [];
  for (let t = open; t + step <= close; t += step) {
    slots.push({ time: timeOf(t), capacity_remaining: Math.max(0, capacity - (usedPerWindow.get(windowAt(t)) ?? 0)) });
  }
  return slots;
}

/**
 * The remaining capacity of one slot, or null when the time is not a slot of the day. Same rule
 * as slotCapacities, without laying out every slot (a booking decision needs only its own).
 */
export function slotCapacity(
  hours: CalendarEntry,
  settings: Settings,
  pizzasByTime: Readonly<Record<string, number>>,
  time: string,
): number | null {
  if (!hours.isOpen) return null;
  const t = minutesOf(time);
  const open = minutesOf(hours.openTime);
  const { slot_length_minutes: step, window_minutes: width } = settings;
  if (t < open || (t - open) % step !== 0 || t + step > minutesOf(hours.closeTime)) return null;
  const windowAt = (m: number) => open + Math.floor(Math.max(0, m - open) / width) * width;
  const window = windowAt(t);
  let used = 0;
  for (const booked in pizzasByTime) if (windowAt(minutesOf(booked)) === window) used += pizzasByTime[booked];
  return Math.max(0, settings.capacity_per_window - used);
}

/** What a valid vip token grants (see domain/vip/vipLinks.ts). */
export interface VipAccess {
  customerId: number | null;
  customerName: string;
  /** A link made for one VIP date opens only that date; null opens every VIP date. */
  date: string | null;
}

/**
 * The last date customers may book (rule: horizon). Only a general VIP token (tied to no date)
 * lengthens it; a token tied to one date opens that date alone (dateAccessProblem) and books every
 * other date like anyone else.
 */
export function lastBookableDate(today: string, settings: Settings, vip: VipAccess | null): string {
  const general = vip !== null && vip.date === null;
  return addDays(
    today,
    general
      ? Math.max(settings.vip_booking_advance_days, settings.booking_horizon_days)
      : settings.booking_horizon_days,
  );
}

export interface DateAccessInput {
  date: string;
  today: string;
  settings: Settings;
  hours: CalendarEntry;
  /** The date is marked VIP: only reachable with a valid token. */
  isVipDay: boolean;
  vip: VipAccess | null;
  /** The closure covering the date (closureOn, rule: closures), or null. */
  closure: { reason: string } | null;
  /**
   * A booking already on the date moves within it (rule: reschedule): on a VIP day it keeps its
   * place without a token, only its time changes.
   */
  keepsVipDay?: boolean;
}

/** Why a customer cannot book on the date, or null when they can (rule: bookable-dates). */
export function dateAccessProblem(input: DateAccessInput): string | null {
  const { date, today, settings, hours, isVipDay, vip, closure, keepsVipDay = false } = input;
  if (daysBetween(today, date) < 0) return msg.datePassed;
  // A closure names its reason and outranks the day's hours, VIP marking and the horizon: no
  // token opens it.
  if (closure) return msg.dayClosedFor(closure.reason);
  if (!hours.isOpen) return msg.dayClosed;
  if (isVipDay && (!vip || (vip.date !== null && vip.date !== date))) return keepsVipDay ? null : msg.vipOnlyDate;
  // A link made for one VIP date opens that date however far ahead it lies: staff invite early.
  const invitedDate = isVipDay && vip?.date === date;
  if (!invitedDate && daysBetween(lastBookableDate(today, settings, vip), date) > 0) return msg.dateTooFarAhead;
  return null;
}

/** The minutes before the booked time after which a customer can no longer cancel online. */
export const CUSTOMER_CANCEL_MIN_MINUTES = 24 * 60;

export function customerCancelDeadlineMinutes(settings: Pick<Settings, 'cancellation_deadline_minutes'>): number {
  return Math.max(CUSTOMER_CANCEL_MIN_MINUTES, settings.cancellation_deadline_minutes);
}

/** The furthest date anyone may book: a general VIP link's horizon. */
export function furthestBookableDate(today: string, settings: Settings): string {
  return lastBookableDate(today, settings, { customerId: null, customerName: '', date: null });
}

/**
 * POST /admin/settings/sync-calendar's report (rule: open-days). Weekday hours apply live to
 * every date without an own calendar entry, so syncing stores nothing: of the dates from today
 * to the furthest one anyone may book, those without an own entry follow the weekday settings (`updated`,
 * `open` of them open), and the dates with an own entry keep it (`kept`).
 */
export function weekdaySyncReport(today: string, settings: Settings, ownEntryDates: ReadonlySet<string>) {
  const until = furthestBookableDate(today, settings);
  let updated = 0;
  let open = 0;
  for (let date = today; daysBetween(date, until) >= 0; date = addDays(date, 1)) {
    if (ownEntryDates.has(date)) continue;
    updated += 1;
    if (dayHours(date, settings, null).isOpen) open += 1;
  }
  return { updated, open, kept: ownEntryDates.size, until };
}
