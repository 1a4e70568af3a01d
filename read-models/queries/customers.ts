// Everything the read models hold about one customer, found by e-mail (GDPR article 15: the
// Kunddata screen), or by phone number for a customer known only by phone (a phone order without
// e-mail, rule: staff-orders): bookings, waitlist entries, VIP entries and invitations, mails, and
// the push subscriptions that asked about their bookings. A record is the customer's when its
// owner (recordOwner: the key it is sealed under) is theirs, so e-mails are compared trimmed and
// case-insensitively, as the booking rules do, and phone numbers by their digits.
// The lists are scanned rather than looked up: the read models keep e-mails as the customer
// typed them, and a data request is a rare staff action, not a hot path.
import type { DocumentStore } from '../documentStore.js';
import {
  COLLECTIONS,
  type BookingDoc,
  type PushSubscriptionDoc,
  type VipCustomerDoc,
  type VipInvitationDoc,
  type WaitlistDoc,
} from '../shapes.js';
import { bookingView, publicDoc, withNumericId } from './common.js';
import {
  ERASED,
  normaliseEmail,
  ownerOf,
  recordOwner,
  sameEmail,
  type CustomerRef,
} from '../../domain/customers/personalData.js';

export type MailLogDoc = {
  id: string;
  to: string;
  subject: string;
  event_type: string;
  sent_at: string;
};

/**
 * A mail's recipient as the mail log indexes it (`to_key`): the address trimmed and lower-cased,
 * as sameEmail compares; "[raderad]" and null as they are. An erasure or a data request finds the
 * customer's mails through this index instead of reading the whole log.
 */
export const recipientKey = (to: string | null): string | null =>
  to === null || to === ERASED ? to : normaliseEmail(to);

/** Mails (to anyone) about these bookings and queue places, through the mail log's indexes. */
export async function mailsAbout<T extends { id: string }>(
  docs: DocumentStore,
  mailLog: string,
  bookingIds: readonly string[],
  waitlistIds: readonly string[] = [],
): Promise<T[]> {
  const lookups: Array<Promise<T[]>> = [];
  if (bookingIds.length > 0) lookups.push(docs.find(mailLog, { booking_id: { $in: [...bookingIds] } }));
  if (waitlistIds.length > 0) lookups.push(docs.find(mailLog, { waitlist_id: { $in: [...waitlistIds] } }));
  return (await Promise.all(lookups)).flat();
}

/**
 * The mail-log entries to this address or about these bookings and queue places, through the
 * log's indexes (`to_key`, `booking_id`, `waitlist_id`, `event_type`): the work grows with the
 * customer's mails, not with the log. Entries from before `to_key` was written are found by
 * their booking or queue place, or as one of the invitations written before it.
 */
export async function mailsToOrAbout<T extends { id: string }>(
  docs: DocumentStore,
  mailLog: string,
  customer: CustomerRef,
  bookingIds: readonly string[],
  waitlistIds: readonly string[] = [],
): Promise<T[]> {
  const lookups: Array<Promise<T[]>> = [mailsAbout<T>(docs, mailLog, bookingIds, waitlistIds)];
  // A customer known only by phone gets no mail: only mails about their bookings name them.
  if ('email' in customer) {
    const email = customer.email;
    lookups.push(docs.find<T & { id: string }>(mailLog, { to_key: recipientKey(email) }));
    // VIP invitations name no booking: those written before to_key (a set that no longer grows)
    // are found by their event type and filtered by address.
    lookups.push(
      docs
        .find<T & { id: string; to: string | null }>(mailLog, { event_type: 'VipInvitationsSent', to_key: null })
        .then((found) => found.filter((m) => sameEmail(m.to, email))),
    );
  }
  const byId = new Map<string, T>();
  for (const found of await Promise.all(lookups)) for (const doc of found) byId.set(doc.id, doc);
  return [...byId.values()];
}

/** Whether a mail went to the customer (one known only by phone gets none). */
export const mailedTo = (mail: { to: string | null }, customer: CustomerRef) =>
  'email' in customer && sameEmail(mail.to, customer.email);

/** A booking document's owner: whose key its personal fields are sealed under (recordOwner). */
const bookingOwner = (b: BookingDoc) => recordOwner({ email: b.email, phone: b.phone, name: b.name, booking_id: b.id });

export async function customerRecords(docs: DocumentStore, customer: CustomerRef, mailLog: string) {
  const owner = ownerOf(customer);
  const theirs = (record: { email: string }) => recordOwner({ email: record.email }) === owner;
  const [bookings, vipCustomers, invitations, waitlist, subscriptions] = await Promise.all([
    docs.find<BookingDoc>(
      COLLECTIONS.bookings,
      {},
      {
        sort: [
          ['booking_date', 1],
          ['booking_time', 1],
        ],
      },
    ),
    docs.find<VipCustomerDoc>(COLLECTIONS.vipCustomers),
    docs.find<VipInvitationDoc>(COLLECTIONS.vipInvitations, {}, { sort: [['sent_at', 1]] }),
    docs.find<WaitlistDoc>(
      COLLECTIONS.waitlist,
      {},
      {
        sort: [
          ['date', 1],
          ['time', 1],
          ['joined_position', 1],
        ],
      },
    ),
    docs.find<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions),
  ]);
  const own = bookings.filter((b) => bookingOwner(b) === owner);
  const ownIds = new Set(own.map((b) => b.id));
  const mails = (await mailsToOrAbout<MailLogDoc>(docs, mailLog, customer, [...ownIds])).sort((a, b) =>
    (a.sent_at ?? '') < (b.sent_at ?? '') ? -1 : (a.sent_at ?? '') > (b.sent_at ?? '') ? 1 : a.id < b.id ? -1 : 1,
  );
  return {
    bookings: own.map(bookingView),
    // The link's token stays out here too: it books the held place.
    waitlist: waitlist.filter(theirs).map(({ token: _token, joined_position: _order, ...entry }) => publicDoc(entry)),
    push_subscriptions: subscriptionsAbout(subscriptions, ownIds).map((p) => ({
      endpoint: p.endpoint,
      subscribed_at: p.subscribed_at,
      booking_ids: p.booking_ids!.filter((id) => ownIds.has(id)),
    })),
    vip_customers: vipCustomers.filter(theirs).map(withNumericId),
    // The link's token stays out: it still opens VIP dates to whoever holds it.
    vip_invitations: invitations.filter(theirs).map(({ token: _token, ...rest }) => publicDoc(rest)),
    mails: mails
      .filter((m) => mailedTo(m, customer))
      .map(({ to, subject, event_type, sent_at }) => ({ to, subject, event_type, sent_at })),
  };
}

/** A browser's push subscription is the customer's when it asked about one of their bookings. */
export const subscriptionsAbout = (subscriptions: PushSubscriptionDoc[], bookingIds: ReadonlySet<string>) =>
  subscriptions.filter((p) => p.booking_ids?.some((id) => bookingIds.has(id)));

/** The ids of the push subscriptions held about these bookings (an erasure drops them). */
export async function pushSubscriptionIdsAbout(docs: DocumentStore, bookingIds: ReadonlySet<string>) {
  return subscriptionsAbout(await docs.find<PushSubscriptionDoc>(COLLECTIONS.pushSubscriptions), bookingIds).map(
    (p) => p.id,
  );
}

/**
 * The customers (by their e-mail as last written, or by phone for one known only by phone) whose
 * newest date is before the cutoff (rule: personal-data-retention): the date their bookings and
 * queue places are for, the day their VIP entry was made and their invitations were sent, as
 * RetentionCheck weighs them (domain/customers/erasure.ts); erased ones are no one's any more. A
 * full scan: the sweep runs once an hour, and only when the retention setting is on.
 */
export async function customersLastActiveBefore(docs: DocumentStore, cutoff: string): Promise<CustomerRef[]> {
  const last = new Map<string, { customer: CustomerRef; date: string }>();
  const seen = (customer: CustomerRef | null, date: string) => {
    if (!customer) return;
    const key = ownerOf(customer);
    const known = last.get(key);
    if (!known || known.date < date) last.set(key, { customer, date });
  };
  // An erased record names no one; a counter order with only a name (sealed under a key of its
  // own booking, rule: staff-orders) is found again by its number.
  const byEmail = (email: string): CustomerRef | null => (email === ERASED || !email.trim() ? null : { email });
  const ofBooking = (b: BookingDoc): CustomerRef | null => {
    if (b.email === ERASED || b.name === ERASED) return null;
    const owner = bookingOwner(b);
    if (owner.startsWith('tel:') && b.phone) return { phone: b.phone };
    // A counter or phone order with only a name is a customer of its own, by its number: it
    // expires like any other (rule: personal-data-retention, issue 45).
    if (owner.startsWith('booking:')) return { booking_id: b.id };
    return owner === '' ? null : byEmail(b.email);
  };
  const [bookings, waitlist, vipCustomers, invitations] = await Promise.all([
    docs.find<BookingDoc>(COLLECTIONS.bookings),
    docs.find<WaitlistDoc>(COLLECTIONS.waitlist),
    docs.find<VipCustomerDoc>(COLLECTIONS.vipCustomers),
    docs.find<VipInvitationDoc>(COLLECTIONS.vipInvitations),
  ]);
  for (const b of bookings) seen(ofBooking(b), b.booking_date);
  for (const w of waitlist) seen(byEmail(w.email), w.date);
  for (const c of vipCustomers) seen(byEmail(c.email), c.created_at.slice(0, 10));
  for (const i of invitations) seen(byEmail(i.email), i.sent_at.slice(0, 10));
  return [...last.values()].filter((c) => c.date < cutoff).map((c) => c.customer);
}

/**
 * The customer a booking number names (Kunddata, by order number): the booking's owner as its
 * records are sealed (recordOwner): its e-mail, its phone number for a phone order without one,
 * the order itself for one with only a name (or erased, or unknown: nothing more to find).
 */
export async function customerOfBooking(docs: DocumentStore, bookingId: string): Promise<CustomerRef> {
  const id = bookingId.trim();
  const booking = await docs.get<BookingDoc>(COLLECTIONS.bookings, id);
  if (!booking || booking.email === ERASED) return { booking_id: id };
  const owner = bookingOwner(booking);
  if (owner.startsWith('tel:') && booking.phone) return { phone: booking.phone };
  if (owner === '' || owner.startsWith('booking:')) return { booking_id: id };
  return { email: booking.email };
}

/** One order a name-and-date search finds: enough for staff to tell them apart. */
export interface NamedOrder {
  booking_id: string;
  name: string;
  booking_date: string;
  booking_time: string;
  pizza_summary: string;
  /** How the order names its customer: by e-mail, phone number or only a name. */
  contact: 'email' | 'phone' | 'name';
}

/**
 * The orders for this date whose name holds the text typed (trimmed, case-insensitive): how staff
 * find a counter or phone order placed with only a name (issue 45), to look it up by its number.
 */
export async function ordersNamed(docs: DocumentStore, name: string, date: string): Promise<NamedOrder[]> {
  const wanted = name.trim().toLocaleLowerCase('sv');
  const found = await docs.find<BookingDoc>(
    COLLECTIONS.bookings,
    { booking_date: date },
    { sort: [['booking_time', 1]] },
  );
  return found
    .filter((b) => b.name !== ERASED && typeof b.name === 'string' && b.name.toLocaleLowerCase('sv').includes(wanted))
    .map((b) => {
      const owner = bookingOwner(b);
      return {
        booking_id: b.id,
        name: b.name,
        booking_date: b.booking_date,
        booking_time: b.booking_time,
        pizza_summary: b.pizza_summary ?? '',
        contact: owner.startsWith('tel:') ? 'phone' : owner.startsWith('booking:') || owner === '' ? 'name' : 'email',
      } satisfies NamedOrder;
    });
}
