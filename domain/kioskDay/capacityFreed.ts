// Which events of a kiosk day free capacity the waitlist may be offered (rule: waitlist): the
// waitlist's offer reactor (api/waitlist/offerReactor.ts) runs the offer decision for the day
// after each of them. Only a trigger: the decision itself (OfferFreedCapacity, waitlist.ts) looks
// at the whole day and appends nothing when nothing changed, so a trigger too many costs a read
// and never an offer. A hold's lapse is not here: the decision records it and offers in one go.
import type { KioskDayEvent } from './kioskDay.js';

/** The event types that may free capacity (what the reactor subscribes to). */
export const CAPACITY_FREEING_EVENT_TYPES: ReadonlySet<KioskDayEvent['type']> = new Set<KioskDayEvent['type']>([
  'BookingCancelled',
  'BookingMovedAway',
  'BookingRescheduled',
  'WaitlistLeft',
  'WaitlistOfferTaken',
]);

/** The date whose capacity the event may have freed, or null when it frees none. */
export function capacityFreedOn(event: KioskDayEvent): string | null {
  switch (event.type) {
    // A cancellation (by staff, the customer or the system) frees its pizzas; so does the old
    // day's side of a move to another date.
    case 'BookingCancelled':
    case 'BookingMovedAway':
      return event.data.booking_date;
    // A move within the day frees its old time's window.
    case 'BookingRescheduled':
      return event.data.booking_date;
    // Leaving frees a live hold; leaving while still waiting frees nothing.
    case 'WaitlistLeft':
      return event.data.released_pizzas > 0 ? event.data.date : null;
    // Booking fewer pizzas than were held gives the rest back (the booking, placed in the same
    // append, tells how many it took; the decision sees both).
    case 'WaitlistOfferTaken':
      return event.data.date;
    default:
      return null;
  }
}
