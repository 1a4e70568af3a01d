// Admin queries: bookings, calendar week, VIP, bonus codes, report data.
import { dayHours } from '../../domain/kioskDay/schedule.js';
import { affectedBookings, closureOn, type Closure, type ClosureInput } from '../../domain/closures/closures.js';
import { addDays, daysBetween, todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore, Filter } from '../documentStore.js';
import {
  COLLECTIONS,
  type BonusCodeDoc,
  type BookingDoc,
  type DayDoc,
  type PizzaDoc,
  type VipCustomerDoc,
  type VipInvitationDoc,
} from '../shapes.js';
import { bookingView, getClosures, getSettings, publicDoc, withNumericId } from './common.js';
import { allergenAnswer } from '../../domain/menu/allergens.js';

const byNumericId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export async function listPizzas(docs: DocumentStore, options: { activeOnly: boolean }) {
  const pizzas = await docs.find<PizzaDoc>(COLLECTIONS.pizzas, options.activeOnly ? { active: 1 } : {});
  return pizzas
    .map((doc) => ({
      ...withNumericId(doc),
      ...allergenAnswer(doc.allergens),
      removable: doc.removable ?? [],
      // Rule allergen-kinds: only where a cereal or nut is named.
      ...(doc.allergen_kinds && Object.keys(doc.allergen_kinds).length > 0
        ? { allergen_kinds: doc.allergen_kinds }
        : {}),
    }))
    .sort(byNumericId);
}

export async function listBookings(docs: DocumentStore, input: { status?: string; date?: string; clock: Clock }) {
  const filter: Filter = {};
  if (input.status && input.status !== 'all') filter.status = input.status;
  if (input.date && input.date !== 'all') {
    const today = todayIn(input.clock);
    filter.booking_date = input.date === 'today' ? today : input.date === 'tomorrow' ? addDays(today, 1) : input.date;
  }
  const bookings = await docs.find<BookingDoc>(COLLECTIONS.bookings, filter, {
    sort: [
      ['booking_date', 1],
      ['booking_time', 1],
      ['created_at', 1],
    ],
  });
  return bookings.map(bookingView);
}

export async function getBooking(docs: DocumentStore, id: string) {
  const doc = await docs.get<BookingDoc>(COLLECTIONS.bookings, id);
  return doc ? bookingView(doc) : null;
}

/** Bookings with a booking date in [start, end], in date and time order (the PDF reports). */
export async function bookingsBetween(docs: DocumentStore, start: string, end: string) {
  const bookings = await docs.find<BookingDoc>(
    COLLECTIONS.bookings,
    { booking_date: { $gte: start, $lte: end } },
    {
      sort: [
        ['booking_date', 1],
        ['booking_time', 1],
      ],
    },
  );
  return bookings.map(bookingView);
}

export interface CalendarDayView {
  date: string;
  isOpen: boolean;
  openTime: string;
  closeTime: string;
  isVIP: boolean;
  vipDescription: string | null;
  bookings: number;
  hasOwnEntry: boolean;
  closure: { id: number; reason: string } | null;
}

/** GET /admin/calendar/week: every date of [start, end] (default a week), keyed by date. */
/** The days from start to end (a week when end is left out) as the admin calendar shows them. */
export async function calendarWeek(docs: DocumentStore, query: { start: string; end?: string }) {
  const input = { start: query.start, end: query.end ?? addDays(query.start, 6) };
  const [settings, closures] = await Promise.all([getSettings(docs), getClosures(docs)]);
  const dayDocs = new Map(
    (await docs.find<DayDoc>(COLLECTIONS.days, { date: { $gte: input.start, $lte: input.end } })).map((d) => [
      d.date,
      d,
    ]),
  );
  const schedule: Record<string, CalendarDayView> = {};
  for (let date = input.start; daysBetween(date, input.end) >= 0; date = addDays(date, 1)) {
    schedule[date] = calendarDay(date, settings, dayDocs.get(date) ?? null, closures);
  }
  return { schedule };
}

/**
 * One day of the admin calendar from the settings, its day document and the closures. isOpen and
 * the times are the day's own hours; a closure covering it is named beside them (rule: closures).
 */
export function calendarDay(
  date: string,
  settings: Awaited<ReturnType<typeof getSettings>>,
  day: DayDoc | null,
  closures: readonly Closure[],
): CalendarDayView {
  const hours = dayHours(date, settings, day?.entry ?? null);
  const closure = closureOn(date, closures);
  return {
    date,
    isOpen: hours.isOpen,
    openTime: hours.openTime,
    closeTime: hours.closeTime,
    isVIP: day?.is_vip ?? false,
    vipDescription: day?.vip_description ?? null,
    bookings: day?.active_bookings ?? 0,
    hasOwnEntry: hours.hasOwnEntry,
    closure: closure && { id: closure.id, reason: closure.reason },
  };
}

/** GET /admin/closures: the closures in effect, in the order they were added. */
export async function listClosures(docs: DocumentStore) {
  return { closures: await getClosures(docs) };
}

/**
 * The pending and confirmed bookings, from today on, on dates the closure covers (rule:
 * closure-bookings), as the closures screen lists them.
 */
export async function closureBookings(docs: DocumentStore, closure: ClosureInput, clock: Clock) {
  const today = todayIn(clock);
  // A one-off range bounds the dates to read; a recurring one may fall in any coming year.
  const dates = closure.recurring
    ? { $gte: today }
    : { $gte: closure.from < today ? today : closure.from, $lte: closure.to };
  const bookings = await docs.find<BookingDoc>(COLLECTIONS.bookings, {
    booking_date: dates,
    status: { $in: ['pending', 'confirmed'] },
  });
  return affectedBookings(closure, bookings, today).map((b) => ({
    id: b.id,
    date: b.booking_date,
    time: b.booking_time,
    name: b.name,
    total_pizzas: b.total_pizzas,
    status: b.status as 'pending' | 'confirmed',
  }));
}

export async function listVipCustomers(docs: DocumentStore) {
  return (await docs.find<VipCustomerDoc>(COLLECTIONS.vipCustomers)).map(withNumericId).sort(byNumericId);
}

/** SPEC 3 VIP date: id, date, description, active, created_by. The id is the date itself. */
export async function listVipDates(docs: DocumentStore) {
  const days = await docs.find<DayDoc>(COLLECTIONS.days, { is_vip: true }, { sort: [['date', 1]] });
  return days.map(vipDateView);
}

export function vipDateView(day: Pick<DayDoc, 'date' | 'vip_description' | 'vip_created_by'>) {
  return {
    id: day.date,
    date: day.date,
    description: day.vip_description,
    active: 1 as const,
    created_by: day.vip_created_by,
  };
}

export async function listVipInvitations(docs: DocumentStore) {
  const invitations = await docs.find<VipInvitationDoc>(COLLECTIONS.vipInvitations, {}, { sort: [['sent_at', -1]] });
  return invitations.map(({ token: _token, ...rest }) => publicDoc(rest));
}

export async function listBonusCodes(docs: DocumentStore) {
  return (await docs.find<BonusCodeDoc>(COLLECTIONS.bonusCodes)).map(withNumericId).sort(byNumericId);
}

/** One bonus code as the admin list shows it, or null. */
