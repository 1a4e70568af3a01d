// Read models fed by the kiosk-day streams: the day documents behind open days, availability and
// the calendar; the bookings list; and the sales statistics.
import type { RecordedEvent } from '../domain/eventStore.js';
import { kioskDayEvents, type BookingLine } from '../domain/kioskDay/kioskDay.js';
import { counterEvents } from '../domain/kioskDay/counterState.js';
import { WAITLIST_EVENTS } from '../domain/kioskDay/waitlistState.js';
import { customerEvents, type CustomerErasedData } from '../domain/customers/erasure.js';
import { addPizzas } from '../domain/kioskDay/schedule.js';
import { assertNever } from '../domain/shared/decider.js';
import { bookingPayment, SWISH_EVENTS } from '../domain/kioskDay/swishPayment.js';
import { msg } from '../domain/messages.js';
import {
  COLLECTIONS,
  pizzaSummary,
  type BookingDoc,
  type DayDoc,
  type MoveDoc,
  type StatsDayDoc,
} from '../read-models/shapes.js';
import { projection, type ProjectionBatch } from './projection.js';
import { ERASED } from '../domain/customers/personalData.js';
import { scrub } from './erasure.js';

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
export const daysProjection = projection({
  name: 'days_v1',
  collections: [COLLECTIONS.days],
  indexes: [
    [COLLECTIONS.days, 'date'],
    [COLLECTIONS.days, 'is_vip'],
  ],
  events: kioskDayEvents.types,
  // None of these changes the day's hours, VIP marking or pizzas in use: a kitchen step, a
  // reminder, a place in the queue without an offer, the counter's marks and delays.
  // A Swish payment's failure frees its place by the BookingCancelled in the same append.
  ignores: ['KitchenStepRecorded', 'BookingReminded', 'WaitlistJoined', ...counterEvents.types, ...SWISH_EVENTS],
  apply(event, batch) {
    const date = dateOfStream(event);
    // The day document belongs to the batch (projection.ts): booking events, nearly all of a
    // rebuild, change it in place. A copy of the whole day per event was, with the stats day's,
    // a fifth of a rebuild's folding in a CPU profile. Fields keep their order either way.
    return batch.update<DayDoc>(COLLECTIONS.days, date, event, (doc) => {
      const day = doc ?? emptyDay(date);
      switch (event.type) {
        case 'DayScheduleSet': {
          const { isOpen, openTime, closeTime } = event.data;
          return { ...day, entry: { isOpen, openTime, closeTime } };
        }
        case 'DayMarkedVip':
          return {
            ...day,
            is_vip: true,
            vip_description: event.data.description,
            vip_created_by: event.data.created_by,
          };
        case 'DayVipRemoved':
          return { ...day, is_vip: false, vip_description: null, vip_created_by: null };
        case 'BookingPlaced':
          addPizzas(day.pizzas_by_time, event.data.booking_time, event.data.total_pizzas);
          day.active_bookings += 1;
          return day;
        // Followed (its write moves the day's position) and ignored: a confirmation moves no pizzas.
        case 'BookingConfirmed':
          return day;
        case 'BookingCancelled':
        case 'BookingMovedAway':
          addPizzas(day.pizzas_by_time, event.data.booking_time, -event.data.total_pizzas);
          day.active_bookings -= 1;
          return day;
        case 'BookingRescheduled': {
          const { from_time, to_time, total_pizzas } = event.data;
          addPizzas(addPizzas(day.pizzas_by_time, from_time, -total_pizzas), to_time, total_pizzas);
          return day;
        }
        // Held waitlist offers are capacity in use (rule: waitlist): they count in pizzas_by_time.
        case 'WaitlistOfferMade':
          addPizzas(day.pizzas_by_time, event.data.time, event.data.pizzas);
          return day;
        case 'WaitlistOfferLapsed':
        case 'WaitlistOfferTaken':
          addPizzas(day.pizzas_by_time, event.data.time, -event.data.pizzas);
          return day;
        case 'WaitlistLeft':
          if (event.data.released_pizzas > 0)
            addPizzas(day.pizzas_by_time, event.data.time, -event.data.released_pizzas);
          return day;
        default:
          return assertNever(event);
      }
    });
  },
});

/**
 * The bookings list follows every change to a booking, each kitchen step too (rule:
 * booking-changes), and the delays, shown beside the booked time (rule: slot-delay: delayed_to).
 */
export const bookingsProjection = projection({
  name: 'bookings_v1',
  collections: [COLLECTIONS.bookings],
  indexes: [
    [COLLECTIONS.bookings, 'booking_date'],
    [COLLECTIONS.bookings, 'status'],
    [COLLECTIONS.bookings, 'swish_open'],
  ],
  events: [...kioskDayEvents.types, ...customerEvents.types],
  ignores: [
    // The day's own hours and VIP marking are the days projection's.
    'DayScheduleSet',
    'DayMarkedVip',
    'DayVipRemoved',
    // A reminder changes nothing a booking document shows (its mail follows from it).
    'BookingReminded',
    // A queue place becomes a booking by its own BookingPlaced.
    ...WAITLIST_EVENTS,
    // The counter's marks are the day's, not a booking's; a swap offered is only a mail.
    'PizzaSoldOut',
    'PizzaBackInStock',
    'SoldOutSwapOffered',
    'WebBookingsPaused',
    'WebBookingsResumed',
  ],
  apply(event, batch) {
    switch (event.type) {
      case 'SwishPaymentRequested':
      case 'SwishPaymentPaid':
      case 'SwishPaymentFailed':
      case 'SwishRefundRequested':
      case 'SwishRefunded':
      case 'SwishRefundFailed':
        // rules swish-payment, swish-refund. The payment and its refund as the customer and staff see them.
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc ? withPayment(doc, bookingPayment(doc.payment, event)) : null,
        );
      case 'CustomerErased':
        return scrubBookings(batch, event, event.data);
      case 'BookingPlaced': {
        const d = event.data;
        return batch.update<BookingDoc>(COLLECTIONS.bookings, d.booking_id, event, () => ({
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
          moved_from: d.moved_from ?? null,
          moved_to: null,
          // rule: staff-orders: only counter and phone orders carry it (absent reads as online).
          ...(d.source ? { source: d.source } : {}),
        }));
      }
      case 'BookingConfirmed':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc ? { ...doc, status: 'confirmed', confirmed_at: event.data.confirmed_at } : null,
        );
      case 'BookingCancelled':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc
            ? {
                ...doc,
                status: 'cancelled',
                cancelled_at: event.data.cancelled_at,
                cancelled_by: event.data.by,
                cancel_reason: event.data.reason,
              }
            : null,
        );
      case 'BookingRescheduled':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          // Pending again and out of the kitchen: staff confirm the new time as a new order. A delay
          // of the old slot does not follow it (rule: slot-delay).
          doc
            ? {
                ...withoutDelay(withoutKitchen(doc)),
                booking_time: event.data.to_time,
                status: 'pending',
                confirmed_at: null,
              }
            : null,
        );
      case 'BookingMovedAway':
        // Shown as cancelled (SPEC's three statuses) with the number it lives on under.
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc
            ? {
                ...doc,
                status: 'cancelled',
                cancelled_at: event.data.moved_at,
                cancelled_by: 'customer',
                cancel_reason: msg.bookingMovedTo(event.data.to),
                moved_to: event.data.to,
              }
            : null,
        );
      case 'KitchenStepRecorded':
        // Back before the oven (an undone first step) leaves the field out, as a booking that
        // never reached the kitchen has it (read-models/shapes.ts).
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) => {
          if (!doc) return null;
          const rest = withoutKitchen(doc);
          return event.data.kitchen_status === null ? rest : { ...rest, kitchen_status: event.data.kitchen_status };
        });
      case 'BookingDelayed':
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc ? { ...doc, delayed_to: event.data.delayed_to } : null,
        );
      case 'BookingDelayUndone':
        // Undone: the field left out, as on a booking never delayed (same digest after a rebuild).
        return batch.update<BookingDoc>(COLLECTIONS.bookings, event.data.booking_id, event, (doc) =>
          doc ? withoutDelay(doc) : null,
        );
      default:
        return assertNever(event);
    }
  },
});

/** A booking document as one that never reached the kitchen: the field left out (read-models/shapes.ts). */
/**
 * An erased customer's bookings: their personal fields, and staff's reason for a cancellation
 * (written about them: sealed with them, domain/customers/personalData.ts). A moved booking's
 * reason is the product's own "moved to" text and stays.
 */
async function scrubBookings(batch: ProjectionBatch, recorded: RecordedEvent, erased: CustomerErasedData) {
  // One update a document: the batch takes only one change per document and event.
  await scrub(
    batch,
    recorded,
    COLLECTIONS.bookings,
    erased.booking_ids,
    ['name', 'email', 'phone', 'comment'],
    (doc) => {
      // A booking document (BookingDoc): its cancel_reason and moved_to.
      if (doc.cancel_reason !== null && !doc.moved_to) doc.cancel_reason = ERASED;
    },
  );
}

/**
 * rules swish-payment, swish-refund. The booking with its payment, and `swish_open` naming what
 * Swish still has to answer (a requested payment, a requested refund), left out once nothing is.
 */
function withPayment(doc: BookingDoc, payment: BookingDoc['payment']): BookingDoc {
  const { swish_open: _before, ...rest } = doc;
  const open =
    payment?.status === 'requested' ? 'payment' : payment?.refund?.status === 'requested' ? 'refund' : undefined;
  return { ...rest, payment, ...(open ? { swish_open: open } : {}) };
}

function withoutDelay(doc: BookingDoc): BookingDoc {
  const { delayed_to: _undone, ...rest } = doc;
  return rest;
}

function withoutKitchen(doc: BookingDoc): BookingDoc {
  const { kitchen_status: _previous, ...rest } = doc;
  return rest;
}

/**
 * Moves to another date whose first step is done and second not yet (rule: reschedule): what
 * api/services/reschedule.ts finishes after a crash. Only moves in progress are kept.
 */
export const movesProjection = projection({
  name: 'moves_v1',
  collections: [COLLECTIONS.moves],
  events: [...kioskDayEvents.types, ...customerEvents.types],
  // A move in progress starts with its BookingPlaced and ends with its old booking moved away or
  // the new one cancelled (the first step undone): nothing else of a day touches it.
  ignores: [
    'DayScheduleSet',
    'DayMarkedVip',
    'DayVipRemoved',
    'BookingConfirmed',
    'KitchenStepRecorded',
    'BookingReminded',
    'BookingRescheduled',
    ...WAITLIST_EVENTS,
    ...counterEvents.types,
    ...SWISH_EVENTS,
  ],
  apply(event, batch) {
    switch (event.type) {
      case 'CustomerErased':
        return scrub(batch, event, COLLECTIONS.moves, event.data.booking_ids, ['email']);
      case 'BookingPlaced': {
        const d = event.data;
        if (!d.moved_from) return;
        const from = d.moved_from;
        return batch.update<MoveDoc>(COLLECTIONS.moves, d.booking_id, event, () => ({
          id: d.booking_id,
          from,
          booking_date: d.booking_date,
          booking_time: d.booking_time,
          email: d.email,
          requested_at: d.placed_at,
        }));
      }
      case 'BookingMovedAway':
        return removeMove(batch, event.data.to, event);
      case 'BookingCancelled':
        return removeMove(batch, event.data.booking_id, event);
      default:
        return assertNever(event);
    }
  },
});

/** Forgets a move in progress; most bookings never had one, and leave no tombstone behind. */
async function removeMove(batch: ProjectionBatch, id: string, recorded: RecordedEvent) {
  if (await batch.get<MoveDoc>(COLLECTIONS.moves, id))
    await batch.update<MoveDoc>(COLLECTIONS.moves, id, recorded, () => null);
}

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
 * Changes the day in place (it belongs to the projection batch, see daysProjection) and returns it.
 */
function applySales(day: StatsDayDoc, b: Sale, sign: 1 | -1): StatsDayDoc {
  const hour = b.booking_time.slice(0, 2);
  const by_pizza = day.by_pizza;
  for (const item of b.items) {
    const current = by_pizza[item.pizza_name] ?? { qty: 0, revenue_cents: 0 };
    const next = {
      qty: current.qty + sign * item.qty,
      revenue_cents: current.revenue_cents + sign * item.qty * item.price_cents,
    };
    if (next.qty > 0) by_pizza[item.pizza_name] = next;
    else delete by_pizza[item.pizza_name];
  }
  const by_hour = day.by_hour;
  const hourCount = (by_hour[hour] ?? 0) + sign;
  if (hourCount > 0) by_hour[hour] = hourCount;
  else delete by_hour[hour];
  day.pizzas += sign * b.total_pizzas;
  day.revenue_cents += sign * b.final_total_cents;
  return day;
}

export const statsProjection = projection({
  name: 'stats_v1',
  collections: [COLLECTIONS.statsDays],
  indexes: [[COLLECTIONS.statsDays, 'date']],
  events: kioskDayEvents.types,
  // The figures count where bookings stand (rule: booking-changes, the status events): a day's
  // hours, a kitchen step, a reminder, the queue and the counter change none of them.
  ignores: [
    'DayScheduleSet',
    'DayMarkedVip',
    'DayVipRemoved',
    'KitchenStepRecorded',
    'BookingReminded',
    ...WAITLIST_EVENTS,
    ...counterEvents.types,
    // A failed payment's cancellation is counted by its BookingCancelled.
    ...SWISH_EVENTS,
  ],
  apply(event, batch) {
    const date = dateOfStream(event);
    return batch.update<StatsDayDoc>(COLLECTIONS.statsDays, date, event, (doc) => {
      // Changed in place, as the day document (see daysProjection).
      const day = doc ?? emptyStatsDay(date);
      switch (event.type) {
        case 'BookingPlaced':
          day.placed += 1;
          day.pending += 1;
          return applySales(day, event.data, 1);
        case 'BookingConfirmed':
          day.pending -= 1;
          day.confirmed += 1;
          return day;
        case 'BookingCancelled': {
          day[event.data.previous_status] -= 1;
          // An undone first step of a move was never the customer's booking: as if never placed.
          if (event.data.move_undone) day.placed -= 1;
          else day.cancelled += 1;
          return applySales(day, event.data, -1);
        }
        case 'BookingMovedAway':
          // The booking now counts on the date it moved to.
          day[event.data.previous_status] -= 1;
          day.placed -= 1;
          return applySales(day, event.data, -1);
        case 'BookingRescheduled': {
          const { from_time, to_time, previous_status } = event.data;
          applySales(day, { booking_time: from_time, total_pizzas: 0, final_total_cents: 0, items: [] }, -1);
          applySales(day, { booking_time: to_time, total_pizzas: 0, final_total_cents: 0, items: [] }, 1);
          if (previous_status === 'confirmed') {
            day.confirmed -= 1;
            day.pending += 1;
          }
          return day;
        }
        default:
          return assertNever(event);
      }
    });
  },
});
