// Read models fed by the kiosk-day streams: the day documents behind open days, availability and
// the calendar; the bookings list; and the sales statistics.
import type { RecordedEvent } from '../domain/eventStore.js';
import type { KioskDayEvent } from '../domain/kioskDay/kioskDay.js';
import {
  C,
  pizzaSummary,
  type BookingDoc,
  type DayDoc,
  type StatsBookingDoc,
  type StatsDayDoc,
} from '../read-models/shapes.js';
import type { Projection, ProjectionBatch } from './projection.js';

const dayEvents = new Set(['DayScheduleSet', 'DayMarkedVip', 'DayVipRemoved', 'BookingPlaced', 'BookingConfirmed', 'BookingCancelled']);
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

function addPizzas(byTime: Record<string, number>, time: string, delta: number): Record<string, number> {
  const next = { ...byTime };
  const now = (next[time] ?? 0) + delta;
  if (now > 0) next[time] = now;
  else delete next[time];
  return next;
}

export const daysProjection: Projection = {
  name: 'days_v1',
  collections: [C.days, C.dayBookings],
  indexes: [[C.days, 'date'], [C.days, 'is_vip']],
  eventTypes: dayEvents,
  async apply(recorded, batch) {
    const event = asDayEvent(recorded);
    const date = dateOfStream(recorded);
    if (event.type === 'BookingCancelled') {
      // The booking's time and size come from the bookings read model of this same batch or store.
      const booking = await batch.get<DayBookingDoc>(C.dayBookings, event.data.booking_id);
      if (!booking) return;
      return batch.update<DayDoc>(C.days, date, recorded, (doc) => {
        const day = doc ?? emptyDay(date);
        return { ...day, pizzas_by_time: addPizzas(day.pizzas_by_time, booking.booking_time, -booking.total_pizzas), active_bookings: day.active_bookings - 1 };
      });
    }
    if (event.type === 'BookingPlaced') {
      const { booking_id, booking_time, total_pizzas } = event.data;
      await batch.update<DayBookingDoc>(C.dayBookings, booking_id, recorded, () => ({ id: booking_id, booking_time, total_pizzas }));
    }
    return batch.update<DayDoc>(C.days, date, recorded, (doc) => {
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
        default:
          return day;
      }
    });
  },
};

/** What the day projection keeps of each booking so it can free its capacity on cancellation. */
type DayBookingDoc = {
  id: string;
  booking_time: string;
  total_pizzas: number;
};

export const bookingsProjection: Projection = {
  name: 'bookings_v1',
  collections: [C.bookings],
  indexes: [[C.bookings, 'booking_date'], [C.bookings, 'status']],
  eventTypes: bookingEvents,
  async apply(recorded, batch) {
    const event = asDayEvent(recorded);
    switch (event.type) {
      case 'BookingPlaced': {
        const d = event.data;
        return batch.update<BookingDoc>(C.bookings, d.booking_id, recorded, () => ({
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
        return batch.update<BookingDoc>(C.bookings, event.data.booking_id, recorded, (doc) =>
          doc ? { ...doc, status: 'confirmed', confirmed_at: event.data.confirmed_at } : null,
        );
      case 'BookingCancelled':
        return batch.update<BookingDoc>(C.bookings, event.data.booking_id, recorded, (doc) =>
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

/** Adds (sign 1) or removes (sign -1) a booking's pizzas, revenue and hour from a day's figures. */
function applySales(day: StatsDayDoc, b: Omit<StatsBookingDoc, 'id' | 'status'>, sign: 1 | -1): StatsDayDoc {
  const by_pizza = { ...day.by_pizza };
  for (const item of b.items) {
    const current = by_pizza[item.pizza_name] ?? { qty: 0, revenue_cents: 0 };
    const next = { qty: current.qty + sign * item.qty, revenue_cents: current.revenue_cents + sign * item.qty * item.price_cents };
    if (next.qty > 0) by_pizza[item.pizza_name] = next;
    else delete by_pizza[item.pizza_name];
  }
  const by_hour = { ...day.by_hour };
  const hourCount = (by_hour[b.hour] ?? 0) + sign;
  if (hourCount > 0) by_hour[b.hour] = hourCount;
  else delete by_hour[b.hour];
  return { ...day, pizzas: day.pizzas + sign * b.total_pizzas, revenue_cents: day.revenue_cents + sign * b.final_total_cents, by_pizza, by_hour };
}

export const statsProjection: Projection = {
  name: 'stats_v1',
  collections: [C.statsDays, C.statsBookings],
  indexes: [[C.statsDays, 'date']],
  eventTypes: bookingEvents,
  async apply(recorded, batch) {
    const event = asDayEvent(recorded);
    switch (event.type) {
      case 'BookingPlaced': {
        const d = event.data;
        const booking: StatsBookingDoc = {
          id: d.booking_id,
          date: d.booking_date,
          status: 'pending',
          prev_status: 'pending',
          hour: d.booking_time.slice(0, 2),
          total_pizzas: d.total_pizzas,
          final_total_cents: d.final_total_cents,
          items: d.items,
        };
        await batch.update<StatsBookingDoc>(C.statsBookings, d.booking_id, recorded, () => booking);
        return batch.update<StatsDayDoc>(C.statsDays, d.booking_date, recorded, (doc) => {
          const day = doc ?? emptyStatsDay(d.booking_date);
          return applySales({ ...day, placed: day.placed + 1, pending: day.pending + 1 }, booking, 1);
        });
      }
      case 'BookingConfirmed':
      case 'BookingCancelled': {
        const booking = await batch.get<StatsBookingDoc>(C.statsBookings, event.data.booking_id);
        if (!booking) return;
        // If the booking record already took this event (a replay after a partial MongoDB commit),
        // its previous status says what the day's figures still have to move.
        const replayed = booking._pos >= recorded.position;
        const from = replayed ? booking.prev_status : booking.status;
        const to = replayed ? booking.status : event.type === 'BookingConfirmed' ? 'confirmed' : 'cancelled';
        if (from === to || from === 'cancelled') return;
        await batch.update<StatsDayDoc>(C.statsDays, booking.date, recorded, (doc) => {
          const day = doc ?? emptyStatsDay(booking.date);
          const moved = { ...day, [from]: day[from] - 1, [to]: day[to] + 1 };
          return to === 'cancelled' ? applySales(moved, booking, -1) : moved;
        });
        return batch.update<StatsBookingDoc>(C.statsBookings, booking.id, recorded, (doc) => (doc ? { ...doc, prev_status: from, status: to } : null));
      }
      default:
        return;
    }
  },
};
