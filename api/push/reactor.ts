// Web push follows the event log like mail does (mail/reactor.ts): when an order is marked Klar,
// reminded, delayed or its delay undone, the browsers that asked for it get a notice (rules
// ready-notice, notice-channel). This reactor, with its own
// checkpoint, only writes one work item per notice (event id + subscription, in the same commit
// as its checkpoint, so a new lease holder or a replayed page writes the same items and changes
// nothing); the senders of every process send them (push/noticeSender.ts), each under a lease of
// its own, so a push service that is slow or failing holds back no other notice and no reactor.
import type { EventStore } from '../../domain/eventStore.js';
import { NOTICE_EVENT_TYPES, type Notice } from '../../domain/notices/noticeChannel.js';
import { PUSH_STREAM, pushDecider, pushEvents } from '../../domain/push/push.js';
import { decideNotice, newNoticeFields, type NoticeReactorOptions } from '../notices/decide.js';
import type { NoticeItem } from '../outbox/leasedSender.js';

import type { Projection } from '../../projections/projection.js';
import type { LeasedRunner } from '../../projections/leasedRunner.js';
import { runReactor } from '../reactors/runReactor.js';
import { WrittenItems } from '../reactors/writtenItems.js';

export const PUSH_REACTOR = 'push_notices_v1';
/** The notices: work items and their log (the collection keeps its earlier name). */
export const PUSH_LOG = 'push_log_v1';
/** The per-notice leases (the scope of the claims of earlier versions: a notice sent then is done). */
export const PUSH_CLAIMS = 'push';

/** A ready notice to one browser. Entries of earlier versions have no state: they were settled. */
export interface PushItem extends NoticeItem {
  /** What it tells (rule: notice-channel); items from before it existed are ready notices. */
  kind?: Notice['kind'];
  /** A delay's length and new time. */
  params?: Notice['params'];
  booking_id: string;
  subscription_id: string;
  /**
   * The notice's event: what a mail in its place is made from, when no push of the notice reaches
   * a browser (noticeSender.ts). Absent in items written before that fallback.
   */
  event_id?: string;
  event_type?: string;
  position?: number;
  /** The kiosk-day stream whose BookingPlaced the notice is made from. */
  stream: string;
}

export type PushReactorOptions = NoticeReactorOptions;

export function pushReactor(o: PushReactorOptions): LeasedRunner {
  const now = o.now ?? (() => new Date());
  const items = new WrittenItems(o.onItems);

  const projection: Projection = {
    name: PUSH_REACTOR,
    collections: [PUSH_LOG],
    // The senders' due query (noticeSender.ts): pending items in due order, read off the index.
    indexes: [
      [PUSH_LOG, ['state', 'due_ms']],
      // A notice's other pushes, when one ends without reaching a browser (noticeSender.ts).
      [PUSH_LOG, 'event_id'],
    ],
    eventTypes: new Set(NOTICE_EVENT_TYPES),
    async apply(recorded, batch) {
      // Push only when the notice's channel is push (rule: notice-channel): to each browser
      // subscription tied to the booking at the event.
      const decided = await decideNotice(o.events, recorded, false);
      if (!decided || decided.channel !== 'push') return;
      const { notice } = decided;
      for (const subscriptionId of decided.subscriptionIds) {
        const id = `${recorded.id}-${subscriptionId}`;
        items.add();
        await batch.update<PushItem>(
          PUSH_LOG,
          id,
          recorded,
          (current) =>
            current ?? {
              ...newNoticeFields(id, notice, recorded, now()),
              subscription_id: subscriptionId,
              event_id: recorded.id,
              event_type: recorded.type,
              position: recorded.position,
            },
        );
      }
    },
  };

  // A first start begins at the head of the log: no notice about orders ready long ago.
  return runReactor({ ...o, reactor: projection, pageSize: 20, pollIntervalMs: 500, onCommitted: items.committed });
}

/** The live subscriptions as the push-subscriptions stream has them now. */
export async function pushState(events: EventStore) {
  const stream = pushEvents.decodeAll(await events.readStream(PUSH_STREAM));
  return stream.reduce((state, event) => pushDecider.evolve(state, event), pushDecider.initialState());
}
