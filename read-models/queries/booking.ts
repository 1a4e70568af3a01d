// Public booking queries: open days, availability, booking lookup.
import {
  dateAccessProblem,
  dayHours,
  lastBookableDate,
  slotCapacities,
  type VipAccess,
} from '../../domain/kioskDay/schedule.js';
import { customerCancellation } from '../../domain/kioskDay/cancellation.js';
import { availabilityMessage } from '../../domain/kioskDay/dayAccess.js';
import { movesWithinOwnDay, withoutOwnPizzas } from '../../domain/kioskDay/reschedule.js';
import { closureOn, type Closure } from '../../domain/closures/closures.js';
import type { Settings } from '../../domain/settings/settings.js';
import { addDays, daysBetween, isAhead, wallClock, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type BookingDoc, type ClosuresDoc, type DayDoc, type SettingsDoc } from '../shapes.js';
import { bookingView, closuresInEffect, getClosures, getSettings, settingsInEffect } from './common.js';
import { sameEmail } from '../../domain/customers/personalData.js';

export interface SlotView {
  time: string;
  available: boolean;
  can_accommodate: boolean;
  capacity_remaining: number;
}

type Now = ReturnType<typeof wallClock>;

/** Slots of a date still ahead of now, with their remaining capacity. */
function upcomingSlots(date: string, settings: Settings, day: DayDoc | null, pizzas: number, now: Now): SlotView[] {
  const hours = dayHours(date, settings, day?.entry ?? null);
  const slots = slotCapacities(hours, settings, day?.pizzas_by_time ?? {});
  // Every slot of a later day is ahead; only today's need comparing with the clock.
  const ahead = daysBetween(now.date, date) > 0 ? slots : slots.filter((s) => isAhead(now, date, s.time));
  return ahead.map((s) => ({
    time: s.time,
    available: s.capacity_remaining > 0,
    can_accommodate: s.capacity_remaining >= pizzas,
    capacity_remaining: s.capacity_remaining,
  }));
}

export interface OpenDay {
  date: string;
  openTime: string;
  closeTime: string;
  is_vip: boolean;
  vip_description: string | null;
}

/** Open days from today on, within the horizon; VIP days only as vip_dates, for a valid token. */
export async function openDays(docs: DocumentStore, input: { days: number; vip: VipAccess | null; clock: Clock }) {
  const [settings, closures] = await Promise.all([getSettings(docs), getClosures(docs)]);
  const now = wallClock(input.clock.now, input.clock.timeZone);
  const today = now.date;
  const requestedLast = addDays(today, input.days - 1);
  const horizonLast = lastBookableDate(today, settings, input.vip);
  const last = daysBetween(requestedLast, horizonLast) < 0 ? horizonLast : requestedLast;
  const dayDocs = new Map(
    (await docs.find<DayDoc>(COLLECTIONS.days, { date: { $gte: today, $lte: last } })).map((d) => [d.date, d]),
  );
  const dates: string[] = [];
  for (let date = today; daysBetween(date, last) >= 0; date = addDays(date, 1)) dates.push(date);
  // A link made for one VIP date opens it even beyond the horizon (rule: vip-dates).
  const invited = input.vip?.date;
  if (invited && daysBetween(last, invited) > 0) {
    const day = await docs.get<DayDoc>(COLLECTIONS.days, invited);
    if (day) dayDocs.set(invited, day);
    dates.push(invited);
  }
  const open_days: OpenDay[] = [];
  const vip_dates: OpenDay[] = [];
  for (const date of dates) {
    const day = dayDocs.get(date) ?? null;
    const hours = dayHours(date, settings, day?.entry ?? null);
    const isVipDay = day?.is_vip ?? false;
    if (
      dateAccessProblem({ date, today, settings, hours, isVipDay, vip: input.vip, closure: closureOn(date, closures) })
    )
      continue;
    if (upcomingSlots(date, settings, day, 1, now).length === 0) continue;
    const view = {
      date,
      openTime: hours.openTime,
      closeTime: hours.closeTime,
      is_vip: isVipDay,
      vip_description: day?.vip_description ?? null,
    };
    (isVipDay ? vip_dates : open_days).push(view);
  }
  return { open_days, vip_dates };
}

type Availability = { available: boolean; message: string | null; slots: SlotView[]; fits_request: boolean };

// Answers by settings and day document, then by date, order size, minute and VIP access. The
// read-model cache hands out the same settings and day objects until a projection changes them,
// so a changed document is a new key and stale answers simply stop being asked for. Booking
// pages poll this every second while a confirmation is shown: most polls are answered here.
const answers = new WeakMap<object, WeakMap<object, Map<string, Availability>>>();
const NO_DAY_DOC = {};

/** What an availability question asks: a date, an order size, a VIP link's access, and now. */
type AvailabilityInput = { date: string; pizzas: number; vip: VipAccess | null; clock: Clock };

export async function availability(docs: DocumentStore, input: AvailabilityInput): Promise<Availability> {
  // Three reads the read-model cache answers nearly always, awaited one after the other: an
  // allocation profile of the polled route found a third of the query's 3.4 KB per request in
  // Promise.all's bookkeeping and the async getSettings/getClosures wrappers around the reads.
  // (Reads of the embedded store are synchronous underneath, so nothing ran in parallel there.)
  const settings = await docs.get<SettingsDoc>(COLLECTIONS.settings, 'current');
  const closures = await docs.get<ClosuresDoc>(COLLECTIONS.closures, 'all');
  const day = await docs.get<DayDoc>(COLLECTIONS.days, input.date);
  return memoisedAvailability(input, settings, closures, day);
}

/**
 * availability() without a promise, when the read-model cache holds its three documents (peek):
 * undefined when one would have to be read. The booking page polls this every second; answered
 * here, a poll costs no microtask per read and no promise of its own.
 */
export function cachedAvailability(docs: DocumentStore, input: AvailabilityInput): Availability | undefined {
  if (!docs.peek) return undefined;
  const settings = docs.peek<SettingsDoc>(COLLECTIONS.settings, 'current');
  if (settings === undefined) return undefined;
  const closures = docs.peek<ClosuresDoc>(COLLECTIONS.closures, 'all');
  if (closures === undefined) return undefined;
  const day = docs.peek<DayDoc>(COLLECTIONS.days, input.date);
  if (day === undefined) return undefined;
  return memoisedAvailability(input, settings, closures, day);
}

function memoisedAvailability(
  input: AvailabilityInput,
  settingsDoc: SettingsDoc | null,
  closuresDoc: ClosuresDoc | null,
  day: DayDoc | null,
): Availability {
  const { date, pizzas, vip, clock } = input;
  const settings = settingsInEffect(settingsDoc);
  const closures = closuresInEffect(closuresDoc);
  const now = wallClock(clock.now, clock.timeZone);
  // A closure's id names it for good (ids are never reused, a closure never changes), so it can
  // key the memoised answers like the documents do.
  const closure = closureOn(date, closures);
  let bySettings = answers.get(settings);
  if (!bySettings) answers.set(settings, (bySettings = new WeakMap()));
  let byDay = bySettings.get(day ?? NO_DAY_DOC);
  if (!byDay) bySettings.set(day ?? NO_DAY_DOC, (byDay = new Map<string, Availability>()));
  const key = `${date}|${pizzas}|${now.date}|${now.minutes}|${vip ? `${vip.customerId}|${vip.date}` : '-'}|${closure?.id ?? '-'}`;
  let answer = byDay.get(key);
  if (!answer) {
    if (byDay.size > 500) byDay.clear();
    answer = computeAvailability(date, pizzas, vip, settings, day, closure, now);
    byDay.set(key, answer);
  }
  return answer;
}

/**
 * The slots a booking may move to on a date (rule: reschedule), as decideReschedule and the move
 * to another date decide them: as for a new booking of its pizzas, except that on its own date
 * its own pizzas are not counted (a move within its own window must not refuse itself) and the
 * VIP day it is already on stays open to it. Asked for each date the customer picks in the
 * dialog, so not memoised.
 */
export async function rescheduleAvailability(
  docs: DocumentStore,
  input: { booking: BookingDoc; date: string; clock: Clock },
): Promise<Availability> {
  const { booking, date, clock } = input;
  const [settings, closures] = await Promise.all([getSettings(docs), getClosures(docs)]);
  let day = await docs.get<DayDoc>(COLLECTIONS.days, date);
  const ownDay = movesWithinOwnDay(booking, date);
  // A copy: the document may be the read-model cache's own.
  if (ownDay && day) day = { ...day, pizzas_by_time: withoutOwnPizzas(day.pizzas_by_time, booking) };
  const now = wallClock(clock.now, clock.timeZone);
  return computeAvailability(date, booking.total_pizzas, null, settings, day, closureOn(date, closures), now, ownDay);
}

function computeAvailability(
  date: string,
  pizzas: number,
  vip: VipAccess | null,
  settings: Settings,
  day: DayDoc | null,
  closure: Closure | null,
  now: Now,
  /** A move within the booking's own day: it keeps its VIP day (dateAccessProblem's keepsVipDay). */
  withinOwnDay = false,
): Availability {
  const hours = dayHours(date, settings, day?.entry ?? null);
  const problem = dateAccessProblem({
    date,
    today: now.date,
    settings,
    hours,
    isVipDay: day?.is_vip ?? false,
    vip,
    closure,
    keepsVipDay: withinOwnDay,
  });
  if (problem) return { available: false, message: problem, slots: [], fits_request: false };
  const slots = upcomingSlots(date, settings, day, pizzas, now);
  const fits = slots.some((s) => s.can_accommodate);
  const message = availabilityMessage(slots, pizzas);
  return { available: fits, message, slots, fits_request: fits };
}

/**
 * A booking as its customer may see it: only with the e-mail it was made with (trimmed,
 * case-insensitive); a wrong e-mail is null like a missing booking, so numbers cannot be probed.
 */
export async function customerBooking(
  docs: DocumentStore,
  input: { bookingId: string; email: string },
): Promise<BookingDoc | null> {
  let doc = await docs.get<BookingDoc>(COLLECTIONS.bookings, input.bookingId.trim());
  if (!doc || !sameEmail(doc.email, input.email)) return null;
  // A number that was moved to another date stands for the booking it lives on as (rule:
  // reschedule): the customer's number keeps working. Bounded: each move is a request of theirs.
  for (let hop = 0; doc.moved_to && hop < 50; hop++) {
    const next: BookingDoc | null = await docs.get<BookingDoc>(COLLECTIONS.bookings, doc.moved_to);
    if (!next) break;
    doc = next;
  }
  return doc;
}

/** POST /bookings/lookup: the booking when the e-mail matches, else null (same as missing). */
export async function lookupBooking(docs: DocumentStore, input: { bookingId: string; email: string; clock: Clock }) {
  const doc = await customerBooking(docs, input);
  if (!doc) return null;
  const settings = await getSettings(docs);
  const { can_cancel, hours_until_booking } = customerCancellation(doc, settings, input.clock);
  const booking = bookingView(doc);
  return { booking, items: booking.items, can_cancel, hours_until_booking };
}
