// Calendar arithmetic for the kiosk's local time. Pure: the current instant always comes in as
// an argument; the kiosk time zone (KIOSK_TZ) is passed alongside it.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface Clock {
  /** The current instant. */
  now: Date;
  /** IANA zone of the kiosk, e.g. Europe/Stockholm. */
  timeZone: string;
}

export function isValidDate(value: string): boolean {
  return DATE_RE.test(value) && dayjs(value, DATE_FORMAT, true).isValid();
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value);
}

/** Accepts 'H:mm', 'HH:mm' and 'HH:mm:ss' and returns 'HH:mm', or null. */
export function normaliseTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const t = `${m[1]!.padStart(2, '0')}:${m[2]}`;
  return isValidTime(t) ? t : null;
}

/** Accepts yyyy-MM-dd or an ISO date-time and returns yyyy-MM-dd, or null (SPEC 5: normalised). */
export function normaliseDate(value: string): string | null {
  const head = value.trim().slice(0, 10);
  return isValidDate(head) ? head : null;
}

export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function todayIn(clock: Clock): string {
  return dayjs(clock.now).tz(clock.timeZone).format(DATE_FORMAT);
}

export function addDays(date: string, days: number): string {
  return dayjs(date, DATE_FORMAT, true).add(days, 'day').format(DATE_FORMAT);
}

export function daysBetween(from: string, to: string): number {
  return dayjs(to, DATE_FORMAT, true).diff(dayjs(from, DATE_FORMAT, true), 'day');
}

export function weekdayOf(date: string): Weekday {
  // dayjs: 0 = Sunday. SPEC: weeks start on Monday.
  return WEEKDAYS[(dayjs(date, DATE_FORMAT, true).day() + 6) % 7]!;
}

/** Monday of the week the date is in. */
export function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** The instant a local kiosk date and time denote. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', timeZone).toDate();
}

export function minutesUntil(clock: Clock, date: string, time: string): number {
  return (instantOf(date, time, clock.timeZone).getTime() - clock.now.getTime()) / 60_000;
}
