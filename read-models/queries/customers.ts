// Everything the read models hold about one customer, found by e-mail (GDPR article 15: the
// Kunddata screen): bookings, waitlist entries, VIP entries and invitations, mails, and the push
// subscriptions that asked about their bookings. E-mails are compared trimmed and case-insensitively, as the booking rules do.
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
import { ERASED } from '../../domain/customers/personalData.js';

export type MailLogDoc = {
  id: string;
  to: string;
  subject: string;
  event_type: string;
  sent_at: string;
};

export const sameEmail = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

export async function customerRecords(docs: DocumentStore, email: string, mailLog: string) {
  const [bookings, vipCustomers, invitations, mails, waitlist, subscriptions] = await Promise.all([
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
    docs.find<MailLogDoc>(mailLog, {}, { sort: [['sent_at', 1]] }),
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
  const own = bookings.filter((b) => sameEmail(b.email, email));
  const ownIds = new Set(own.map((b) => b.id));
  return {
    bookings: own.map(bookingView),
    // The link's token stays out here too: it books the held place.
    waitlist: waitlist
      .filter((w) => sameEmail(w.email, email))
      .map(({ token: _token, joined_position: _order, ...entry }) => publicDoc(entry)),
    // A browser's push subscription is the customer's when it asked about one of their bookings.
    push_subscriptions: subscriptions
      .filter((p) => p.booking_ids?.some((id) => ownIds.has(id)))
      .map((p) => ({
        endpoint: p.endpoint,
        subscribed_at: p.subscribed_at,
        booking_ids: p.booking_ids!.filter((id) => ownIds.has(id)),
      })),
    vip_customers: vipCustomers.filter((c) => sameEmail(c.email, email)).map(withNumericId),
    // The link's token stays out: it still opens VIP dates to whoever holds it.
    vip_invitations: invitations
      .filter((i) => sameEmail(i.email, email))
      .map(({ token: _token, ...rest }) => publicDoc(rest)),
    mails: mails
      .filter((m) => sameEmail(m.to, email))
      .map(({ to, subject, event_type, sent_at }) => ({ to, subject, event_type, sent_at })),
  };
}

/**
 * The customers (their e-mail as last written) whose last booking is for a date before the
 * cutoff (rule: personal-data-retention); erased ones are no one's any more. A full scan: the
 * sweep runs once an hour, and only when the retention setting is on.
 */
export async function customersLastBookedBefore(docs: DocumentStore, cutoff: string): Promise<string[]> {
  const last = new Map<string, { email: string; date: string }>();
  for (const b of await docs.find<BookingDoc>(COLLECTIONS.bookings)) {
    // A counter or phone order without an e-mail (rule: staff-orders) names no customer to erase.
    if (b.email === ERASED || !b.email.trim()) continue;
    const key = b.email.trim().toLowerCase();
    const seen = last.get(key);
    if (!seen || seen.date < b.booking_date) last.set(key, { email: b.email, date: b.booking_date });
  }
  return [...last.values()].filter((c) => c.date < cutoff).map((c) => c.email);
}
