// Sends the outbox's due items (mail/outbox.ts): the mail channel of the leased work-item sender
// (api/outbox/leasedSender.ts), which takes each item under a short lease of its own, renews and
// checks it, stores every outcome before the lease ends, and pauses on the relay's own trouble.
// Several go out at once over the relay's pooled connections. What is particular to mail:
//
// - An item is rendered from the item itself or from the read models once they show its event; a
//   read that fails (our stores) is no verdict: the item is tried again (leasedSender.ts).
// - The lease is checked once more when the relay has asked for the message (DATA answered 354,
//   mail/mailer.ts), so a sender that lost the item meanwhile abandons it before a byte is sent.
// - Once the relay accepted it, the item is marked sent, without its position guard, and then its
//   lease is closed 'done' (no process ever sends it again, whatever the item document says).
// - What a failure means comes from the relay's answer (mail/relayAnswers.ts): a recipient or
//   message refused for good parks that item as failed; a passing refusal of one recipient's
//   mailbox or of one item is tried again later, attempts counted, up to MAX_ATTEMPTS (the waits
//   of RETRY_AFTER_MS add up to 10 h 53.5 min), then parked; the relay's own trouble (no
//   connection, sign-in refused, throttling) pauses sending, 1 s doubling up to 5 min, and drops
//   nothing. The relay's state is written for staff (the banner) and /api/ready.
import { ERASED } from '../../domain/customers/personalData.js';
import type { Doc } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc, type WaitlistDoc } from '../../read-models/shapes.js';
import { getSettings } from '../../read-models/queries/common.js';
import { recipientKey } from '../../read-models/queries/customers.js';
import type { CancelledBy } from '../../domain/kioskDay/kioskDay.js';
import type { Mailer, MailMessage } from './mailer.js';
import { MAIL_CLAIMS, MAIL_LOG, MAIL_RELAY, asMailItem, scrubbed, type MailItem } from './outbox.js';
import {
  LeaseLost,
  LeasedChannel,
  type LeaseGuard,
  type LeasedSenderOptions,
  type Outcome,
} from '../outbox/leasedSender.js';
import { classifyFailure, relayAnswerOf } from './relayAnswers.js';
import type { EventStore } from '../../domain/eventStore.js';
import { emptySeller } from '../../domain/settings/seller.js';
import { defaultAccountingSettings } from '../../domain/accounting/accounting.js';
import { prepaymentOf } from '../../domain/accounting/prepayment.js';
import { SaleContextReader, saleRecordOf, type SaleContext } from './saleContext.js';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingMovedMail,
  bookingReminderMail,
  movedBookingToStaffMail,
  newBookingToStaffMail,
  orderReadyMail,
  waitlistOfferMail,
  bookingDelayedMail,
  bookingDelayUndoneMail,
  swishRefundedMail,
  soldOutOfferMail,
} from './templates.js';

/** Tries of one item refused for now (e.g. 452 4.2.2 mailbox full) before it is parked as failed. */
export const MAX_ATTEMPTS = 10;
/**
 * The wait after each passing refusal: 30 s, 1, 2, 5, 15, 30 and 60 min, 3 and 6 h. The nine waits
 * between the ten tries add up to 10 h 53.5 min: a mailbox full for longer than that is parked.
 */
export const RETRY_AFTER_MS = [30e3, 60e3, 2 * 60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3, 60 * 60e3, 3 * 3600e3, 6 * 3600e3];
const IN_FLIGHT = 8;
/**
 * Due items read per round. Finding them sorts every pending item (a top-N sort of the backlog),
 * so a round of 32 spent a sixth of the server's CPU on that query during a backlog of 20,000
 * mails (a CPU profile of the mail bench); 128 a round make it a quarter of that. A ready notice
 * written meanwhile does not wait for the round: it ends the round early (wake(true)).
 */
const ROUND = IN_FLIGHT * 16;

export interface MailSenderOptions extends LeasedSenderOptions {
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  /** The log position every read model has applied: a mail describing a later event waits. */
  readModelsAt: () => number;
  /**
   * Where the seller's details and the VAT rate table are read for the customer's mails (rules
   * seller-details, sale-record); without it the mails name the kiosk alone at the law's rates.
   */
  events?: EventStore;
}

type Rendered = { message: MailMessage } | { notYet: true } | { skip: string };

export class MailSender extends LeasedChannel<MailItem> {
  private readonly sales: SaleContextReader | null;

  constructor(private readonly o: MailSenderOptions) {
    const names = { name: 'Mail', collection: MAIL_LOG, claims: MAIL_CLAIMS, inFlight: IN_FLIGHT };
    super({ ...names, providerStateCollection: MAIL_RELAY }, { ...o, round: ROUND });
    this.sales = o.events ? new SaleContextReader(o.events) : null;
  }

  due(nowMs: number, limit: number): Promise<MailItem[]> {
    return this.o.docs.find<MailItem>(
      MAIL_LOG,
      { status: 'pending', due_ms: { $lte: nowMs } },
      {
        sort: [
          ['priority', 1],
          ['due_ms', 1],
        ],
        limit,
      },
    );
  }

  /**
   * One booking's mails to the customer go one after another, in the order of their events (a
   * customer reads "received" before "confirmed"); everything else goes side by side, so a mail
   * stuck at the relay holds back nothing but the same customer's later mails of that booking.
   */
  groupOf(item: MailItem): string {
    return item.booking_id && !item.kind.startsWith('staff_') ? `booking:${item.booking_id}` : item.id;
  }

  groupOrder(a: MailItem, b: MailItem): number {
    return a.position - b.position;
  }

  pending(item: MailItem): boolean {
    return asMailItem(item).status === 'pending';
  }

  markedSent(item: MailItem, at: string): MailItem {
    const now = asMailItem(item);
    return { ...now, status: 'sent', sent_at: now.sent_at ?? at };
  }

  async attempt(item: MailItem, guard: LeaseGuard): Promise<Outcome<MailItem>> {
    // A read that throws here is our stores' trouble: the shared sender tries the item again.
    const rendered = await this.render(item);
    // It stays due as it is, so it stays first among its booking's mails; the read models' next
    // page wakes the sender (api/server.ts).
    if ('notYet' in rendered) return { kind: 'wait' };
    const failed = (last_error: string): Outcome<MailItem> => ({
      kind: 'settled',
      sent: false,
      item: { ...item, status: 'failed', last_error, failed_at: this.now().toISOString() },
    });
    if ('skip' in rendered) return failed(rendered.skip);
    const { message } = rendered;
    // Rendered from a booking erased since (rule: erasure): nobody left to write to.
    if (message.to === ERASED) return failed(ERASED);
    const withMessage: MailItem = { ...item, to: message.to, subject: message.subject };
    // The lease is checked before the mail is handed over and once more before its data goes.
    await guard.fence();
    try {
      await this.o.mailer.send({ ...message, id: item.id }, () => guard.fence());
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      return this.failure(withMessage, error);
    }
    // The log keeps who and what, not the body the sender rendered from the read models: a resend
    // renders it again. Storing it made a document of several kilobytes per mail (text and
    // HTML), written and parsed again at every later touch, and a copy of the customer's details
    // at rest. A body the event alone gave is kept (it cannot be rendered again).
    return {
      kind: 'settled',
      sent: true,
      item: {
        ...withMessage,
        status: 'sent',
        attempts: item.attempts + 1,
        last_error: null,
        sent_at: this.now().toISOString(),
      },
    };
  }

  /** What a refused send means for the item (mail/relayAnswers.ts). */
  private failure(item: MailItem, error: unknown): Outcome<MailItem> {
    const answer = relayAnswerOf(error);
    const kind = classifyFailure(error);
    // Not this item's fault: it stays due, as it was, and sending pauses.
    if (kind === 'relay') return { kind: 'provider', answer };
    const attempts = item.attempts + 1;
    if (kind === 'recipient' || attempts >= MAX_ATTEMPTS) {
      this.log(`Mail ${item.id} refused by the relay, not sent: ${answer}`);
      return {
        kind: 'settled',
        sent: false,
        item: { ...item, status: 'failed', attempts, last_error: answer, failed_at: this.now().toISOString() },
      };
    }
    const wait = RETRY_AFTER_MS[Math.min(attempts - 1, RETRY_AFTER_MS.length - 1)];
    return { kind: 'retry', item: { ...item, attempts, last_error: answer, due_ms: this.now().getTime() + wait } };
  }

  /**
   * Stored without its position guard: the sender's state is newer than any replay of the log.
   * An item erased while it was being sent (rule: erasure) stays scrubbed: only its status moves.
   * A settled item is never moved back or over: whoever stored its outcome first has the word.
   */
  async store(item: MailItem): Promise<void> {
    const current = await this.o.docs.get(MAIL_LOG, item.id);
    const erased = current !== null && (current.to === ERASED || current.subject === ERASED) && item.to !== ERASED;
    const settled = current === null ? null : asMailItem(current).status;
    if (!erased && settled !== null && settled !== 'pending' && settled !== item.status) {
      this.log(`Mail ${item.id} is ${settled} already: its ${item.status} not stored`);
      return;
    }
    const doc: Doc = erased
      ? {
          ...scrubbed(asMailItem(current), item.kind.startsWith('staff_')),
          status: item.status,
          attempts: item.attempts,
          sent_at: item.sent_at,
        }
      : { ...item };
    // Indexed for the erasure's lookup (read-models/queries/customers.ts), whatever set `to`.
    doc.to_key = recipientKey((doc.to as string | null) ?? null);
    delete doc._pos;
    await this.o.docs.commit([{ op: 'put', collection: MAIL_LOG, doc }]);
  }

  /** The seller and rate table at a log position (rules seller-details, sale-record). */
  private saleContext(position: number): Promise<SaleContext> {
    if (!this.sales) return Promise.resolve({ seller: emptySeller(), accounting: defaultAccountingSettings() });
    return this.sales.at(position);
  }

  /** The mail an item sends: from the item itself, or from the read models once they show its event. */
  private async render(item: MailItem): Promise<Rendered> {
    if (item.to === ERASED) return { skip: ERASED };
    if (item.text !== null && item.to !== null && item.subject !== null)
      return {
        message: { to: item.to, subject: item.subject, text: item.text, ...(item.html ? { html: item.html } : {}) },
      };
    if (this.o.readModelsAt() < item.position) return { notYet: true };
    const { docs, publicUrl, timeZone } = this.o;
    const staffUrl = `${publicUrl}/admin/bookings?status=pending`;
    const p = item.params as {
      reason?: string | null;
      by?: CancelledBy;
      moved_from?: string | null;
      from_time?: string;
      pizzas?: number;
      hold_expires_at?: string;
      minutes?: number;
      delayed_to?: string;
      pizza_name?: string;
      amount_cents?: number;
    };
    if (item.kind === 'waitlist_offer') {
      const w = await docs.get<WaitlistDoc>(COLLECTIONS.waitlist, item.waitlist_id ?? '');
      if (!w) return { skip: 'Köplatsen finns inte längre' };
      const url = `${publicUrl}/waitlist/${encodeURIComponent(w.token)}`;
      const { seller } = await this.saleContext(item.position);
      return {
        message: waitlistOfferMail(
          w,
          { url, pizzas: p.pizzas ?? 0, holdExpiresAt: p.hold_expires_at ?? '', timeZone },
          seller,
        ),
      };
    }
    const booking = await docs.get<BookingDoc>(COLLECTIONS.bookings, item.booking_id ?? '');
    if (!booking) return { skip: 'Bokningen finns inte längre' };
    // A counter or phone order without an e-mail (rule: staff-orders): nobody to write to.
    if (!booking.email && !item.kind.startsWith('staff_')) return { skip: 'Beställningen har ingen e-postadress' };
    // Customer mails name the seller; the confirmation is the record of the sale (rule: sale-record),
    // as things stood at the mail's event.
    const context = () => this.saleContext(item.position);
    switch (item.kind) {
      case 'staff_new_booking':
        return { message: newBookingToStaffMail(booking, (await getSettings(docs)).admin_email, staffUrl) };
      case 'booking_confirmed':
        return {
          message: bookingConfirmedMail(
            booking,
            saleRecordOf(booking, await context(), prepaymentOf(booking.payment, this.o.timeZone)),
          ),
        };
      case 'booking_cancelled':
        return {
          message: bookingCancelledMail(booking, p.reason ?? null, p.by ?? 'customer', (await context()).seller),
        };
      case 'booking_reminder':
        // Cancelled since the reminder was decided: it would send the customer to the kiosk for nothing.
        if (booking.status === 'cancelled') return { skip: 'Bokningen avbokades före påminnelsen' };
        return { message: bookingReminderMail(booking, (await context()).seller) };
      case 'booking_moved':
        return {
          message: bookingMovedMail(booking, p.moved_from ?? null, publicUrl, saleRecordOf(booking, await context())),
        };
      case 'staff_moved_booking': {
        const adminEmail = (await getSettings(docs)).admin_email;
        return {
          message: movedBookingToStaffMail(booking, p.moved_from ?? null, p.from_time ?? '', adminEmail, staffUrl),
        };
      }
      case 'order_ready':
        return { message: orderReadyMail(booking, (await context()).seller) };
      case 'swish_refunded':
        return { message: swishRefundedMail(booking, p.amount_cents ?? 0, (await context()).seller) };
      // The counter's evening (rules slot-delay, sold-out): news of an order that will no longer be made is none.
      case 'booking_delayed':
      case 'booking_delay_undone':
      case 'sold_out_offer': {
        if (booking.status === 'cancelled') return { skip: 'Bokningen avbokades innan mejlet gick' };
        const { seller } = await context();
        if (item.kind === 'sold_out_offer')
          return { message: soldOutOfferMail(booking, p.pizza_name ?? '', publicUrl, seller) };
        if (item.kind === 'booking_delay_undone') return { message: bookingDelayUndoneMail(booking, seller) };
        return {
          message: bookingDelayedMail(booking, { minutes: p.minutes ?? 0, delayed_to: p.delayed_to ?? '' }, seller),
        };
      }
      default:
        return { skip: `Okänd sorts e-post: ${item.kind}` };
    }
  }
}
