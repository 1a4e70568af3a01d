// Sends the outbox's due items (mail/outbox.ts). Every process that runs reactors has a sender;
// items are independent work, so one failing never holds back another, and several go out at
// once over the relay's pooled connections.
//
// Exactly once, as far as SMTP allows:
// - an item is taken under a short lease of its own (MAIL_CLAIMS), renewed while it is sent, so a
//   process that dies mid-send holds it back for at most LEASE_MS, and nothing else at all;
// - once the relay accepted it, the item is marked sent, without its position guard, and then
//   its lease is closed as 'done' (no process ever sends it again, whatever the item document
//   says). Marking first means a sender that finds the lease done reads the finished item, never
//   overwrites it with the older copy it listed. If the mark fails, this process remembers the
//   item and marks it before anything else; any sender that finds a pending item whose lease is
//   done marks it sent too.
//
// What a failure means comes from the relay's answer (mail/relayAnswers.ts): a recipient refused
// for good parks that item as failed; a passing refusal of one item is tried again later, up to
// MAX_ATTEMPTS over about a day; trouble with the relay itself (no connection, sign-in refused,
// throttling, quota) pauses this sender with exponential backoff, 1 s up to 5 min, and drops
// nothing. The relay's state is written for staff (the banner) and /api/ready.
import { ERASED } from '../../domain/customers/personalData.js';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc, type WaitlistDoc } from '../../read-models/shapes.js';
import { getSettings } from '../../read-models/queries/common.js';
import { recipientKey } from '../../read-models/queries/customers.js';
import type { CancelledBy } from '../../domain/kioskDay/kioskDay.js';
import type { Mailer, MailMessage } from './mailer.js';
import { MAIL_CLAIMS, MAIL_LOG, MAIL_RELAY, asMailItem, scrubbed, type MailItem, type RelayState } from './outbox.js';
import { classifyFailure, relayAnswerOf } from './relayAnswers.js';
import type { EventStore } from '../../domain/eventStore.js';
import { emptySeller } from '../../domain/settings/seller.js';
import { defaultAccountingSettings } from '../../domain/accounting/accounting.js';
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
  soldOutOfferMail,
} from './templates.js';
import { StallClock } from '../../projections/stall.js';

/** An item's lease: renewed every third of it while the relay takes the mail. */
const LEASE_MS = 15_000;
/** Tries of one item refused for now (RCPT 4xx) before it is parked as failed: about a day. */
export const MAX_ATTEMPTS = 10;
const RETRY_AFTER_MS = [30e3, 60e3, 2 * 60e3, 5 * 60e3, 15 * 60e3, 30 * 60e3, 60 * 60e3, 3 * 3600e3, 6 * 3600e3];
const RELAY_BACKOFF_MIN_MS = 1000;
const RELAY_BACKOFF_MAX_MS = 5 * 60_000;
const IN_FLIGHT = 8;
/**
 * Due items read per round. Finding them sorts every pending item (a top-N sort of the backlog),
 * so a round of 32 spent a sixth of the server's CPU on that query during a backlog of 20,000
 * mails (a CPU profile of the mail bench); 128 a round make it a quarter of that. A ready notice
 * written meanwhile does not wait for the round: it ends the round early (wake(true)).
 */
const ROUND = IN_FLIGHT * 16;

export interface MailSenderOptions {
  docs: DocumentStore;
  mailer: Mailer;
  owner: string;
  publicUrl: string;
  timeZone: string;
  /** The log position every read model has applied: a mail describing a later event waits. */
  readModelsAt: () => number;
  /**
   * Where the seller's details and the VAT rate table are read for the customer's mails (rules
   * seller-details, sale-record); without it the mails name the kiosk alone at the law's rates.
   */
  events?: EventStore;
  now?: () => Date;
  pollIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

type Rendered = { message: MailMessage } | { notYet: true } | { skip: string };

export class MailSender {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A round under way or failing (api/watchdog.ts ends a process whose sender stalls). */
  private readonly stall = new StallClock();
  private woken = false;
  /** An urgent item was written during this round: it ends the round (see ROUND). */
  private urgent = false;
  /** Sent by this process, the mark not yet stored. */
  private readonly unmarked = new Map<string, MailItem>();
  private relay: RelayState = { status: 'ok', last_error: null, since: null };
  private relayBackoffMs = 0;
  private pausedUntil = 0;
  private readonly now: () => Date;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly sales: SaleContextReader | null;

  constructor(private readonly o: MailSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.sales = o.events ? new SaleContextReader(o.events) : null;
    this.log = o.log ?? ((m, e) => console.error(m, e ?? ''));
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.relay = await this.storedRelay();
    this.running = true;
    this.loop = this.run();
  }

  /** Milliseconds its current round has been under way or failing again and again; 0 when idle. */
  stalledMs(now = Date.now()): number {
    return this.running ? this.stall.stalledMs(now) : 0;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /**
   * New items may be due: look now rather than at the next poll. Urgent items (MAIL_PRIORITY 0)
   * also end the round under way, so they go before the rest of it.
   */
  wake(urgent = false): void {
    this.woken = true;
    if (urgent) this.urgent = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      try {
        this.stall.begin();
        sent = await this.round();
        this.stall.done();
      } catch (error) {
        this.log('Mail sender failed; trying again', error);
      }
      if (!this.running) break;
      const pause = Math.max(0, this.pausedUntil - Date.now());
      if (sent === 0 || pause > 0) await this.sleep(pause || (this.o.pollIntervalMs ?? 250));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken && this.pausedUntil <= Date.now()) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        // A wake during a relay pause does not end the pause.
        if (this.pausedUntil > Date.now()) return;
        this.woken = false;
        this.wakeUp = null;
        done();
      };
    });
  }

  /** One look at the due items; answers how many were handled. */
  private async round(): Promise<number> {
    for (const [id, item] of this.unmarked) {
      await this.store(item);
      this.unmarked.delete(id);
    }
    if (this.pausedUntil > Date.now()) return 0;
    const nowMs = this.now().getTime();
    const due = await this.o.docs.find<MailItem>(
      MAIL_LOG,
      { status: 'pending', due_ms: { $lte: nowMs } },
      {
        sort: [
          ['priority', 1],
          ['due_ms', 1],
        ],
        limit: ROUND,
      },
    );
    this.urgent = false;
    // One booking's mails to the customer go one after another, in the order of their events (a
    // customer reads "received" before "confirmed"); everything else goes side by side, so a mail
    // stuck at the relay holds back nothing but the same customer's later mails of that booking.
    const groups = new Map<string, MailItem[]>();
    for (const item of due) {
      const key = item.booking_id && !item.kind.startsWith('staff_') ? `booking:${item.booking_id}` : item.id;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    const queue = [...groups.values()].map((items) => items.sort((a, b) => a.position - b.position));
    let handled = 0;
    let next = 0;
    const worker = async () => {
      while (next < queue.length && this.running && !this.urgent && this.pausedUntil <= Date.now()) {
        for (const item of queue[next++]) {
          if (!this.running || this.pausedUntil > Date.now()) break;
          // One still due (its read models not there yet, another process sending it) holds back
          // the later mails of its group until a later round.
          if (!(await this.handle(item))) break;
          handled += 1;
          this.stall.progress();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, queue.length) }, worker));
    return handled;
  }

  /** Sends one item if it is this process's to send; true when it left the due list. */
  private async handle(item: MailItem): Promise<boolean> {
    const { docs, owner } = this.o;
    const lease = await docs.lease(MAIL_CLAIMS, item.id, owner, LEASE_MS);
    if (lease === 'theirs') return false;
    if (lease === 'done') {
      // Handled by this or another process since this round read it. The item as it is now, not
      // this round's copy (which lacks what the sender rendered): only a lost mark is repaired.
      const current = await docs.get(MAIL_LOG, item.id);
      if (current && asMailItem(current).status !== 'pending') return true;
      const now = current ? asMailItem(current) : item;
      await this.store({ ...now, status: 'sent', sent_at: now.sent_at ?? this.now().toISOString() });
      return true;
    }
    // Every outcome below is stored before the lease ends: whoever takes the item next reads it.
    const rendered = await this.render(item).catch((error: unknown) => ({ skip: relayAnswerOf(error) }));
    if ('notYet' in rendered) {
      // It stays due as it is, so it stays first among its booking's mails (round()); the read
      // models' next page wakes the sender (api/server.ts).
      await docs.endLease(MAIL_CLAIMS, item.id, owner, 'release');
      return false;
    }
    if ('skip' in rendered) {
      await this.store({ ...item, status: 'failed', last_error: rendered.skip });
      await docs.endLease(MAIL_CLAIMS, item.id, owner, 'done');
      return true;
    }
    const { message } = rendered;
    // Rendered from a booking erased since (rule: erasure): nobody left to write to.
    if (message.to === ERASED) {
      await this.store({ ...item, status: 'failed', last_error: ERASED });
      await docs.endLease(MAIL_CLAIMS, item.id, owner, 'done');
      return true;
    }
    const withMessage: MailItem = {
      ...item,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    };
    const renew = setInterval(
      () => void docs.lease(MAIL_CLAIMS, item.id, owner, LEASE_MS).catch(() => {}),
      LEASE_MS / 3,
    );
    try {
      await this.o.mailer.send({ ...message, id: item.id });
    } catch (error) {
      clearInterval(renew);
      await this.failed(withMessage, error);
      return true;
    }
    clearInterval(renew);
    this.relayAnswered();
    // The log keeps who and what, not the body the sender rendered from the read models: a resend
    // renders it again. Storing it made a document of several kilobytes per mail (text and
    // HTML), written and parsed again at every later touch, and a copy of the customer's details
    // at rest. A body the event alone gave is kept (it cannot be rendered again).
    const sent: MailItem = {
      ...item,
      to: message.to,
      subject: message.subject,
      status: 'sent',
      attempts: item.attempts + 1,
      last_error: null,
      sent_at: this.now().toISOString(),
    };
    try {
      await this.store(sent);
    } catch (error) {
      // The relay has it: never again from here; the mark is stored before the next round.
      this.unmarked.set(item.id, sent);
      this.log(`Mail ${item.id} sent, its mark not yet stored`, error);
    }
    await docs
      .endLease(MAIL_CLAIMS, item.id, owner, 'done')
      .catch((error: unknown) => this.log(`Mail ${item.id} sent, its lease not closed`, error));
    return true;
  }

  private async failed(item: MailItem, error: unknown): Promise<void> {
    const { docs, owner } = this.o;
    const answer = relayAnswerOf(error);
    const kind = classifyFailure(error);
    if (kind === 'relay') {
      // Not this item's fault: it stays due, as it was, and sending pauses.
      await docs.endLease(MAIL_CLAIMS, item.id, owner, 'release').catch(() => {});
      await this.relayFailed(answer);
      return;
    }
    const attempts = item.attempts + 1;
    if (kind === 'recipient' || attempts >= MAX_ATTEMPTS) {
      this.log(`Mail ${item.id} refused by the relay, not sent: ${answer}`);
      await docs.endLease(MAIL_CLAIMS, item.id, owner, 'done');
      await this.store({ ...item, status: 'failed', attempts, last_error: answer });
      return;
    }
    const wait = RETRY_AFTER_MS[Math.min(attempts - 1, RETRY_AFTER_MS.length - 1)];
    await this.store({ ...item, attempts, last_error: answer, due_ms: this.now().getTime() + wait });
    await docs.endLease(MAIL_CLAIMS, item.id, owner, 'release');
  }

  private async relayFailed(answer: string): Promise<void> {
    this.relayBackoffMs = Math.min(RELAY_BACKOFF_MAX_MS, Math.max(RELAY_BACKOFF_MIN_MS, this.relayBackoffMs * 2));
    this.pausedUntil = Date.now() + this.relayBackoffMs;
    this.log(`Mail relay failing, sending paused ${this.relayBackoffMs / 1000} s: ${answer}`);
    this.relay = { status: 'failing', last_error: answer, since: this.relay.since ?? this.now().toISOString() };
    await this.storeRelay();
  }

  private relayAnswered(): void {
    this.relayBackoffMs = 0;
    if (this.relay.status === 'ok') return;
    this.relay = { status: 'ok', last_error: null, since: null };
    void this.storeRelay().catch((error: unknown) => this.log('Mail relay state not stored', error));
  }

  private async storeRelay(): Promise<void> {
    await this.o.docs.commit([{ op: 'put', collection: MAIL_RELAY, doc: { id: 'relay', ...this.relay } }]);
  }

  private async storedRelay(): Promise<RelayState> {
    const doc = await this.o.docs.get<RelayState & Doc>(MAIL_RELAY, 'relay');
    return doc ? { status: doc.status, last_error: doc.last_error, since: doc.since } : this.relay;
  }

  /**
   * Stored without its position guard: the sender's state is newer than any replay of the log.
   * An item erased while it was being sent (rule: erasure) stays scrubbed: only its status moves.
   */
  private async store(item: MailItem): Promise<void> {
    const current = await this.o.docs.get(MAIL_LOG, item.id);
    const erased = current !== null && (current.to === ERASED || current.subject === ERASED) && item.to !== ERASED;
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
        return { message: bookingConfirmedMail(booking, saleRecordOf(booking, await context())) };
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
