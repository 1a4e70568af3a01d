// The waitlist read model (rule: waitlist): one document per entry, for GET /api/waitlist/{token}
// (token → its date; the offer itself is read from the day's stream), the staff's queue per date,
// and the offer timer's list of dates with open entries.
import type { RecordedEvent } from '../domain/eventStore.js';
import { WAITLIST_EVENT_TYPES, type WaitlistEvent } from '../domain/kioskDay/waitlistState.js';
import { COLLECTIONS, type WaitlistDoc } from '../read-models/shapes.js';
import type { Projection } from './projection.js';
import { CUSTOMER_ERASED, erasedData, scrub } from './erasure.js';

export const waitlistProjection: Projection = {
  name: 'waitlist_v1',
  collections: [COLLECTIONS.waitlist],
  indexes: [
    [COLLECTIONS.waitlist, 'token'],
    [COLLECTIONS.waitlist, 'date'],
    [COLLECTIONS.waitlist, 'status'],
    [COLLECTIONS.waitlist, 'joined_position'],
  ],
  eventTypes: new Set([...WAITLIST_EVENT_TYPES, CUSTOMER_ERASED]),
  apply(recorded, batch) {
    if (recorded.type === CUSTOMER_ERASED)
      return scrub(batch, recorded, COLLECTIONS.waitlist, erasedData(recorded).waitlist_ids, ['name', 'email']);
    const event = recorded as unknown as WaitlistEvent & RecordedEvent;
    const id = event.data.waitlist_id;
    if (event.type === 'WaitlistJoined') {
      const { token, date, time, name, email, requested_pizzas, joined_at } = event.data;
      return batch.update<WaitlistDoc>(COLLECTIONS.waitlist, id, recorded, () => ({
        id,
        token,
        date,
        time,
        name,
        email,
        requested_pizzas,
        status: 'waiting',
        joined_at,
        joined_position: recorded.position,
        offered_pizzas: null,
        hold_expires_at: null,
        booking_id: null,
      }));
    }
    return batch.update<WaitlistDoc>(COLLECTIONS.waitlist, id, recorded, (doc) => {
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
      }
    });
  },
};
