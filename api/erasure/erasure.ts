// What erasing a customer does outside the event log and the rebuildable read models (rule:
// erasure): the customer's key is deleted, the mail log forgets their address, the outbox files
// of every mail to or about them are overwritten and removed, and the read-model store is purged
// of the old copies. Each step may run any number of times.
//
// The erase call does these at once, to answer with the erasure complete; a reactor with its own
// checkpoint, leased like the mail reactor, does them again after every CustomerErased event, so
// an erasure cut off by a crash (event appended, key not yet deleted) is completed by whichever
// process runs it next. Replaying an erasure deletes nothing new: a key is deleted only under
// the serial the erasure recorded, never a newer generation of the customer's key (made when
// they booked again, under an id of its own: api/keys/keyStore.ts).
import { customerEvents, type CustomerErasedData } from '../../domain/customers/erasure.js';
import { ERASED, normaliseEmail } from '../../domain/customers/personalData.js';
import type { EventStore } from '../../domain/eventStore.js';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';
import { projection } from '../../projections/projection.js';
import type { LeasedRunner } from '../../projections/leasedRunner.js';
import { runReactor } from '../reactors/runReactor.js';
import type { KeptErasure, KeyStore } from '../keys/keyStore.js';
import { MAIL_LOG, MAIL_RELAY, asMailItem, scrubbed, type MailItem, type RelayState } from '../mail/outbox.js';
import { mailsAbout } from '../../read-models/queries/customers.js';

export const ERASURE_REACTOR = 'erasure_v1';

export interface ErasureParts {
  keys: KeyStore;
  docs: DocumentStore;
  /** Removes a sent mail's outbox file (Mailer.forget). */
  forgetMail: (id: string) => Promise<void>;
  /**
   * Keeps the erasure outside the stores (the erasure journal beside the backups, with
   * BACKUP_DIR: api/erasure/journal.ts), before the key goes: a restore re-applies it.
   */
  keepErasure?: (erasure: KeptErasure) => Promise<void>;
}

/** @param position the CustomerErased event's: the scrubbed mail-log entries are stamped with it (documents only move forward). */
export async function completeErasure(
  erasure: CustomerErasedData,
  position: number,
  parts: ErasureParts,
): Promise<void> {
  // The customer's key, and their VIP entries' own keys (one VIP, one key), each by its serial.
  const keys = [
    ...(erasure.key_serial ? [{ customer_key: erasure.customer_key, key_serial: erasure.key_serial }] : []),
    ...(erasure.entry_keys ?? []),
  ];
  for (const { customer_key, key_serial } of keys) {
    // Kept once: while the key is still there (a replay after it went keeps nothing again).
    if (parts.keepErasure && (await parts.keys.serialOf(customer_key)) === key_serial)
      await parts.keepErasure({ customer: customer_key, serial: key_serial, erased_at: erasure.erased_at });
    await parts.keys.erase(customer_key, key_serial);
  }
  // Their mails in the outbox and mail log: recipient, subject, text and the relay's answer go,
  // and one not yet sent is never sent (the sender skips an erased recipient).
  // The mails the erasure found when it was decided, and those about their bookings and queue
  // places written since: the mail reactor follows the log at its own pace, so a mail for an
  // event before the erasure (a cancellation) can be written after it was decided, with their
  // address. Looked up again here, after the key has gone: one written later reads "[raderad]".
  const written = await mailsAbout<Doc>(parts.docs, MAIL_LOG, erasure.booking_ids, erasure.waitlist_ids);
  const known = new Set([...erasure.mail_ids, ...erasure.staff_mail_ids]);
  const since = written.map(asMailItem).filter((item) => !known.has(item.id));
  const mailIds = [...erasure.mail_ids, ...erasure.staff_mail_ids, ...since.map((item) => item.id)];
  const forgotten: MailItem[] = [];
  const recipients = new Set<string>();
  const forget = (item: MailItem, toStaff: boolean) => {
    if (!toStaff && item.to && item.to !== ERASED) recipients.add(normaliseEmail(item.to));
    if (item.subject !== ERASED) forgotten.push({ ...scrubbed(item, toStaff), _pos: position });
  };
  for (const [ids, toStaff] of [
    [erasure.mail_ids, false],
    [erasure.staff_mail_ids, true],
  ] as const) {
    for (const id of ids) {
      const logged = await parts.docs.get(MAIL_LOG, id);
      if (logged) forget(asMailItem(logged), toStaff);
    }
  }
  for (const item of since) forget(item, item.kind.startsWith('staff_'));
  if (forgotten.length > 0) await parts.docs.commit(forgotten.map((doc) => ({ op: 'put', collection: MAIL_LOG, doc })));
  // The relay's last answer (the staff banner, /api/ready) may quote a refused recipient: it goes too.
  const relay = await parts.docs.get<RelayState & Doc>(MAIL_RELAY, 'relay');
  const said = relay?.last_error?.toLowerCase();
  if (relay && said && [...recipients].some((to) => said.includes(to)))
    await parts.docs.commit([{ op: 'put', collection: MAIL_RELAY, doc: { ...relay, last_error: ERASED } }]);
  for (const id of mailIds) await parts.forgetMail(id);
  await parts.docs.purge();
}

export function erasureReactor(
  o: ErasureParts & { events: EventStore; leaseTtlMs?: number; log: (message: string, error?: unknown) => void },
): LeasedRunner {
  const reactor = projection({
    name: ERASURE_REACTOR,
    collections: [],
    events: customerEvents.types,
    apply: (event) => completeErasure(event.data, event.position, o),
  });
  return runReactor({
    events: o.events,
    docs: o.docs,
    reactor,
    leaseTtlMs: o.leaseTtlMs,
    pageSize: 50,
    pollIntervalMs: 1000,
    log: o.log,
  });
}
