// The waitlist read model (rule: waitlist): one document per entry, for GET /api/waitlist/{token}
// (token → its date; the offer itself is read from the day's stream), the staff's queue per date,
// and the offer timer's list of dates with open entries.
import { customerEvents } from '../domain/customers/erasure.js';
import { kioskDayEvents } from '../domain/kioskDay/kioskDay.js';
import { assertNever } from '../domain/shared/decider.js';
import { COLLECTIONS, type WaitlistDoc } from '../read-models/shapes.js';
import { projection } from './projection.js';
import { scrub } from './erasure.js';

export const waitlistProjection = projection({
  name: 'waitlist_v1',
  collections: [COLLECTIONS.waitlist],
  indexes: [
    [COLLECTIONS.waitlist, 'token'],
    [COLLECTIONS.waitlist, 'date'],
    [COLLECTIONS.waitlist, 'status'],
    [COLLECTIONS.waitlist, 'joined_position'],
  ],
  events: [...kioskDayEvents.types, ...customerEvents.types],
  ignores: [
    // The day's bookings and schedule: the booking an offer became is named by WaitlistOfferTaken.
    'DayScheduleSet',
    'DayMarkedVip',
    'DayVipRemoved',
    'BookingPlaced',
    'BookingConfirmed',
    'BookingCancelled',
    'KitchenStepRecorded',
    'BookingReminded',
    'BookingRescheduled',
    'BookingMovedAway',
    // The counter's evening changes no queue place.
    'PizzaSoldOut',
    'PizzaBackInStock',
    'SoldOutSwapOffered',
    'WebBookingsPaused',
    'WebBookingsResumed',
    'BookingDelayed',
    'BookingDelayUndone',
    // A booking's Swish payment and its refund change no queue place.
    'SwishPaymentRequested',
    'SwishPaymentPaid',
    'SwishPaymentFailed',
    'SwishRefundRequested',
    'SwishRefunded',
    'SwishRefundFailed',
  ],
  apply(event, batch) {
    if (event.type === 'CustomerErased')
      return scrub(batch, event, COLLECTIONS.waitlist, event.data.waitlist_ids, ['name', 'email']);
    const id = event.data.waitlist_id;
    if (event.type === 'WaitlistJoined') {
      const { token, date, time, name, email, requested_pizzas, joined_at } = event.data;
      return batch.update<WaitlistDoc>(COLLECTIONS.waitlist, id, event, () => ({
        id,
        token,
        date,
        time,
        name,
        email,
        requested_pizzas,
        status: 'waiting',
        joined_at,
        joined_position: event.position,
        offered_pizzas: null,
        hold_expires_at: null,
        booking_id: null,
      }));
    }
    return batch.update<WaitlistDoc>(COLLECTIONS.waitlist, id, event, (doc) => {
      if (!doc) return null;
      switch (event.type) {
        case 'WaitlistOfferMade':
          return {
            ...doc,
            status: 'offered',
            offered_pizzas: event.data.pizzas,
            hold_expires_at: event.data.hold_expires_at,
          };
        case 'WaitlistOfferLapsed':
          return { ...doc, status: 'lapsed' };
        case 'WaitlistOfferTaken':
          return { ...doc, status: 'booked', booking_id: event.data.booking_id };
        case 'WaitlistLeft':
          return { ...doc, status: 'left' };
        default:
          return assertNever(event);
      }
    });
  },
});
