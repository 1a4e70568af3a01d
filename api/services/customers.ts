// Kunddata: what is held about one customer (GDPR article 15) and erasing it (article 17, rule:
// erasure). Erasing appends CustomerErased to the customer's own stream, naming where the read
// models hold their data, then completes it at once (api/erasure: key deleted, mail log and
// outbox forgotten, store purged) and answers once the read models show it.
import {
  customerDecider,
  customerStream,
  type CustomerErasedData,
  type ErasedKey,
  type ErasedRecords,
  type ErasureReason,
  type RetentionCheck,
} from '../../domain/customers/erasure.js';
import { VIP_CUSTOMERS_STREAM, vipCustomersDecider, vipEntriesEverNamed } from '../../domain/vip/vipCustomers.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import type { CustomerErasure } from '../../domain/answers/customers.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { ownerOf, vipOwner, type CustomerRef } from '../../domain/customers/personalData.js';
import {
  customerOfBooking,
  customerRecords,
  mailedTo,
  mailsToOrAbout,
  pushSubscriptionIdsAbout,
  type MailLogDoc,
} from '../../read-models/queries/customers.js';
import { completeErasure, type ErasureParts } from '../erasure/erasure.js';
import { MAIL_LOG } from '../mail/reactor.js';
import type { Commands } from './commands.js';
import type { BookingsService } from './bookings.js';

/** Where the read models hold one customer's data, and the dates retention weighs. */
interface Held {
  found: ErasedRecords;
  lastBookingAt: string | null;
  lastRecordAt: string | null;
  newestDate: string | null;
  dayStreams: string[];
}

/** The latest of ISO dates or instants (they sort as text), null for none. */
const newest = (values: string[]) => values.sort().at(-1) ?? null;

export class CustomersService {
  constructor(
    private readonly commands: Commands,
    private readonly docs: DocumentStore,
    private readonly bookings: BookingsService,
    private readonly erasure: Omit<ErasureParts, 'docs'>,
  ) {}

  /**
   * Every datum held about the customer, each booking with its history from the event log. A
   * customer known only by phone is answered with `email: ''` and the number asked about.
   */
  async export(asked: CustomerRef) {
    const customer = await this.resolve(asked);
    const records = await customerRecords(this.docs, customer, MAIL_LOG);
    const bookings = await Promise.all(
      records.bookings.map(async (booking) => ({ booking, history: await this.bookings.history(booking.id) })),
    );
    const who =
      'email' in customer
        ? { email: customer.email }
        : 'phone' in customer
          ? { email: '', phone: customer.phone }
          : { email: '', booking_id: customer.booking_id };
    return { ...who, generated_at: this.commands.clock().now.toISOString(), ...records, bookings };
  }

  /**
   * Erases the customer: staff at their request ('request', always recorded), or the retention
   * sweep ('retention', once per customer: the stream's decider refuses a second erasure of the
   * same bookings, whichever process asks). Answers how many bookings were erased, and when.
   *
   * A retention erasure (with its cutoff) is decided on the customer's bookings as they are now,
   * not as the sweep listed them: the read models first catch up with the whole log (every
   * process's appends), then the customer's bookings are read and the decider keeps a customer
   * with one for the cutoff date or later (rule: personal-data-retention), also one booked since
   * the sweep's listing.
   */
  async erase(
    customer: CustomerRef,
    actor: string,
    reason: ErasureReason = 'request',
    retention?: { cutoff: string },
  ): Promise<CustomerErasure> {
    return (await this.erased(customer, actor, reason, retention)).answer;
  }

  /** The retention sweep's erasure: answers whether the customer was erased now. */
  async eraseExpired(customer: CustomerRef, actor: string, cutoff: string): Promise<boolean> {
    return (await this.erased(customer, actor, 'retention', { cutoff })).recorded;
  }

  /**
   * A customer asked about by order number is that order's customer (customerOfBooking): by its
   * e-mail or phone when it has one, the order itself when it names only a name (issue 45).
   */
  private async resolve(customer: CustomerRef): Promise<CustomerRef> {
    return 'booking_id' in customer ? customerOfBooking(this.docs, customer.booking_id) : customer;
  }

  private async erased(
    askedFor: CustomerRef,
    actor: string,
    reason: ErasureReason,
    retention?: { cutoff: string },
  ): Promise<{ answer: CustomerErasure; recorded: boolean }> {
    const customer = await this.resolve(askedFor);
    if (reason === 'retention') await this.commands.settled({ position: await this.commands.bus.headPosition() });
    // One VIP, one key (rule: erasure): the VIP entries that have ever held this e-mail go with
    // it, their own keys and every other e-mail they have held (a VIP whose e-mail was changed
    // leaves no earlier address readable), each of those erased as a customer of its own.
    const entries =
      'email' in customer
        ? vipEntriesEverNamed(
            (await this.commands.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider)).state,
            customer.email,
          )
        : [];
    const asked = ownerOf(customer);
    const others = [...new Set(entries.flatMap((entry) => entry.emails))].filter((email) => email !== asked);
    const group: CustomerRef[] = [customer, ...others.map((email) => ({ email }))];
    const held = await Promise.all(group.map((member) => this.held(member)));
    // Retention weighs the person, not one address: kept when any of their addresses is recent.
    const newestDate = newest(held.flatMap((h) => (h.newestDate ? [h.newestDate] : [])));
    const entryKeys: ErasedKey[] = [];
    for (const { id } of entries) {
      const owner = this.erasure.keys.customerIdOf(vipOwner(id));
      const serial = await this.erasure.keys.serialOf(owner);
      if (serial) entryKeys.push({ customer_key: owner, key_serial: serial });
    }
    const results = [];
    for (const [i, member] of group.entries())
      results.push(
        await this.eraseOne(member, held[i], actor, reason, retention && { cutoff: retention.cutoff, newestDate }, {
          entryKeys: i === 0 ? entryKeys : [],
        }),
      );
    // The cached VIP list held the addresses in the clear: read again, it shows them erased.
    this.commands.bus.forget([...held.flatMap((h) => h.dayStreams), VIP_CUSTOMERS_STREAM]);
    const recorded = results.filter((r): r is CustomerErasedData => r !== null);
    if (recorded.length === 0) {
      const at = (await this.lastErasureOf(customer)) ?? this.commands.clock().now.toISOString();
      return { answer: { erased_bookings: 0, erased_at: at }, recorded: false };
    }
    const bookings = recorded.reduce((sum, erasure) => sum + erasure.booking_ids.length, 0);
    return { answer: { erased_bookings: bookings, erased_at: recorded[0].erased_at }, recorded: true };
  }

  /** When the customer was last erased, null if never. */
  private async lastErasureOf(customer: CustomerRef): Promise<string | null> {
    const customerId = this.erasure.keys.customerIdOf(ownerOf(customer));
    return (await this.commands.load(customerStream(customerId), customerDecider)).state.lastErasure?.at ?? null;
  }

  /** One customer's erasure, decided on their own stream and completed at once; null when it appended nothing. */
  private async eraseOne(
    customer: CustomerRef,
    { found, lastBookingAt, lastRecordAt }: Held,
    actor: string,
    reason: ErasureReason,
    retention: RetentionCheck | undefined,
    { entryKeys }: { entryKeys: ErasedKey[] },
  ): Promise<CustomerErasedData | null> {
    // The customer id of the key their records are sealed under (recordOwner): their e-mail's, or
    // for one known only by phone the number's ('tel:' and its digits).
    const customerId = this.erasure.keys.customerIdOf(ownerOf(customer));
    // The current key's serial: the erasure deletes that generation of the customer's key, never
    // a newer one made when they book again (api/keys/keyStore.ts).
    const keySerial = await this.erasure.keys.serialOf(customerId);
    const result = await this.commands.write(
      customerStream(customerId),
      customerDecider,
      {
        type: 'EraseCustomer',
        customerId,
        keySerial,
        reason,
        found,
        lastBookingAt,
        lastRecordAt,
        ...(retention ? { retention } : {}),
        entryKeys,
        now: this.commands.clock().now,
      },
      actor,
    );
    const erased = result.events[0]?.data as CustomerErasedData | undefined;
    if (!erased) return null;
    await completeErasure(erased, result.position, { ...this.erasure, docs: this.docs });
    return erased;
  }

  /** Where the read models hold the customer's data, found as the export finds it. */
  private async held(customer: CustomerRef): Promise<Held> {
    const records = await customerRecords(this.docs, customer, MAIL_LOG);
    const bookingIds = new Set(records.bookings.map((b) => b.id));
    const waitlistIds = new Set(records.waitlist.map((w) => w.id));
    const dayStreams = [
      ...new Set(
        [...records.bookings.map((b) => b.booking_date), ...records.waitlist.map((w) => w.date)].map(kioskDayStream),
      ),
    ];
    // Mails to them, and to staff about their bookings and queue places, through the mail log's
    // indexes: an erasure's work grows with the customer's mails, not with the log.
    const mails = await mailsToOrAbout<MailLogDoc>(this.docs, MAIL_LOG, customer, [...bookingIds], [...waitlistIds]);
    const toThem = mails.filter((m) => mailedTo(m, customer)).map((m) => m.id);
    const toStaff = mails.filter((m) => !mailedTo(m, customer)).map((m) => m.id);
    const pushIds = await pushSubscriptionIdsAbout(this.docs, bookingIds);
    const created = records.bookings.map((b) => b.created_at).sort();
    return {
      found: {
        booking_ids: [...bookingIds],
        waitlist_ids: [...waitlistIds],
        vip_customer_ids: records.vip_customers.map((c) => c.id),
        invitation_ids: records.vip_invitations.map((i) => i.id),
        mail_ids: toThem,
        staff_mail_ids: toStaff,
        push_subscription_ids: pushIds,
      },
      lastBookingAt: created.at(-1) ?? null,
      lastRecordAt: newest([
        ...created,
        ...records.waitlist.map((w) => String(w.joined_at)),
        ...records.vip_customers.map((c) => c.created_at),
        ...records.vip_invitations.map((i) => String(i.sent_at)),
      ]),
      // The dates rule personal-data-retention weighs (domain/customers/erasure.ts, RetentionCheck).
      newestDate: newest([
        ...records.bookings.map((b) => b.booking_date),
        ...records.waitlist.map((w) => String(w.date)),
        ...records.vip_customers.map((c) => c.created_at.slice(0, 10)),
        ...records.vip_invitations.map((i) => String(i.sent_at).slice(0, 10)),
      ]),
      dayStreams,
    };
  }
}
