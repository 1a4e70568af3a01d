// Kunddata: what is held about one customer (GDPR article 15) and erasing it (article 17, rule:
// erasure). Erasing appends CustomerErased to the customer's own stream, naming where the read
// models hold their data, then completes it at once (api/erasure: key deleted, mail log and
// outbox forgotten, store purged) and answers once the read models show it.
import {
  customerDecider,
  customerStream,
  type CustomerErasedData,
  type ErasedRecords,
  type ErasureReason,
} from '../../domain/customers/erasure.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import type { CustomerErasure } from '../../domain/answers/customers.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { ownerOf, type CustomerRef } from '../../domain/customers/personalData.js';
import {
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
  async export(customer: CustomerRef) {
    const records = await customerRecords(this.docs, customer, MAIL_LOG);
    const bookings = await Promise.all(
      records.bookings.map(async (booking) => ({ booking, history: await this.bookings.history(booking.id) })),
    );
    const who = 'email' in customer ? { email: customer.email } : { email: '', phone: customer.phone };
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

  private async erased(
    customer: CustomerRef,
    actor: string,
    reason: ErasureReason,
    retention?: { cutoff: string },
  ): Promise<{ answer: CustomerErasure; recorded: boolean }> {
    // The customer id of the key their records are sealed under (recordOwner): their e-mail's, or
    // for one known only by phone the number's ('tel:' and its digits).
    const customerId = this.erasure.keys.customerIdOf(ownerOf(customer));
    if (reason === 'retention') await this.commands.settled({ position: await this.commands.bus.headPosition() });
    const { found, lastBookingAt, lastRecordAt, newestDate, dayStreams } = await this.held(customer);
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
        ...(retention ? { retention: { cutoff: retention.cutoff, newestDate } } : {}),
        now: this.commands.clock().now,
      },
      actor,
    );
    const erased = result.events[0]?.data as CustomerErasedData | undefined;
    if (!erased) {
      const at = result.state.lastErasure?.at ?? this.commands.clock().now.toISOString();
      return { answer: { erased_bookings: 0, erased_at: at }, recorded: false };
    }
    await completeErasure(erased, result.position, { ...this.erasure, docs: this.docs });
    this.commands.bus.forget(dayStreams);
    return { answer: { erased_bookings: found.booking_ids.length, erased_at: erased.erased_at }, recorded: true };
  }

  /** Where the read models hold the customer's data, found as the export finds it. */
  private async held(customer: CustomerRef): Promise<{
    found: ErasedRecords;
    lastBookingAt: string | null;
    lastRecordAt: string | null;
    newestDate: string | null;
    dayStreams: string[];
  }> {
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
