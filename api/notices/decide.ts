// Reads what the notice rule needs (rule: notice-channel) for one recorded event: the booking's
// day stream and the push-subscriptions stream. The mail, push and SMS reactors all call this, so
// each of them, whenever it gets to the event, finds the same notice and the same channel.
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { kioskDayEvents } from '../../domain/kioskDay/kioskDay.js';
import {
  channelOfNotice,
  noticeOf,
  pushStateBefore,
  type Notice,
  type NoticeChannel,
} from '../../domain/notices/noticeChannel.js';
import { PUSH_STREAM, pushEvents as pushStreamEvents, subscriptionsOf } from '../../domain/push/push.js';

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
  const day = kioskDayEvents.decodeAll(await events.readStream(recorded.streamName));
  const notice = noticeOf(kioskDayEvents.decode(recorded), day);
  if (!notice) return null;
  const pushEvents = pushStreamEvents.decodeAll(await events.readStream(PUSH_STREAM));
  const channel = channelOfNotice({ notice, day, pushEvents, position: recorded.position, smsConfigured });
  const subscriptionIds = subscriptionsOf(pushStateBefore(pushEvents, recorded.position), notice.booking_id).map(
    (s) => s.id,
  );
  return { notice, channel, subscriptionIds };
}

/** What the notice reactors (push/reactor.ts, sms/reactor.ts) are started with. */
export interface NoticeReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  /** Told after a page of items is written (the senders look at once). */
  onItems?: () => void;
  owner?: string;
  leaseTtlMs?: number;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

/** The fields every new notice item (push, SMS) starts with: pending, due now, not tried. */
export function newNoticeFields(id: string, notice: Notice, recorded: RecordedEvent, now: Date) {
  return {
    id,
    kind: notice.kind,
    ...(notice.params ? { params: notice.params } : {}),
    booking_id: notice.booking_id,
    stream: recorded.streamName,
    state: 'pending' as const,
    due_ms: now.getTime(),
    attempts: 0,
    status: null,
    last_error: null,
    created_at: now.toISOString(),
    at: null,
  };
}
