// SMS follows the event log like web push does (push/reactor.ts): when an order is marked Klar and
// the ready notice goes by SMS (rule: sms-notices: no push subscription, the tick, a mobile
// number, SMS configured), this reactor writes one work item for it (id: the event's id + "sms",
// in the same commit as its checkpoint, so a new lease holder or a replay writes the same item and
// changes nothing). The senders of every process send it (sms/sender.ts) under a lease per item.
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { readyNotice, type DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import { subscriptionsOf } from '../../domain/push/push.js';
import { readyChannel } from '../../domain/sms/sms.js';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { LeasedRunner, processOwner } from '../../projections/leasedRunner.js';
import { startAtHead } from '../../projections/reactorCheckpoint.js';
import { pushState } from '../push/reactor.js';

export const SMS_REACTOR = 'sms_notices_v1';
/** The SMS work items and their log. */
export const SMS_LOG = 'sms_log_v1';
/** The per-item leases. */
export const SMS_CLAIMS = 'sms';

/** One SMS to send. No number or text is stored here: both are read from the sealed log when sent. */
export interface SmsItem extends Doc {
  kind: 'order_ready';
  booking_id: string;
  /** The kiosk-day stream whose BookingPlaced has the number. */
  stream: string;
  state: 'pending' | 'sent' | 'failed';
  due_ms: number;
  attempts: number;
  status: number | null;
  /** 46elks' id of the sent SMS. */
  provider_id: string | null;
  last_error: string | null;
  created_at: string;
  at: string | null;
}

export interface SmsReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  onItems?: () => void;
  owner?: string;
  leaseTtlMs?: number;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export function smsReactor(o: SmsReactorOptions): LeasedRunner {
  const owner = o.owner ?? processOwner();
  const now = o.now ?? (() => new Date());
  const log = o.log ?? ((m, e) => console.error(m, e ?? ''));
  let written = false;

  const projection: Projection = {
    name: SMS_REACTOR,
    collections: [SMS_LOG],
    eventTypes: new Set(['KitchenStepRecorded']),
    async apply(recorded, batch) {
      const event = recorded as unknown as KioskDayEvent & RecordedEvent;
      if (event.type !== 'KitchenStepRecorded' || event.data.step !== 'ready') return;
      const bookingId = event.data.booking_id;
      const day = (await o.events.readStream(recorded.streamName)) as unknown as DayEventAt[];
      if (readyNotice(day, bookingId, recorded.revision) !== 'announce') return;
      const placed = day.find(
        (e): e is DayEventAt & { type: 'BookingPlaced' } =>
          e.type === 'BookingPlaced' && e.data.booking_id === bookingId,
      );
      if (!placed) return;
      const channel = readyChannel({
        pushSubscriptions: subscriptionsOf(await pushState(o.events), bookingId).length,
        smsWanted: placed.data.sms_when_ready,
        phone: placed.data.phone,
        smsConfigured: true,
      });
      if (channel !== 'sms') return;
      const id = `${recorded.id}-sms`;
      written = true;
      await batch.update<SmsItem>(
        SMS_LOG,
        id,
        recorded,
        (current) =>
          current ?? {
            id,
            kind: 'order_ready',
            booking_id: bookingId,
            stream: recorded.streamName,
            state: 'pending',
            due_ms: now().getTime(),
            attempts: 0,
            status: null,
            provider_id: null,
            last_error: null,
            created_at: now().toISOString(),
            at: null,
          },
      );
    },
  };

  return new LeasedRunner({
    docs: o.docs,
    name: SMS_REACTOR,
    owner,
    ttlMs: o.leaseTtlMs,
    async create() {
      // A first start begins at the head of the log: no SMS about orders ready long ago.
      await startAtHead(o.events, o.docs, SMS_REACTOR);
      return new ProjectionRunner(o.events, o.docs, [projection], {
        pageSize: 20,
        pollIntervalMs: 500,
        onCommitted: () => {
          if (!written) return;
          written = false;
          o.onItems?.();
        },
      });
    },
    log,
  });
}
