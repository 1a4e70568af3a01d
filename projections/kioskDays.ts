// Read models fed by the kiosk-day streams: the day documents behind open days, availability and
// the calendar; the bookings list; and the sales statistics.
import type { RecordedEvent } from '../domain/eventStore.js';
import type { BookingLine, KioskDayEvent } from '../domain/kioskDay/kioskDay.js';
import { COLLECTIONS, pizzaSummary, type BookingDoc, type DayDoc, type StatsDayDoc } from '../read-models/shapes.js';
import type { Projection } from './projection.js';

// Held waitlist offers are capacity in use (rule: waitlist): they count in pizzas_by_time.
const dayEvents = new Set(['DayScheduleSet', 'DayMarkedVip', 'DayVipRemoved', 'BookingPlaced', 'BookingConfirmed', 'BookingCancelled', 'WaitlistOfferMade', 'WaitlistOfferLapsed', 'WaitlistOfferTaken', 'WaitlistLeft']);
const bookingEvents = new Set(['BookingPlaced', 'BookingConfirmed', 'BookingCancelled']);

const asDayEvent = (recorded: RecordedEvent) => recorded as unknown as KioskDayEvent & RecordedEvent;
const dateOfStream = (recorded: RecordedEvent) => recorded.streamName.slice('kioskday-'.length);

const emptyDay = (date: string): DayDoc => ({
  id: date,
  date,
  entry: null,
  is_vip: false,
  vip_description: null,
  vip_created_by: null,
  pizzas_by_time: {},
  active_bookings: 0,
});

/** Changes the map in place (the day document belongs to the projection batch) and returns it. */
function addPizzas(byTime: Record<string, number>, time: string, delta: number): Record<string, number> {
  const now = (byTime[time] ?? 0) + delta;
  if (now > 0) byTime[time] = now;
  else delete byTime[time];
  return byTime;
}

export const daysProjection: Projection = {
  name: 'days_v1',
  collections: [COLLECTIONS.days],
  indexes: [[COLLECTIONS.days, 'date'], [COLLECTIONS.days, 'is_vip']],
  eventTypes: dayEvents,
  apply(recorded, batch) {
    const event = asDayEvent(recorded);
    const date = dateOfStream(recorded);
    return batch.update<DayDoc>(COLLECTIONS.days, date, recorded, (doc) => {
      const day = doc ?? emptyDay(date);
      switch (event.type) {
        case 'DayScheduleSet': {
          const { isOpen, openTime, closeTime } = event.data;
          return { ...day, entry: { isOpen, openTime, closeTime } };
        }
        case 'DayMarkedVip':
          return { ...day, is_vip: true, vip_description: event.data.description, vip_created_by: event.data.created_by };
        case 'DayVipRemoved':
          return { ...day, is_vip: false, vip_description: null, vip_created_by: null };
        case 'BookingPlaced':
          return {
            ...day,
            pizzas_by_time: addPizzas(day.pizzas_by_time, event.data.booking_time, event.data.total_pizzas),
            active_bookings: day.active_bookings + 1,
          };
        case 'BookingCancelled':
          return {
            ...day,
            pizzas_by_time: addPizzas(day.pizzas_by_time, event.data.booking_time, -event.data.total_pizzas),
            active_bookings: day.active_bookings - 1,
          };
        case 'WaitlistOfferMade':
          return { ...day, pizzas_by_time: addPizzas(day.pizzas_by_time, event.data.time, event.data.pizzas) };
        case 'WaitlistOfferLapsed':
        case 'WaitlistOfferTaken':
          return { ...day, pizzas_by_time: addPizzas(day.pizzas_by_time, event.data.time, -event.data.pizzas) };
        case 'WaitlistLeft':
          return event.data.released_pizzas > 0 ? { ...day, pizzas_by_time: addPizzas(day.pizzas_by_time, event.data.time, -event.data.released_pizzas) } : day;
        default:
          return day;
      }
    });
  },
};

export const bookingsProjection: Projection = {
  name: 'bookings_v1',
  collections: [COLLECTIONS.bookings],
  indexes: [[COLLECTIONS.bookings, 'booking_date'], [COLLECTIONS.bookings, 'status']],
  eventTypes: bookingEvents,
  apply(recorded, batch) {
    const event = asDayEvent(recorded);
    switch (event.type) {
      case 'BookingPlaced': {
        const d = event.data;
        return batch.update<BookingDoc>(COLLECTIONS.bookings, d.booking_id, recorded, () => ({
          id: d.booking_id,
          booking_date: d.booking_date,
          booking_time: d.booking_time,
          name: d.name,
          email: d.email,
          phone: d.phone,
          dine_in: d.dine_in,
          status: 'pending',
          comment: d.comment,
          items: d.items,
          pizza_summary: pizzaSummary(d.items),
          total_pizzas: d.total_pizzas,
          original_total_cents: d.original_total_cents,
          discount_cents: d.discount_cents,
          final_total_cents: d.final_total_cents,
          bonus_code: d.bonus_code,
          vip_customer_id: d.vip_customer_id,
          created_at: d.placed_at,
          confirmed_at: null,
          cancelled_at: null,
          cancelled_by: null,
          cancel_reason: null,
        }));
      }
      case 'BookingConfirmed':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, recorded, (doc) =>
          doc ? { ...doc, status: 'confirmed', confirmed_at: event.data.confirmed_at } : null,
        );
      case 'BookingCancelled':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, recorded, (doc) =>
          doc
            ? { ...doc, status: 'cancelled', cancelled_at: event.data.cancelled_at, cancelled_by: event.data.by, cancel_reason: event.data.reason }
            : null,
        );
      default:
        return;
    }
  },
};

const emptyStatsDay = (date: string): StatsDayDoc => ({
  id: date,
  date,
  placed: 0,
  pending: 0,
  confirmed: 0,
  cancelled: 0,
  pizzas: 0,
  revenue_cents: 0,
  by_pizza: {},
  by_hour: {},
});

type Sale = { booking_time: string; total_pizzas: number; final_total_cents: number; items: BookingLine[] };

/**
 * Adds (sign 1) or removes (sign -1) a booking's pizzas, revenue and hour from a day's figures.
 * The maps change in place: the day document belongs to the projection batch.
 */
function applySales(day: StatsDayDoc, b: Sale, sign: 1 | -1): StatsDayDoc {
  const hour = b.booking_time.slice(0, 2);
  const by_pizza = day.by_pizza;
  for (const item of b.items) {
    const current = by_pizza[item.pizza_name] ?? { qty: 0, revenue_cents: 0 };
    const next = { qty: current.qty + sign * item.qty, revenue_cents: current.revenue_cents + sign * item.qty * item.price_cents };
    if (next.qty > 0) by_pizza[item.pizza_name] = next;
    else delete by_pizza[item.pizza_name];
  }
  const by_hour = day.by_hour;
  const hourCount = (by_hour[hour] ?? 0) + sign;
  if (hourCount > 0) by_hour[hour] = hourCount;
  else delete by_hour[hour];
  return { ...day, pizzas: day.pizzas + sign * b.total_pizzas, revenue_cents: day.revenue_cents + sign * b.final_total_cents, by_pizza, by_hour };
}

export const statsProjection: Projection = {
  name: 'stats_v1',
  collections: [COLLECTIONS.statsDays],
  indexes: [[COLLECTIONS.statsDays, 'date']],
  eventTypes: bookingEvents,
  apply(recorded, batch) {
    const event = asDayEvent(recorded);
    const date = dateOfStream(recorded);
    return batch.update<StatsDayDoc>(COLLECTIONS.statsDays, date, recorded, (doc) => {
      const day = doc ?? emptyStatsDay(date);
      switch (event.type) {
        case 'BookingPlaced':
          return applySales({ ...day, placed: day.placed + 1, pending: day.pending + 1 }, event.data, 1);
        case 'BookingConfirmed':
          return { ...day, pending: day.pending - 1, confirmed: day.confirmed + 1 };
        case 'BookingCancelled': {
          const from = event.data.previous_status;
          return applySales({ ...day, [from]: day[from] - 1, cancelled: day.cancelled + 1 }, event.data, -1);
        }
        default:
          return day;
      }
    });
  },
};
