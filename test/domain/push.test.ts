// Web Push subscriptions ('push-subscriptions'): one subscription stored once per endpoint key,
// tied to the bookings it asked about, dropped when gone; and which Klar is announced.
import { describe, expect, it } from 'vitest';
import { PUSH_STREAM, pushDecider, subscriptionsOf, type PushSubscription } from '../../domain/push/push.js';
import { readyNotice, type DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import type { KitchenStatus, KitchenStep } from '../../domain/kioskDay/kitchen.js';
import { given } from './givenWhenThen.js';

const subscription = (id: string): PushSubscription => ({
  id,
  endpoint: `https://push.example/${id}`,
  keys: { p256dh: 'key', auth: 'auth' },
  subscribed_at: '2026-11-23T09:00:00.000Z',
});

describe(`the push subscriptions stream ('${PUSH_STREAM}')`, () => {
  it('stores a new subscription', () => {
    given(pushDecider)
      .when({ type: 'Subscribe', subscription: subscription('a') })
      .then([{ type: 'PushSubscribed', data: subscription('a') }]);
  });

  it('subscribing the same endpoint again appends nothing', () => {
    given(pushDecider, [{ type: 'PushSubscribed', data: subscription('a') }])
      .when({ type: 'Subscribe', subscription: subscription('a') })
      .then([]);
  });

  it('another endpoint is stored beside it', () => {
    given(pushDecider, [{ type: 'PushSubscribed', data: subscription('a') }])
      .when({ type: 'Subscribe', subscription: subscription('b') })
      .then([{ type: 'PushSubscribed', data: subscription('b') }]);
  });
});

describe('a subscription tied to a booking (rule: ready-notice)', () => {
  const forBooking = (id: string, booking_id: string): PushSubscription => ({ ...subscription(id), booking_id });

  it('is stored with its booking', () => {
    given(pushDecider)
      .when({ type: 'Subscribe', subscription: forBooking('a', '20261124-1') })
      .then([{ type: 'PushSubscribed', data: forBooking('a', '20261124-1') }]);
  });

  it('the same endpoint for another booking is linked to it, once', () => {
    const stored = [{ type: 'PushSubscribed' as const, data: forBooking('a', '20261124-1') }];
    given(pushDecider, stored)
      .when({ type: 'Subscribe', subscription: forBooking('a', '20261124-2') })
      .then([
        {
          type: 'PushSubscriptionLinked',
          data: { id: 'a', booking_id: '20261124-2', linked_at: '2026-11-23T09:00:00.000Z' },
        },
      ]);
    given(pushDecider, [
      ...stored,
      {
        type: 'PushSubscriptionLinked',
        data: { id: 'a', booking_id: '20261124-2', linked_at: '2026-11-23T09:00:00.000Z' },
      },
    ])
      .when({ type: 'Subscribe', subscription: forBooking('a', '20261124-2') })
      .then([]);
    given(pushDecider, stored)
      .when({ type: 'Subscribe', subscription: forBooking('a', '20261124-1') })
      .then([]);
  });

  it('is dropped once when its push service says it is gone, and may be subscribed afresh', () => {
    const dropped = {
      type: 'PushSubscriptionDropped' as const,
      data: { id: 'a', status: 410, dropped_at: '2026-11-24T18:00:00.000Z' },
    };
    const stored = [{ type: 'PushSubscribed' as const, data: forBooking('a', '20261124-1') }];
    given(pushDecider, stored)
      .when({ type: 'DropSubscription', id: 'a', status: 410, at: '2026-11-24T18:00:00.000Z' })
      .then([dropped]);
    given(pushDecider, [...stored, dropped])
      .when({ type: 'DropSubscription', id: 'a', status: 404, at: '2026-11-24T18:01:00.000Z' })
      .then([]);
    given(pushDecider, [...stored, dropped])
      .when({ type: 'Subscribe', subscription: forBooking('a', '20261124-1') })
      .then([{ type: 'PushSubscribed', data: forBooking('a', '20261124-1') }]);
  });

  it('subscriptionsOf a booking lists the live subscriptions tied to it', () => {
    const state = given(pushDecider, [
      { type: 'PushSubscribed', data: forBooking('a', '20261124-1') },
      { type: 'PushSubscribed', data: forBooking('b', '20261124-2') },
      {
        type: 'PushSubscriptionLinked',
        data: { id: 'b', booking_id: '20261124-1', linked_at: '2026-11-23T09:00:00.000Z' },
      },
      { type: 'PushSubscribed', data: subscription('c') },
      { type: 'PushSubscriptionDropped', data: { id: 'a', status: 410, dropped_at: '2026-11-24T18:00:00.000Z' } },
    ]).state();
    expect(subscriptionsOf(state, '20261124-1').map((s) => s.id)).toEqual(['b']);
    expect(subscriptionsOf(state, '20261124-2').map((s) => s.id)).toEqual(['b']);
  });
});

describe("a subscription is its customer's personal data (rule: erasure)", () => {
  const theirs = (id: string, booking_id: string, email: string): PushSubscription => ({
    ...subscription(id),
    booking_id,
    email,
  });
  // How the sealed event store reads a record whose customer's key is gone.
  const erased = { endpoint: '[raderad]', keys: '[raderad]', email: '[raderad]' } as unknown as PushSubscription;

  it("links a further customer's booking with that customer's own copy, to be sealed under their key", () => {
    given(pushDecider, [{ type: 'PushSubscribed', data: theirs('a', '20261124-1', 'ett@example.se') }])
      .when({ type: 'Subscribe', subscription: theirs('a', '20261124-2', 'tva@example.se') })
      .then([
        {
          type: 'PushSubscriptionLinked',
          data: {
            id: 'a',
            booking_id: '20261124-2',
            linked_at: '2026-11-23T09:00:00.000Z',
            email: 'tva@example.se',
            endpoint: 'https://push.example/a',
            keys: { p256dh: 'key', auth: 'auth' },
          },
        },
      ]);
  });

  it('is not sent to once its customer is erased; a later customer’s own copy still is', () => {
    const first = { type: 'PushSubscribed' as const, data: { ...theirs('a', '20261124-1', 'x'), ...erased } };
    const alone = given(pushDecider, [first]).state();
    expect(subscriptionsOf(alone, '20261124-1')).toEqual([]);
    const linked = given(pushDecider, [
      first,
      {
        type: 'PushSubscriptionLinked',
        data: {
          id: 'a',
          booking_id: '20261124-2',
          linked_at: '2026-11-23T09:00:00.000Z',
          email: 'tva@example.se',
          endpoint: 'https://push.example/a',
          keys: { p256dh: 'key', auth: 'auth' },
        },
      },
    ]).state();
    expect(subscriptionsOf(linked, '20261124-2').map((s) => s.endpoint)).toEqual(['https://push.example/a']);
  });
});

describe('which Klar is announced (rule: ready-notice)', () => {
  const step = (
    revision: number,
    booking_id: string,
    stepName: KitchenStep,
    kitchen_status: KitchenStatus | null,
  ): DayEventAt => ({
    type: 'KitchenStepRecorded',
    revision,
    data: { booking_id, step: stepName, kitchen_status, previous_kitchen_status: null, at: '2026-11-24T17:00:00.000Z' },
  });
  const day = [
    step(3, 'B-1', 'baking', 'baking'),
    step(4, 'B-2', 'baking', 'baking'),
    step(5, 'B-1', 'ready', 'ready'),
  ];

  it('the first Klar of an order', () => {
    expect(readyNotice(day, 'B-1', 5)).toBe('announce');
    expect(
      readyNotice([...day, step(6, 'B-2', 'ready', 'ready'), step(7, 'B-2', 'picked_up', 'picked_up')], 'B-1', 5),
    ).toBe('announce');
  });

  it('not Klar again after an undo: the customer was told already', () => {
    const again = [...day, step(6, 'B-1', 'undo', 'baking'), step(7, 'B-1', 'ready', 'ready')];
    expect(readyNotice(again, 'B-1', 5)).toBe('announce');
    expect(readyNotice(again, 'B-1', 7)).toBe('announced-before');
  });

  it('not when the order was collected, a no-show or cancelled by the time the notice is sent', () => {
    expect(readyNotice([...day, step(6, 'B-1', 'picked_up', 'picked_up')], 'B-1', 5)).toBe('collected-since');
    expect(readyNotice([...day, step(6, 'B-1', 'no_show', 'no_show')], 'B-1', 5)).toBe('collected-since');
  });
});
