// Web Push subscriptions (POST /notifications/subscribe): one stream ('push-subscriptions').
// A subscription is keyed by a hash of its endpoint, so subscribing twice stores it once. It may
// be tied to bookings (rule: ready-notice): the browser that made a booking asks to hear when the
// order is ready. A push service answering 404/410 for it means the browser dropped it: it is
// dropped here too, and a later subscription of the same endpoint starts afresh.
import { assertNever, type DomainEvent, type Decider } from '../shared/decider.js';

export const PUSH_STREAM = 'push-subscriptions';

export interface PushSubscription {
  id: string;
  endpoint: string;
  keys: Record<string, string>;
  subscribed_at: string;
  /** The booking it was made for (absent: a subscription for no booking, as SPEC's call sends). */
  booking_id?: string;
}

export interface PushSubscriptionLinked {
  id: string;
  booking_id: string;
  linked_at: string;
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
        return [
          {
            type: 'PushSubscriptionLinked',
            data: { id: subscription.id, booking_id: bookingId, linked_at: subscription.subscribed_at },
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

/** The live subscriptions tied to a booking. */
export function subscriptionsOf(state: PushState, bookingId: string): KnownSubscription[] {
  return [...state.subscriptions.values()].filter((s) => s.booking_ids.includes(bookingId));
}
