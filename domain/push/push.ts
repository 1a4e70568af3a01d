// Web Push subscriptions (POST /notifications/subscribe): one stream ('push-subscriptions').
// A subscription is keyed by a hash of its endpoint, so subscribing twice stores it once.
import type { DomainEvent, Decider } from '../shared/decider.js';

export const PUSH_STREAM = 'push-subscriptions';

export interface PushSubscription {
  id: string;
  endpoint: string;
  keys: Record<string, string>;
  subscribed_at: string;
}

export type PushEvent = DomainEvent<'PushSubscribed', PushSubscription>;
export type PushCommand = { type: 'Subscribe'; subscription: PushSubscription };
export type PushState = { ids: Set<string> };

export const pushDecider: Decider<PushCommand, PushEvent, PushState> = {
  initialState: () => ({ ids: new Set() }),
  evolve(state, event) {
    state.ids.add(event.data.id);
    return state;
  },
  decide(command, state) {
    if (state.ids.has(command.subscription.id)) return [];
    return [{ type: 'PushSubscribed', data: command.subscription }];
  },
};
