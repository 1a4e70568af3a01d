// Web Push subscriptions (POST /notifications/subscribe): one stream ('push-subscriptions').
// A subscription is keyed by a hash of its endpoint, so subscribing twice stores it once. It may
// be tied to bookings (rule: ready-notice): the browser that made a booking asks to hear when the
// order is ready. A push service answering 404/410 for it means the browser dropped it: it is
// dropped here too, and a later subscription of the same endpoint starts afresh.
//
// A subscription tied to a booking is the customer's personal data (rule: erasure): its endpoint
// and keys are sealed under the customer's key (domain/customers/personalData.ts: the record
// names its customer by `email`), and erasing the customer drops it from the read model
// (projections/catalog.ts) while its events read "[raderad]". A subscription for no
// booking names no one, so it stays as the browser sent it. Once a customer's key is gone their
// copy reads "[raderad]": such a subscription is known by its id but has no endpoint to send to,
// until another customer's link carries one of their own.
import { ERASED } from '../customers/personalData.js';
import { assertNever, type DomainEvent, type Decider } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';

export const PUSH_STREAM = 'push-subscriptions';

export interface PushSubscription {
  id: string;
  endpoint: string;
  keys: Record<string, string>;
  subscribed_at: string;
  /** The booking it was made for (absent: a subscription for no booking, as SPEC's call sends). */
  booking_id?: string;
  /** The booking's customer (normalised), whose key seals endpoint and keys; absent without a booking. */
  email?: string;
}

export interface PushSubscriptionLinked {
  id: string;
  booking_id: string;
  linked_at: string;
  /** The linking booking's customer and their own sealed copy of the subscription (absent in events before sealing). */
  email?: string;
  endpoint?: string;
  keys?: Record<string, string>;
}

export interface PushSubscriptionDropped {
  id: string;
  /** The push service's answer that said the subscription is gone (404 or 410). */
  status: number;
  dropped_at: string;
}

export type PushEvent =
  | DomainEvent<'PushSubscribed', PushSubscription>
  | DomainEvent<'PushSubscriptionLinked', PushSubscriptionLinked>
  | DomainEvent<'PushSubscriptionDropped', PushSubscriptionDropped>;

/** The push subscriptions' events: their decoding point (domain/shared/events.ts). */
export const pushEvents = eventsOf<PushEvent>({
  PushSubscribed: true,
  PushSubscriptionLinked: true,
  PushSubscriptionDropped: true,
});

export type PushCommand =
  | { type: 'Subscribe'; subscription: PushSubscription }
  | { type: 'DropSubscription'; id: string; status: number; at: string };

/** A live subscription with the bookings it should hear about. */
export interface KnownSubscription {
  id: string;
  endpoint: string;
  keys: Record<string, string>;
  booking_ids: string[];
}

export type PushState = { subscriptions: Map<string, KnownSubscription> };

export const pushDecider: Decider<PushCommand, PushEvent, PushState> = {
  initialState: () => ({ subscriptions: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'PushSubscribed': {
        const { id, endpoint, keys, booking_id } = event.data;
        state.subscriptions.set(id, { id, endpoint, keys, booking_ids: booking_id ? [booking_id] : [] });
        return state;
      }
      case 'PushSubscriptionLinked': {
        const known = state.subscriptions.get(event.data.id);
        if (known && !known.booking_ids.includes(event.data.booking_id)) known.booking_ids.push(event.data.booking_id);
        // The first customer erased, a later one's own copy still opens.
        const { endpoint, keys } = event.data;
        if (known && known.endpoint === ERASED && endpoint && endpoint !== ERASED && keys && typeof keys === 'object')
          Object.assign(known, { endpoint, keys });
        return state;
      }
      case 'PushSubscriptionDropped':
        state.subscriptions.delete(event.data.id);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Subscribe': {
        const { subscription } = command;
        const known = state.subscriptions.get(subscription.id);
        if (!known) return [{ type: 'PushSubscribed', data: subscription }];
        // The same endpoint again: stored once; a booking it was not yet tied to is linked.
        const bookingId = subscription.booking_id;
        if (!bookingId || known.booking_ids.includes(bookingId)) return [];
        const { id, email, endpoint, keys, subscribed_at } = subscription;
        return [
          {
            type: 'PushSubscriptionLinked',
            data: {
              id,
              booking_id: bookingId,
              linked_at: subscribed_at,
              // The linking customer's own copy, sealed under their key.
              ...(email ? { email, endpoint, keys } : {}),
            },
          },
        ];
      }
      case 'DropSubscription':
        // Dropped already (another notice found it gone first): nothing more to record.
        if (!state.subscriptions.has(command.id)) return [];
        return [
          { type: 'PushSubscriptionDropped', data: { id: command.id, status: command.status, dropped_at: command.at } },
        ];
      default:
        return assertNever(command);
    }
  },
};

/** The live subscriptions tied to a booking that can be sent to (not only erased copies). */
export function subscriptionsOf(state: PushState, bookingId: string): KnownSubscription[] {
  return [...state.subscriptions.values()].filter((s) => s.booking_ids.includes(bookingId) && s.endpoint !== ERASED);
}
