// SMS follows the event log like web push does (push/reactor.ts): when a notice (ready, reminder,
// delay, delay undone) goes by SMS (rule: notice-channel: no push subscription, the tick, a mobile
// number, SMS configured), this reactor writes one work item for it (id: the event's id + "sms",
// in the same commit as its checkpoint, so a new lease holder or a replay writes the same item and
// changes nothing). The senders of every process send it (sms/sender.ts) under a lease per item.
import { NOTICE_EVENT_TYPES, type Notice } from '../../domain/notices/noticeChannel.js';
import type { Doc } from '../../read-models/documentStore.js';
import type { Projection } from '../../projections/projection.js';
import type { LeasedRunner } from '../../projections/leasedRunner.js';
import { runReactor } from '../reactors/runReactor.js';
import { WrittenItems } from '../reactors/writtenItems.js';
import { decideNotice, newNoticeFields, type NoticeReactorOptions } from '../notices/decide.js';
import type { NoticeItem } from '../outbox/leasedSender.js';

export const SMS_REACTOR = 'sms_notices_v1';
/** The SMS work items and their log. */
export const SMS_LOG = 'sms_log_v1';
/** The per-item leases. */
export const SMS_CLAIMS = 'sms';
/**
 * 46elks' delivery reports, one document per item under the item's id (rule: sms-delivery-reports):
 * apart from the item, so a report arriving while the sender marks the item sent is never
 * overwritten by that mark, nor the mark by the report.
 */
export const SMS_DELIVERY = 'sms_delivery_v1';

export interface SmsDeliveryDoc extends Doc {
  /** 46elks' id of the SMS the reports are about. */
  provider_id: string;
  status: 'sent' | 'delivered' | 'failed';
  delivered_at: string | null;
  reported_at: string;
}

/** One SMS to send. No number or text is stored here: both are read from the sealed log when sent. */
export interface SmsItem extends NoticeItem {
  /** What it tells (rule: notice-channel). */
  kind: Notice['kind'];
  /** A delay's length and new time. */
  params?: Notice['params'];
  booking_id: string;
  /** The kiosk-day stream whose BookingPlaced has the number. */
  stream: string;
  state: 'pending' | 'sent' | 'failed';
  /** 46elks' id of the sent SMS. */
  provider_id: string | null;
}

export type SmsReactorOptions = NoticeReactorOptions;

export function smsReactor(o: SmsReactorOptions): LeasedRunner {
  const now = o.now ?? (() => new Date());
  const items = new WrittenItems(o.onItems);

  const projection: Projection = {
    name: SMS_REACTOR,
    collections: [SMS_LOG],
    // The senders' due query and the mail log's listing, read off the index.
    indexes: [[SMS_LOG, ['state', 'due_ms']]],
    eventTypes: new Set(NOTICE_EVENT_TYPES),
    async apply(recorded, batch) {
      // Only the notices whose channel is SMS (rule: notice-channel); this reactor runs only
      // where SMS is configured.
      const decided = await decideNotice(o.events, recorded, true);
      if (!decided || decided.channel !== 'sms') return;
      const { notice } = decided;
      const id = `${recorded.id}-sms`;
      items.add();
      await batch.update<SmsItem>(
        SMS_LOG,
        id,
        recorded,
        (current) => current ?? { ...newNoticeFields(id, notice, recorded, now()), provider_id: null },
      );
    },
  };

  // A first start begins at the head of the log: no SMS about orders ready long ago.
  return runReactor({ ...o, reactor: projection, pageSize: 20, pollIntervalMs: 500, onCommitted: items.committed });
}
