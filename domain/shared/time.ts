// Calendar arithmetic for the kiosk's local time. Pure: the current instant always comes in as
// an argument; the kiosk time zone (KIOSK_TZ) is passed alongside it.
//
// Dates are yyyy-MM-dd strings and times HH:mm strings on the kiosk's wall clock. The arithmetic
// is done on UTC day numbers and cached Intl formatters rather than dayjs: availability runs it
// for every slot of every request, and dayjs' time-zone plugin costs tens of microseconds a call.
// (dayjs still formats dates for people, in mails and PDFs.)

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface Clock {
  /** The current instant. */
  now: Date;
  /** IANA zone of the kiosk, e.g. Europe/Stockholm. */
  timeZone: string;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 86_400_000;

// Day numbers by date string: a request asks about the same few dates again and again.
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of a yyyy-MM-dd date, or NaN when it is not a real date. */
function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    if (dayNumbers.size > 10_000) dayNumbers.clear();
    n = computeDayNumber(date);
    dayNumbers.set(date, n);
  }
  return n;
}

function computeDayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN;
  return ms / DAY_MS;
}

const dateOfDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function isValidDate(value: string): boolean {
  return !Number.isNaN(dayNumber(value));
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value);
}

/** Accepts 'H:mm', 'HH:mm' and 'HH:mm:ss' and returns 'HH:mm', or null. */
export function normaliseTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const t = `${m[1].padStart(2, '0')}:${m[2]}`;
  return isValidTime(t) ? t : null;
}

/** Accepts yyyy-MM-dd or an ISO date-time and returns yyyy-MM-dd, or null (SPEC 5: normalised). */
export function normaliseDate(value: string): string | null {
  const head = value.trim().slice(0, 10);
  return isValidDate(head) ? head : null;
}

/** Minutes since midnight of an 'HH:mm' time (read digit by digit: it runs for every slot). */
export function minutesOf(time: string): number {
  const digit = (i: number) => time.charCodeAt(i) - 48;
  return (digit(0) * 10 + digit(1)) * 60 + digit(3) * 10 + digit(4);
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday; SPEC weeks start on Monday.
  return WEEKDAYS[(((dayNumber(date) + 3) % 7) + 7) % 7];
}

/** Monday of the week the date is in. */
export function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type WallClock = { date: string; minutes: number; utcOffsetMs: number };

// Wall-clock readings by zone and whole minute: Intl formatting costs microseconds, and every
// request of a rush asks about the same minute. Bounded, cleared when full.
const readings = new Map<string, WallClock>();
// The latest of them, asked again without building its key: a poll every second per booking page.
let latest: { timeZone: string; minute: number; reading: WallClock } | null = null;

/** The kiosk's wall clock at an instant: its date and minutes since local midnight. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const ms = instant.getTime();
  if (ms % 60_000 !== 0 && ms >= 0) {
    // Within one minute only the seconds change, and the reading ignores them.
    const minute = Math.floor(ms / 60_000);
    if (latest !== null && latest.minute === minute && latest.timeZone === timeZone) return latest.reading;
    const key = `${timeZone}|${minute}`;
    let reading = readings.get(key);
    if (!reading) {
      if (readings.size > 4096) readings.clear();
      reading = readWallClock(new Date(minute * 60_000), timeZone);
      readings.set(key, reading);
    }
    latest = { timeZone, minute, reading };
    return reading;
  }
  return readWallClock(instant, timeZone);
}

function readWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of wallClockFormatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { date, minutes, utcOffsetMs: asUtc - (instant.getTime() - instant.getMilliseconds()) };
}

export function todayIn(clock: Clock): string {
  return wallClock(clock.now, clock.timeZone).date;
}

/** The instant a local kiosk date and time denote (the later one in a DST fold). */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const naive = dayNumber(date) * DAY_MS + minutesOf(time) * 60_000;
  // The zone's offset at the naive instant is right except across a DST change; one more
  // round with the offset found settles it.
  let instant = naive - wallClock(new Date(naive), timeZone).utcOffsetMs;
  instant = naive - wallClock(new Date(instant), timeZone).utcOffsetMs;
  return new Date(instant);
}

export function minutesUntil(clock: Clock, date: string, time: string): number {
  return (instantOf(date, time, clock.timeZone).getTime() - clock.now.getTime()) / 60_000;
}

/**
 * Whether a slot on a date has not started yet. Cheap for the common case: any date after
 * today's is ahead, any date before is past; only today's slots compare minutes.
 */
export function isAhead(now: { date: string; minutes: number }, date: string, time: string): boolean {
  const days = daysBetween(now.date, date);
  return days > 0 || (days === 0 && minutesOf(time) > now.minutes);
}
