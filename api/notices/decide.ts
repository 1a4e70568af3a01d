// Reads what the notice rule needs (rule: notice-channel) for one recorded event: the booking's
// day stream and the push-subscriptions stream. The mail, push and SMS reactors all call this, so
// each of them, whenever it gets to the event, finds the same notice and the same channel.
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import {
  channelOfNotice,
  noticeOf,
  pushStateBefore,
  type Notice,
  type NoticeChannel,
  type PushEventAt,
} from '../../domain/notices/noticeChannel.js';
import { PUSH_STREAM, subscriptionsOf } from '../../domain/push/push.js';

export interface DecidedNotice {
  notice: Notice;
  channel: NoticeChannel;
  /** The subscriptions tied to the booking at the event (those a push notice goes to). */
  subscriptionIds: string[];
}

export async function decideNotice(
  events: EventStore,
  recorded: RecordedEvent,
  smsConfigured: boolean,
): Promise<DecidedNotice | null> {
  if (!recorded.streamName.startsWith('kioskday-')) return null;
  const day = (await events.readStream(recorded.streamName)) as unknown as DayEventAt[];
  const notice = noticeOf(recorded as unknown as DayEventAt, day);
  if (!notice) return null;
  const pushEvents = (await events.readStream(PUSH_STREAM)) as unknown as PushEventAt[];
  const channel = channelOfNotice({ notice, day, pushEvents, position: recorded.position, smsConfigured });
  const subscriptionIds = subscriptionsOf(pushStateBefore(pushEvents, recorded.position), notice.booking_id).map(
    (s) => s.id,
  );
  return { notice, channel, subscriptionIds };
}
