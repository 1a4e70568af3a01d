// The reactors' unfinished work items against a restored log (issue 44, item 6; rule:
// backup-restore). The outbox (mail, web push, SMS) lives apart from the events, in DATA_DIR/
// reactors.db or MONGODB_KEYS_DB (read-models/reactorStateStore.ts), and survives a restore that
// replaces the event log under it: with events.db lost and reactors.db kept, or KurrentDB emptied
// and MONGODB_KEYS_DB kept (which is also where the key store lives, whose erasure record a
// restore needs). An item waiting there may be about an event the restored log does not hold, and
// some items carry their own text (booking_received, waitlist_joined, vip_invitation: written
// whole when their event was applied), so a sender would mail "we have received your order" for
// an order that no longer exists.
//
// Why checked here and not refused: a restore over a surviving key store is the way erasures made
// after the backup are known (api/backup/backup.ts), and in production that store shares its
// database with the outbox, so "move the reactor state away first" would have operators drop the
// very record that keeps erased customers erased. Instead the restore drops every item still
// waiting whose event is not in the log it restores (its ids travel with the events), and keeps
// the rest: the finished ones are history (the mail log staff read), and one whose event is in the
// restored log is about a booking that exists and was never sent.
import type { DocumentStore } from '../../read-models/documentStore.js';
import { MAIL_LOG } from '../mail/outbox.js';
import { PUSH_LOG } from '../push/reactor.js';
import { SMS_LOG } from '../sms/reactor.js';

interface Waiting {
  collection: string;
  id: string;
}

/** Per collection: what counts as waiting, and the event an item answers. */
const OUTBOXES = [
  {
    label: 'mails',
    collection: MAIL_LOG,
    waiting: { status: 'pending' },
    // The item's id is the event id and the recipient key (api/mail/outbox.ts newItem).
    eventOf: (doc: { id: string; event_id?: unknown }) => (typeof doc.event_id === 'string' ? doc.event_id : ''),
  },
  {
    label: 'push notices',
    collection: PUSH_LOG,
    waiting: { state: 'pending' },
    // `${event id}-${subscription id}`; event_id in every item written since the mail fallback.
    eventOf: (doc: { id: string; event_id?: unknown }) =>
      typeof doc.event_id === 'string' ? doc.event_id : doc.id.slice(0, 36),
  },
  {
    label: 'SMS',
    collection: SMS_LOG,
    waiting: { state: 'pending' },
    // `${event id}-sms` (api/sms/reactor.ts).
    eventOf: (doc: { id: string }) => doc.id.replace(/-sms$/, ''),
  },
] as const;

export interface OutboxCheck {
  /** Told each restored event's id, as the restore writes it. */
  saw(eventId: string): void;
  /** Deletes the waiting items whose event was not seen; answers how many per outbox. */
  dropUnseen(): Promise<Array<{ label: string; dropped: number }>>;
}

/** Reads the items waiting in the reactors' outboxes now (before the restored events are written). */
export async function checkOutboxAgainstRestoredLog(docs: DocumentStore): Promise<OutboxCheck> {
  const byEvent = new Map<string, Array<Waiting & { label: string }>>();
  for (const box of OUTBOXES)
    for (const doc of await docs.find(box.collection, box.waiting)) {
      const event = box.eventOf(doc);
      const list = byEvent.get(event) ?? [];
      list.push({ collection: box.collection, id: doc.id, label: box.label });
      byEvent.set(event, list);
    }
  const seen = new Set<string>();
  return {
    saw(eventId) {
      if (byEvent.has(eventId)) seen.add(eventId);
    },
    async dropUnseen() {
      const gone = [...byEvent].filter(([event]) => !seen.has(event)).flatMap(([, items]) => items);
      for (let i = 0; i < gone.length; i += 500)
        await docs.commit(
          gone.slice(i, i + 500).map((item) => ({ op: 'delete' as const, collection: item.collection, id: item.id })),
        );
      return OUTBOXES.map((box) => ({ label: box.label, dropped: gone.filter((g) => g.label === box.label).length }));
    },
  };
}
