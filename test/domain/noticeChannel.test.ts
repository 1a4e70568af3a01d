// One channel per notice (rule: notice-channel in domain/README.md): which notices the day's events
// give, and push if subscribed, else SMS, else mail, decided from the streams as they stood at the
// notice's event so that the mail, push and SMS reactors agree. And 46elks' delivery reports on an
// SMS item (rule: sms-delivery-reports) and the kiosk's month for the SMS count.
import { describe, expect, it } from 'vitest';
import type { DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import {
  channelOfNotice,
  noticeChannel,
  noticeOf,
  pushStateBefore,
  type PushEventAt,
} from '../../domain/notices/noticeChannel.js';
import { currentMonth, nextDelivery } from '../../domain/sms/deliveryReport.js';

const day = (...events: Array<{ type: string; data: Record<string, unknown> }>): DayEventAt[] =>
  events.map((e, revision) => ({ ...e, revision }) as unknown as DayEventAt);

const placed = (booking_id: string, more: Record<string, unknown> = {}) => ({
  type: 'BookingPlaced',
  data: { booking_id, booking_time: '18:30', phone: '070-123 45 67', sms_when_ready: true, ...more },
});
const step = (booking_id: string, s: string, kitchen_status: string | null) => ({
  type: 'KitchenStepRecorded',
  data: { booking_id, step: s, kitchen_status },
});

describe('noticeChannel (rule: notice-channel)', () => {
  const sms = { pushSubscriptions: 0, smsWanted: true, phone: '0701234567', smsConfigured: true };
  it('given a push subscription, pushes (also when an SMS was asked for)', () => {
    expect(noticeChannel({ ...sms, pushSubscriptions: 1 })).toBe('push');
  });
  it('given the tick, a mobile number and SMS configured, sends an SMS', () => {
    expect(noticeChannel(sms)).toBe('sms');
  });
  it('otherwise mails: no tick, an erased tick, no mobile number, SMS not configured', () => {
    expect(noticeChannel({ ...sms, smsWanted: undefined })).toBe('mail');
    expect(noticeChannel({ ...sms, smsWanted: '[raderad]' })).toBe('mail');
    expect(noticeChannel({ ...sms, phone: '08-123 456 78' })).toBe('mail');
    expect(noticeChannel({ ...sms, phone: '[raderad]' })).toBe('mail');
    expect(noticeChannel({ ...sms, phone: null })).toBe('mail');
    expect(noticeChannel({ ...sms, smsConfigured: false })).toBe('mail');
  });
});

describe('noticeOf: the notices the day gives', () => {
  it('given a first Klar, when read, then a ready notice; a second Klar after an undo gives none', () => {
    const events = day(
      placed('d-1'),
      step('d-1', 'baking', 'baking'),
      step('d-1', 'ready', 'ready'),
      step('d-1', 'undo', 'baking'),
      step('d-1', 'ready', 'ready'),
    );
    expect(noticeOf(events[1], events)).toBeNull();
    expect(noticeOf(events[2], events)).toEqual({ kind: 'order_ready', booking_id: 'd-1' });
    expect(noticeOf(events[4], events)).toBeNull();
  });
  it('given a Klar the order has left behind (collected), then no notice', () => {
    const events = day(placed('d-1'), step('d-1', 'ready', 'ready'), step('d-1', 'picked_up', 'picked_up'));
    expect(noticeOf(events[1], events)).toBeNull();
  });
  it('given a reminder, a delay and its undoing, then one notice each, the delay with its new time', () => {
    const events = day(
      placed('d-1'),
      { type: 'BookingReminded', data: { booking_id: 'd-1' } },
      { type: 'BookingDelayed', data: { booking_id: 'd-1', booking_time: '18:30', minutes: 15, delayed_to: '18:45' } },
      { type: 'BookingDelayUndone', data: { booking_id: 'd-1', booking_time: '18:30', minutes: 15 } },
    );
    expect(events.map((e) => noticeOf(e, events))).toEqual([
      null,
      { kind: 'booking_reminder', booking_id: 'd-1' },
      { kind: 'booking_delayed', booking_id: 'd-1', params: { minutes: 15, delayed_to: '18:45' } },
      { kind: 'booking_delay_undone', booking_id: 'd-1' },
    ]);
  });
});

describe('channelOfNotice: every reactor decides the same, whenever it gets there', () => {
  const subscribed = (id: string, booking_id: string, position: number) =>
    ({
      type: 'PushSubscribed',
      position,
      data: { id, endpoint: `https://push.test/${id}`, keys: {}, booking_id },
    }) as unknown as PushEventAt;
  const dropped = (id: string, position: number) =>
    ({
      type: 'PushSubscriptionDropped',
      position,
      data: { id, status: 410, dropped_at: '' },
    }) as unknown as PushEventAt;
  const notice = { kind: 'booking_delayed' as const, booking_id: 'd-1' };
  const events = day(placed('d-1'));

  it('given a subscription made before the notice, then push', () => {
    const pushEvents = [subscribed('s1', 'd-1', 5)];
    expect(channelOfNotice({ notice, day: events, pushEvents, position: 10, smsConfigured: true })).toBe('push');
  });
  it('given a subscription made after the notice (read later), then still what it was at the notice: SMS', () => {
    const pushEvents = [subscribed('s1', 'd-1', 11)];
    expect(channelOfNotice({ notice, day: events, pushEvents, position: 10, smsConfigured: true })).toBe('sms');
    expect(pushStateBefore(pushEvents, 10).subscriptions.size).toBe(0);
  });
  it('given a subscription dropped before the notice, or one for another booking, then not push', () => {
    const pushEvents = [subscribed('s1', 'd-1', 3), dropped('s1', 4), subscribed('s2', 'd-2', 5)];
    expect(channelOfNotice({ notice, day: events, pushEvents, position: 10, smsConfigured: true })).toBe('sms');
    expect(channelOfNotice({ notice, day: events, pushEvents, position: 10, smsConfigured: false })).toBe('mail');
  });
  it('given no tick on the booking, then mail', () => {
    const unticked = day(placed('d-1', { sms_when_ready: undefined }));
    expect(channelOfNotice({ notice, day: unticked, pushEvents: [], position: 10, smsConfigured: true })).toBe('mail');
  });
});

describe('nextDelivery (rule: sms-delivery-reports)', () => {
  const at = new Date('2026-11-27T17:00:05Z');
  it('given no report yet, when "sent" then "delivered" come, then each is stored, the time in UTC', () => {
    const sent = nextDelivery(undefined, { status: 'sent', delivered: null }, at);
    expect(sent).toEqual({ status: 'sent', delivered_at: null, reported_at: at.toISOString() });
    expect(nextDelivery(sent!, { status: 'delivered', delivered: '2026-11-27T17:00:03.741000' }, at)).toEqual({
      status: 'delivered',
      delivered_at: '2026-11-27T17:00:03.741Z',
      reported_at: at.toISOString(),
    });
  });
  it('given a final word, when a late "sent" or the same report again comes, then nothing changes', () => {
    const delivered = { status: 'delivered' as const, delivered_at: '2026-11-27T17:00:03.741Z', reported_at: '' };
    expect(nextDelivery(delivered, { status: 'sent', delivered: null }, at)).toBeNull();
    expect(nextDelivery(delivered, { status: 'failed', delivered: null }, at)).toBeNull();
    expect(
      nextDelivery({ status: 'sent', delivered_at: null, reported_at: '' }, { status: 'sent', delivered: null }, at),
    ).toBeNull();
  });
  it('given "failed", then it is stored without a delivery time', () => {
    expect(nextDelivery(undefined, { status: 'failed', delivered: null }, at)).toMatchObject({
      status: 'failed',
      delivered_at: null,
    });
  });
});

describe('currentMonth: the SMS count is per calendar month in the kiosk zone', () => {
  it('given the last evening of November in Stockholm, then November and its bounds as instants', () => {
    const clock = { now: new Date('2026-11-30T22:30:00Z'), timeZone: 'Europe/Stockholm' };
    // 23:30 on 30 November in Stockholm.
    expect(currentMonth(clock)).toEqual({
      month: '2026-11',
      from: new Date('2026-10-31T23:00:00Z'),
      to: new Date('2026-11-30T23:00:00Z'),
    });
  });
  it('given the first minutes of January in Stockholm (still December in UTC), then January', () => {
    const clock = { now: new Date('2026-12-31T23:10:00Z'), timeZone: 'Europe/Stockholm' };
    expect(currentMonth(clock).month).toBe('2027-01');
    expect(currentMonth(clock).to).toEqual(new Date('2027-01-31T23:00:00Z'));
  });
});
