// Which parts of which events are a customer's personal data (rule: personal-data): the one list
// the event store's sealing layer (api/eventStore/sealed.ts) encrypts under the customer's key, so
// that erasing a customer is deleting one key. Everything else in an event (times, pizzas,
// amounts, statuses, who confirmed) stays readable for the audit trail, the statistics and the
// capacity rules.
//
// A record is an object inside an event's data that belongs to one customer, named by its own
// `email` field: the whole data for a booking, each recipient of a VIP invitation. Its personal
// fields are encrypted together; fields that are null stay null (nothing to hide, and a reader
// then knows an erased booking simply had no phone).

/** What a personal field reads as once its customer is erased. */
export const ERASED = '[raderad]';

/** The one form of an e-mail address that names a customer: trimmed, lower case, as the booking rules compare them. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Whether two e-mail addresses name the same customer (normaliseEmail); null names no one. */
export const sameEmail = (a: string | null, b: string) => a !== null && normaliseEmail(a) === normaliseEmail(b);

/**
 * A phone number as the key of a customer without an e-mail names it (rule: staff-orders): its
 * digits and any +, nothing else ('070-123 45 67' and '0701234567' are one customer).
 */
export const normalisePhone = (phone: string) => phone.replace(/[^\d+]/g, '');

/** Who a data request or an erasure is about: a customer named by e-mail, or one known only by phone (a phone order). */
/**
 * The customer asked about: by e-mail; by phone for one known only by phone; or, for a counter or
 * phone order with only a name (rule: staff-orders), by that order's number (its records are
 * sealed under a key of their own booking, so the order is the customer).
 */
export type CustomerRef = { email: string } | { phone: string } | { booking_id: string };

/** The owner (as recordOwner names it) of the records of the customer asked about. */
export const ownerOf = (ref: CustomerRef): string =>
  'email' in ref
    ? normaliseEmail(ref.email)
    : 'phone' in ref
      ? `tel:${normalisePhone(ref.phone)}`
      : `booking:${ref.booking_id.trim()}`;

export interface PersonalRecords {
  /** The records of one event's data (the data itself, or objects inside it). */
  records(data: Record<string, unknown>): Array<Record<string, unknown>>;
  /** Their personal fields, `email` among them. */
  fields: readonly string[];
  /** Whose key seals a record, where it is not recordOwner's answer (a VIP entry's own key). */
  owner?: (record: Record<string, unknown>) => string;
}

/**
 * One VIP, one key (rule: erasure): a VIP entry and the invitations sent to it are sealed under a
 * key of the entry, not of the e-mail it had then, so every e-mail it has held goes with that one
 * key when the VIP is erased (a VIP whose e-mail was changed leaves no earlier address readable).
 * Events from before were sealed under each e-mail's key: the erasure takes those keys too.
 */
export const vipOwner = (vipCustomerId: number) => `vip:${vipCustomerId}`;
const ofVipEntry = (field: string) => (record: Record<string, unknown>) => vipOwner(Number(record[field]));

const whole = (data: Record<string, unknown>) => [data];

export const personalData: Readonly<Record<string, PersonalRecords>> = {
  // sms_when_ready: the tick for SMS tells of the customer as the phone does (rule: sms-notices).
  BookingPlaced: { records: whole, fields: ['name', 'email', 'phone', 'comment', 'sms_when_ready'] },
  WaitlistJoined: { records: whole, fields: ['name', 'email'] },
  // Staff's reason for cancelling a booking is written about its customer (domain/kioskDay/decide.ts).
  BookingCancelled: { records: whole, fields: ['email', 'reason'] },
  // rule: swish-payment. The payer's Swish number (their phone), sealed under the booking's e-mail
  // it carries for that (domain/kioskDay/decide.ts); a payment without it seals nothing.
  SwishPaymentPaid: { records: whole, fields: ['email', 'payer_alias'] },
  VipCustomerAdded: { records: whole, fields: ['email', 'name', 'phone', 'notes'], owner: ofVipEntry('id') },
  VipCustomerUpdated: { records: whole, fields: ['email', 'name', 'phone', 'notes'], owner: ofVipEntry('id') },
  // A browser's push subscription tied to the customer's booking (domain/push/push.ts); one for no
  // booking has no `email` and is not sealed.
  PushSubscribed: { records: whole, fields: ['email', 'endpoint', 'keys'] },
  PushSubscriptionLinked: { records: whole, fields: ['email', 'endpoint', 'keys'] },
  VipInvitationsSent: {
    records: (data) => (Array.isArray(data.recipients) ? (data.recipients as Array<Record<string, unknown>>) : []),
    fields: ['email', 'name'],
    owner: ofVipEntry('vip_customer_id'),
  },
};

/** Whose key seals this record of an event of this type (the event type's own rule, else recordOwner). */
export const ownerOfRecord = (eventType: string, record: Record<string, unknown>): string =>
  personalData[eventType]?.owner?.(record) ?? recordOwner(record);

/**
 * Whose key seals a record: the customer named by its e-mail. A staff order without one (rule:
 * staff-orders) is still personal data: a phone order is sealed under its phone number's key
 * (`tel:` and its digits, so every order from that number shares it), a counter order with only a
 * name under a key of its own booking. '' when the record names nobody (nothing to seal).
 */
export function recordOwner(record: Record<string, unknown>): string {
  const email = typeof record.email === 'string' ? normaliseEmail(record.email) : '';
  if (email) return email;
  const phone = typeof record.phone === 'string' ? normalisePhone(record.phone) : '';
  if (phone) return ownerOf({ phone });
  const named = typeof record.name === 'string' && record.name.trim() !== '';
  if (named && typeof record.booking_id === 'string') return `booking:${record.booking_id}`;
  return '';
}
