// How the UI shows dates and money: Swedish locale (weeks start on Monday), whole kronor.
import dayjs from 'dayjs';
import 'dayjs/locale/sv';
export { formatKr, formatKrOre } from '../../domain/shared/money.js';

dayjs.locale('sv');

/** 'måndag 24 november' */
export const formatDateLong = (date: string) => dayjs(date).format('dddd D MMMM');
/** 'mån 24 nov' */
export const formatDateShort = (date: string) => dayjs(date).format('ddd D MMM');

/** The next `days` dates from today as yyyy-MM-dd (the open-days fallback, SPEC 8). */
export function nextDates(days: number, from: Date = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => dayjs(from).add(i, 'day').format('YYYY-MM-DD'));
}

/** A fresh idempotency key (crypto.randomUUID exists only on secure origins). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A duration in whole hours and minutes, in Swedish: "1 timme", "36 timmar", "24 timmar och 30 minuter". */
export function formatHours(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? '1 timme' : `${hours} timmar`;
  if (rest === 0) return hourText;
  const minuteText = rest === 1 ? '1 minut' : `${rest} minuter`;
  return hours === 0 ? minuteText : `${hourText} och ${minuteText}`;
}

