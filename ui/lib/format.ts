// How the UI shows dates and money: Swedish names (as dayjs's 'sv' locale, which the staff's
// screens use through lib/dayjs.ts; the customer's pages carry no date library), kronor (to the öre
// where an amount has öre).
export { formatKr, formatKrOre } from '../../domain/shared/money.js';

const WEEKDAYS = ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'];
const WEEKDAYS_SHORT = ['sön', 'mån', 'tis', 'ons', 'tor', 'fre', 'lör'];
/** The months' Swedish names, January first. */
export const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
];
const MONTHS_SHORT = ['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** A yyyy-MM-dd date as a local day. */
function day(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'måndag 24 november' */
export function formatDateLong(date: string): string {
  const d = day(date);
  return `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}`;
}
/** A month, yyyy-MM: 'november 2026' */
export function formatMonth(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}
/** 'mån 24 nov' */
export function formatDateShort(date: string): string {
  const d = day(date);
  return `${WEEKDAYS_SHORT[d.getDay()]} ${d.getDate()} ${MONTHS_SHORT[d.getMonth()]}`;
}

/** The next `days` dates from today as yyyy-MM-dd (the open-days fallback, SPEC 8). */
export function nextDates(days: number, from: Date = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + i);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
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
