// Web Push subscriptions ('push-subscriptions'): one subscription stored once per endpoint key.
import { describe, it } from 'vitest';
import { PUSH_STREAM, pushDecider, type PushSubscription } from '../../domain/push/push.js';
import { given } from './givenWhenThen.js';

const subscription = (id: string): PushSubscription => ({
  id,
  endpoint: `https://push.example/${id}`,
  keys: { p256dh: 'key', auth: 'auth' },
  subscribed_at: '2026-11-23T09:00:00.000Z',
});

describe(`the push subscriptions stream ('${PUSH_STREAM}')`, () => {
  it('stores a new subscription', () => {
    given(pushDecider).when({ type: 'Subscribe', subscription: subscription('a') }).then([{ type: 'PushSubscribed', data: subscription('a') }]);
  });

  it('subscribing the same endpoint again appends nothing', () => {
    given(pushDecider, [{ type: 'PushSubscribed', data: subscription('a') }]).when({ type: 'Subscribe', subscription: subscription('a') }).then([]);
  });

  it('another endpoint is stored beside it', () => {
    given(pushDecider, [{ type: 'PushSubscribed', data: subscription('a') }])
      .when({ type: 'Subscribe', subscription: subscription('b') })
      .then([{ type: 'PushSubscribed', data: subscription('b') }]);
  });
});
