// One channel per notice (rule: notice-channel): the ready notice, the reminder and the delay
// notices reach the customer one way only, "push if subscribed, else SMS, else mail" (issue 29).
// The mail, push and SMS reactors each follow the log on their own, at their own pace; they agree
// because each decides from the same inputs: the booking's day stream and the push-subscriptions
// stream as it stood at the notice's event (by global position), never as it stands when a
// reactor happens to get there. Pure: the reactors read the streams and pass them in.
import type { DayEventAt } from '../kioskDay/readyNotice.js';
import { readyNotice } from '../kioskDay/readyNotice.js';
import { pushDecider, subscriptionsOf, type PushEvent } from '../push/push.js';
import { mobileE164 } from '../sms/sms.js';
import { assertNever } from '../shared/decider.js';

export type NoticeChannel = 'push' | 'sms' | 'mail';

/** The notices the rule covers; the booking's confirmation and other mails always go by mail. */
export type NoticeKind = 'order_ready' | 'booking_reminder' | 'booking_delayed' | 'booking_delay_undone';

/** The log's event types a notice can come from (the reactors subscribe to these). */
export const NOTICE_EVENT_TYPES: readonly DayEventAt['type'][] = [
  'KitchenStepRecorded',
  'BookingReminded',
  'BookingDelayed',
  'BookingDelayUndone',
];

/** A notice to one booking's customer: what it says needs nothing personal. */
export interface Notice {
  kind: NoticeKind;
  booking_id: string;
  /** For a delay: how long and the new time. */
  params?: { minutes: number; delayed_to: string };
}

/**
 * The notice a day event gives, or null: a first Klar still worth telling (rule: ready-notice),
 * a reminder (rule: reminder), a delay or its undoing (rule: slot-delay).
 */
export function noticeOf(event: DayEventAt, day: readonly DayEventAt[]): Notice | null {
  switch (event.type) {
    case 'KitchenStepRecorded':
      if (event.data.step !== 'ready') return null;
      if (readyNotice(day, event.data.booking_id, event.revision) !== 'announce') return null;
      return { kind: 'order_ready', booking_id: event.data.booking_id };
    case 'BookingReminded':
      return { kind: 'booking_reminder', booking_id: event.data.booking_id };
    case 'BookingDelayed':
      return {
        kind: 'booking_delayed',
        booking_id: event.data.booking_id,
        params: { minutes: event.data.minutes, delayed_to: event.data.delayed_to },
      };
    case 'BookingDelayUndone':
      return { kind: 'booking_delay_undone', booking_id: event.data.booking_id };
    // No notice: the day's hours and VIP marking, the confirmation and cancellation (mails of their
    // own, rule: notice-channel), a move, the queue, the counter's marks of the day, and a Swish
    // payment (its failure is told by the cancellation that comes with it) and its refund (mailed:
    // rule swish-refund).
    case 'DayScheduleSet':
    case 'DayMarkedVip':
    case 'DayVipRemoved':
    case 'BookingPlaced':
    case 'BookingConfirmed':
    case 'BookingCancelled':
    case 'BookingRescheduled':
    case 'BookingMovedAway':
    case 'WaitlistJoined':
    case 'WaitlistOfferMade':
    case 'WaitlistOfferLapsed':
    case 'WaitlistOfferTaken':
    case 'WaitlistLeft':
    case 'PizzaSoldOut':
    case 'PizzaBackInStock':
    case 'SoldOutSwapOffered':
    case 'WebBookingsPaused':
    case 'WebBookingsResumed':
    case 'SwishPaymentRequested':
    case 'SwishPaymentPaid':
    case 'SwishPaymentFailed':
    case 'SwishRefundRequested':
    case 'SwishRefunded':
    case 'SwishRefundFailed':
      return null;
    default:
      return assertNever(event);
  }
}

/**
 * Push when a browser of theirs asked for notices about the booking; else SMS when they ticked
 * "SMS när pizzan är klar", gave a mobile number and the kiosk has SMS configured; else mail.
 */
export function noticeChannel(input: {
  pushSubscriptions: number;
  smsWanted: unknown;
  phone: string | null | undefined;
  smsConfigured: boolean;
}): NoticeChannel {
  if (input.pushSubscriptions > 0) return 'push';
  // An erased booking reads '[raderad]' in place of the tick: only a real true asks for an SMS.
  if (input.smsConfigured && input.smsWanted === true && mobileE164(input.phone) !== null) return 'sms';
  return 'mail';
}

/** A push-subscriptions event with its global position. */
export type PushEventAt = PushEvent & { position: number };

/** The live subscriptions as the push-subscriptions stream stood just before `position`. */
export function pushStateBefore(pushEvents: readonly PushEventAt[], position: number) {
  return pushEvents
    .filter((e) => e.position < position)
    .reduce((state, event) => pushDecider.evolve(state, event), pushDecider.initialState());
}

/**
 * The channel of a notice whose event is at `position` in the log: the booking's tick and number
 * from its BookingPlaced in the day stream, the subscriptions tied to it at that moment.
 */
export function channelOfNotice(input: {
  notice: Notice;
  day: readonly DayEventAt[];
  pushEvents: readonly PushEventAt[];
  position: number;
  smsConfigured: boolean;
}): NoticeChannel {
  const placed = input.day.find(
    (e): e is DayEventAt & { type: 'BookingPlaced' } =>
      e.type === 'BookingPlaced' && e.data.booking_id === input.notice.booking_id,
  );
  return noticeChannel({
    pushSubscriptions: subscriptionsOf(pushStateBefore(input.pushEvents, input.position), input.notice.booking_id)
      .length,
    smsWanted: placed?.data.sms_when_ready,
    phone: placed?.data.phone,
    smsConfigured: input.smsConfigured,
  });
}
