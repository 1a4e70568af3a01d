// The mail outbox: one work item per mail (event × recipient × kind), written by the reactor that
// follows the log (mail/reactor.ts) and sent by the senders of every process (mail/sender.ts).
// The items are also the mail log staff read (GET /api/admin/mails, /admin/mail) and what
// /api/ready reports about mail.
//
// An item's id is the event id and its recipient key, as the claims of earlier versions were: a
// mail sent before an upgrade is 'done' under the same id and never sent again.
import { randomUUID } from 'node:crypto';
import type { Doc, DocumentStore, Filter } from '../../read-models/documentStore.js';
import { ERASED } from '../../domain/customers/personalData.js';
import { recipientKey } from '../../read-models/queries/customers.js';
import { MAIL_KINDS, MAIL_PRIORITY, MAIL_STATUSES, type MailKind, type MailStatus } from '../../domain/mail/mailLog.js';

/** The mail log and outbox (the collection keeps the mail log's earlier name: its entries stay listed). */
export const MAIL_LOG = 'mail_log_v1';
/** The relay's state as the last sender saw it (the staff banner, /api/ready). */
export const MAIL_RELAY = 'mail_relay_v1';
/** The document of MAIL_RELAY that says when staff last looked at the failed mails. */
const FAILED_SEEN = 'failed_seen';
/** The per-item leases (the same scope as the claims of earlier versions). */
export const MAIL_CLAIMS = 'mail';

export { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailStatus };

export interface MailItem extends Doc {
  kind: MailKind;
  status: MailStatus;
  priority: number;
  /** When it may be tried next (ms since the epoch). */
  due_ms: number;
  attempts: number;
  last_error: string | null;
  /** The log position of the event it answers: what the read models must have reached to render it. */
  position: number;
  event_id: string;
  event_type: string;
  booking_id: string | null;
  waitlist_id: string | null;
  /** What the template needs besides the read models (a cancellation's reason, a move's old time). */
  params: Record<string, unknown>;
  /** Filled when the mail is rendered (at once when the event holds everything, else at its first try). */
  to: string | null;
  /** `to` as the log's index finds it (recipientKey); absent in items written before it. */
  to_key?: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the sender parked it as failed (absent in items parked before it was kept). */
  failed_at?: string | null;
  /** A resend: the item it repeats. */
  resend_of?: string;
  /** Mail log entries of earlier versions, written after sending. */
  refused?: string;
}

/** The outbox's defaults for an entry written by an earlier version (sent, or refused for good). */
export function asMailItem(doc: Doc): MailItem {
  const d = doc as Partial<MailItem> & Doc;
  return {
    kind: 'legacy',
    priority: MAIL_PRIORITY.legacy,
    due_ms: 0,
    attempts: d.sent_at ? 1 : 0,
    last_error: d.refused ?? null,
    position: 0,
    event_id: '',
    booking_id: null,
    waitlist_id: null,
    params: {},
    subject: null,
    text: null,
    html: null,
    created_at: d.sent_at ?? '',
    ...d,
    status: d.status ?? (d.refused ? 'failed' : 'sent'),
    event_type: d.event_type ?? '',
    to: d.to ?? null,
    sent_at: d.refused ? null : (d.sent_at ?? null),
  };
}

export interface NewItem {
  kind: MailKind;
  booking_id?: string | null;
  waitlist_id?: string | null;
  params?: Record<string, unknown>;
  /** A mail the event alone describes: rendered now. */
  message?: { to: string; subject: string; text: string; html?: string };
}

export function newItem(
  event: { id: string; type: string; position: number },
  key: string,
  item: NewItem,
  now: Date,
): MailItem {
  return {
    id: `${event.id}-${key}`,
    kind: item.kind,
    status: 'pending',
    priority: MAIL_PRIORITY[item.kind],
    due_ms: now.getTime(),
    attempts: 0,
    last_error: null,
    position: event.position,
    event_id: event.id,
    event_type: event.type,
    booking_id: item.booking_id ?? null,
    waitlist_id: item.waitlist_id ?? null,
    params: item.params ?? {},
    to: item.message?.to ?? null,
    to_key: recipientKey(item.message?.to ?? null),
    subject: item.message?.subject ?? null,
    text: item.message?.text ?? null,
    html: item.message?.html ?? null,
    created_at: now.toISOString(),
    sent_at: null,
  };
}

export interface MailLogEntry {
  id: string;
  kind: MailKind;
  to: string | null;
  subject: string | null;
  booking_id: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

const entryOf = (item: MailItem): MailLogEntry => ({
  id: item.id,
  kind: item.kind,
  to: item.to,
  subject: item.subject,
  booking_id: item.booking_id,
  status: item.status,
  attempts: item.attempts,
  last_error: item.last_error,
  sent_at: item.sent_at,
  created_at: item.created_at,
});

export interface RelayState {
  status: 'ok' | 'failing';
  last_error: string | null;
  /** When it began failing (ISO), null while ok. */
  since: string | null;
}

export interface MailHealth {
  due: number;
  failed: number;
  /** Parked since staff last looked at the failed mails in the mail log (seenFailed): an alert while not 0. */
  failed_unseen: number;
  oldest_due_seconds: number | null;
  relay: 'ok' | 'failing';
  last_error: string | null;
}

/** The mail log and its two writes staff make (resend) and read (health). */
export class MailOutbox {
  constructor(
    private readonly docs: DocumentStore,
    private readonly now: () => Date,
  ) {}

  async ensureIndexes(): Promise<void> {
    for (const field of ['status', 'due_ms', 'booking_id', 'kind', 'created_at', 'to_key', 'waitlist_id', 'event_type'])
      await this.docs.ensureIndex(MAIL_LOG, field);
    // The senders' due query (sender.ts): pending items by priority, then due time, read off the
    // index up to the round's limit. With the single-field index on status SQLite sorted the
    // whole pending backlog every round (the top of a CPU profile of the mail bench's rush).
    await this.docs.ensureIndex(MAIL_LOG, ['status', 'priority', 'due_ms']);
  }

  /** Newest first. */
  async list(query: {
    status?: MailStatus;
    booking_id?: string;
    kind?: MailKind;
    limit?: number;
  }): Promise<MailLogEntry[]> {
    const filter: Filter = {};
    // Entries written by earlier versions carry no status (see asMailItem): they are listed
    // unfiltered only.
    if (query.status) filter.status = query.status;
    if (query.booking_id) filter.booking_id = query.booking_id;
    if (query.kind) filter.kind = query.kind;
    const found = await this.docs.find(MAIL_LOG, filter, { sort: [['created_at', -1]], limit: query.limit ?? 100 });
    return found.map((doc) => entryOf(asMailItem(doc)));
  }

  /** A new item sending the same mail again (the old one is kept); null when there is no such mail. */
  async resend(id: string): Promise<MailLogEntry | null> {
    const found = await this.docs.get(MAIL_LOG, id);
    if (!found) return null;
    const old = asMailItem(found);
    const now = this.now();
    const item: MailItem = {
      ...old,
      id: `${old.id}-again-${randomUUID().slice(0, 8)}`,
      status: 'pending',
      priority: 0,
      due_ms: now.getTime(),
      attempts: 0,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      resend_of: old.id,
    };
    delete item._pos;
    delete item.refused;
    await this.docs.commit([{ op: 'put', collection: MAIL_LOG, doc: item }]);
    return entryOf(item);
  }

  /** Mails due now and whether the relay takes mail: what holds new web bookings back (outbox/mailBackPressure.ts). */
  async due(): Promise<{ due: number; relayOk: boolean }> {
    const [due, relay] = await Promise.all([
      this.docs.count(MAIL_LOG, { status: 'pending', due_ms: { $lte: this.now().getTime() } }),
      this.relay(),
    ]);
    return { due, relayOk: relay.status === 'ok' };
  }

  async health(): Promise<MailHealth> {
    const nowMs = this.now().getTime();
    const seen = await this.docs.get<Doc & { at: string }>(MAIL_RELAY, FAILED_SEEN);
    const [due, failed, unseen, oldest, relay] = await Promise.all([
      this.docs.count(MAIL_LOG, { status: 'pending', due_ms: { $lte: nowMs } }),
      this.docs.count(MAIL_LOG, { status: 'failed' }),
      this.docs.count(MAIL_LOG, { status: 'failed', failed_at: { $gt: seen?.at ?? '' } }),
      this.docs.find<MailItem>(MAIL_LOG, { status: 'pending' }, { sort: [['due_ms', 1]], limit: 1 }),
      this.relay(),
    ]);
    const oldestDue = oldest[0] && oldest[0].due_ms <= nowMs ? Math.floor((nowMs - oldest[0].due_ms) / 1000) : null;
    return {
      due,
      failed,
      failed_unseen: unseen,
      oldest_due_seconds: oldestDue,
      relay: relay.status,
      last_error: relay.last_error,
    };
  }

  /**
   * Staff have looked at the failed mails (the mail log's failed filter): those parked until now
   * are no longer an alert (/api/ready's mail_failed, the dashboard's banner). The sender stamps
   * each parked item with failed_at; a later one is an alert again.
   */
  async seenFailed(by: string): Promise<void> {
    const doc = { id: FAILED_SEEN, at: new Date(Math.max(Date.now(), this.now().getTime())).toISOString(), by };
    await this.docs.commit([{ op: 'put', collection: MAIL_RELAY, doc }]);
  }

  async relay(): Promise<RelayState> {
    const doc = await this.docs.get<RelayState & Doc>(MAIL_RELAY, 'relay');
    return doc
      ? { status: doc.status, last_error: doc.last_error, since: doc.since }
      : { status: 'ok', last_error: null, since: null };
  }
}

/**
 * An erased customer's item: nothing left that names or describes them (rule: erasure). A mail
 * about them to staff keeps its recipient (the kiosk's own address).
 */
export function scrubbed(item: MailItem, toStaff = false): MailItem {
  return {
    ...item,
    to: toStaff ? item.to : ERASED,
    to_key: toStaff ? recipientKey(item.to) : ERASED,
    subject: item.subject === null ? null : ERASED,
    text: null,
    html: null,
    params: {},
    last_error: item.last_error === null ? null : ERASED,
    status: item.status === 'pending' ? 'failed' : item.status,
  };
}
