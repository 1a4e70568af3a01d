// Mail follows the event log, never the request that made the event. This reactor, with its
// own checkpoint, only writes the outbox's work items (mail/outbox.ts), in the same commit as its
// checkpoint: one per event × recipient × kind, its id derived from them, so a replayed page or a
// new lease holder writes the same items again and changes nothing. It never sends, never waits on
// the read models and never skips: what a mail needs beyond the event is read when it is sent
// (mail/sender.ts), and until the read models show it the item stays due.
//
// Only the process holding the reactor's lease follows the log (api/reactors/runReactor.ts); the
// senders of every process send the items, each under a lease of its own. Mails already sent are
// not sent again: a first start begins at the head of the log.
import type { EventStore } from '../../domain/eventStore.js';
import { ERASED } from '../../domain/customers/personalData.js';
import { kioskDayEvents } from '../../domain/kioskDay/kioskDay.js';
import { vipLinkEvents } from '../../domain/vip/vipLinks.js';
import { goLiveEvents } from '../../domain/goLive/goLive.js';
import type { EventOf } from '../../domain/events.js';
import type { Recorded } from '../../domain/shared/events.js';
import { assertNever } from '../../domain/shared/decider.js';
import { wallClock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { projection, type ProjectionBatch } from '../../projections/projection.js';
import type { LeasedRunner } from '../../projections/leasedRunner.js';
import { runReactor } from '../reactors/runReactor.js';
import { WrittenItems } from '../reactors/writtenItems.js';
import { bookingReceivedMail, testMail, vipInvitationMail, waitlistJoinedMail } from './templates.js';
import { decideNotice } from '../notices/decide.js';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { MAIL_LOG, newItem, type MailItem, type NewItem } from './outbox.js';
import { MAIL_PRIORITY } from '../../domain/mail/mailLog.js';
import { SaleContextReader, saleRecordOf } from './saleContext.js';

export { MAIL_LOG };
export const MAIL_REACTOR = 'mail_v1';

export interface MailReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  publicUrl: string;
  timeZone: string;
  now?: () => Date;
  /**
   * Told after a page of items is written (the senders look at once); urgent when one of them
   * goes first (a ready notice, a waitlist offer: MAIL_PRIORITY 0).
   */
  /** Items were committed: how many, and whether one is urgent (a sender ends its round for it). */
  onItems?: (urgent: boolean, count: number) => void;
  /** This process in the lease (default host:pid:random). */
  owner?: string;
  /** The reactor lease (tests shorten it). */
  leaseTtlMs?: number;
  /** SMS is configured: a notice may go by SMS instead of mail (rule: notice-channel). */
  smsConfigured?: boolean;
}

export function mailReactor(o: MailReactorOptions): LeasedRunner {
  const now = o.now ?? (() => new Date());
  // The seller and VAT table at each event, without reading their streams again for every mail.
  const sales = new SaleContextReader(o.events);
  const items = new WrittenItems(o.onItems);

  const add = (batch: ProjectionBatch, event: RecordedEvent, key: string, item: NewItem) => {
    // A customer erased since (rule: erasure) has no address left to write to: no item.
    if (item.message?.to === ERASED) return;
    items.add(MAIL_PRIORITY[item.kind] === 0);
    return batch.update<MailItem>(
      MAIL_LOG,
      `${event.id}-${key}`,
      event,
      (current) => current ?? newItem(event, key, item, now()),
    );
  };

  /** A notice goes by mail only when neither push nor SMS takes it (rule: notice-channel). */
  const mailedNotice = async (recorded: RecordedEvent) =>
    (await decideNotice(o.events, recorded, o.smsConfigured ?? false))?.channel === 'mail';

  const context: MailContext = { sales, add, mailedNotice, publicUrl: o.publicUrl, timeZone: o.timeZone };
  const reactor = projection({
    name: MAIL_REACTOR,
    collections: [MAIL_LOG],
    events: MAILED_STREAMS,
    ignores: NOT_MAILED,
    apply: (event, batch) => writeMails(event, batch, context),
  });

  return runReactor({
    ...o,
    reactor,
    pageSize: 100,
    pollIntervalMs: 250,
    onCommitted: items.committed,
    log: (m, e) => console.error(m, e),
  });
}

/** The streams the mails follow: the kiosk days, the VIP links and going live. */
const MAILED_STREAMS = [...kioskDayEvents.types, ...vipLinkEvents.types, ...goLiveEvents.types];

/** Their events that mail no one. */
const NOT_MAILED = [
  // A day's hours and VIP marking mail no one (the invitations go by VipInvitationsSent).
  'DayScheduleSet',
  'DayMarkedVip',
  'DayVipRemoved',
  'VipLinkIssued',
  // From the queue only joining and an offer are mailed.
  'WaitlistOfferLapsed',
  'WaitlistOfferTaken',
  'WaitlistLeft',
  // The counter's marks are the day's, not a customer's (a swap offered is mailed).
  'PizzaSoldOut',
  'PizzaBackInStock',
  'WebBookingsPaused',
  'WebBookingsResumed',
  // A Swish payment mails no one: its failure cancels the booking (BookingCancelled mails that),
  // and the paid booking still waits for staff's confirmation, which is mailed (rule: swish-payment).
  'SwishPaymentRequested',
  'SwishPaymentPaid',
  'SwishPaymentFailed',
  // A refund asked for goes with the cancellation, which is mailed; its failure is staff's to
  // handle (shown on the booking with Swish's code). Its success is mailed (rule: swish-refund).
  'SwishRefundRequested',
  'SwishRefundFailed',
  // Going live mails only the test mail asked for.
  'ClosedUntilReady',
  'GoLiveCompleted',
] as const;

type MailedEvent = Recorded<EventOf<Exclude<(typeof MAILED_STREAMS)[number], (typeof NOT_MAILED)[number]>>>;

/** What writing an event's mails needs from the reactor. */
interface MailContext {
  sales: SaleContextReader;
  add: (batch: ProjectionBatch, event: RecordedEvent, key: string, item: NewItem) => void | Promise<void>;
  mailedNotice: (event: RecordedEvent) => Promise<boolean>;
  publicUrl: string;
  timeZone: string;
}

/** Writes the mail items of one event: to the customer, to staff, or to the owner (a test mail). */
async function writeMails(event: MailedEvent, batch: ProjectionBatch, context: MailContext): Promise<void> {
  const { sales, add, mailedNotice, publicUrl, timeZone } = context;
  switch (event.type) {
    // rule go-live: the owner's test mail, to the admin e-mail, named with the kiosk's name then.
    case 'TestMailRequested': {
      const { seller } = await sales.at(event.position);
      const name = (seller as { kiosk_name?: string }).kiosk_name || seller.legal_name || 'Pizzakiosken';
      await add(batch, event, 'test', {
        kind: 'test_mail',
        message: testMail(event.data.to, name, `${publicUrl}/admin`),
      });
      return;
    }
    case 'BookingPlaced':
      return placedMails(event, batch, context);
    case 'BookingConfirmed':
      // A staff order's confirmation was mailed (or not) from its BookingPlaced above.
      if (event.data.staff_order) return;
      await add(batch, event, 'customer', { kind: 'booking_confirmed', booking_id: event.data.booking_id });
      return;
    case 'BookingCancelled':
      // An undone first step of a move: the customer kept the booking they had.
      if (event.data.move_undone) return;
      await add(batch, event, 'customer', {
        kind: 'booking_cancelled',
        booking_id: event.data.booking_id,
        params: { reason: event.data.reason ?? null, by: event.data.by },
      });
      return;
    case 'BookingReminded':
      if (!(await mailedNotice(event))) return;
      await add(batch, event, 'customer', { kind: 'booking_reminder', booking_id: event.data.booking_id });
      return;
    case 'BookingRescheduled':
    case 'BookingMovedAway': {
      // A completed move (rule: reschedule): the customer gets the new time, staff a notice
      // to confirm it, as for a new booking.
      const moved = event.type === 'BookingMovedAway';
      const params = {
        moved_from: moved ? event.data.booking_id : null,
        from_time: moved ? `${event.data.booking_date} ${event.data.booking_time}` : event.data.from_time,
      };
      const booking_id = moved ? event.data.to : event.data.booking_id;
      await add(batch, event, 'customer', { kind: 'booking_moved', booking_id, params });
      await add(batch, event, 'staff', { kind: 'staff_moved_booking', booking_id, params });
      return;
    }
    case 'KitchenStepRecorded':
      // The order is ready (rule: ready-notice): its first Klar only, by mail when that is
      // its channel (rule: notice-channel).
      if (event.data.step !== 'ready') return;
      if (!(await mailedNotice(event))) return;
      await add(batch, event, 'ready', { kind: 'order_ready', booking_id: event.data.booking_id });
      return;
    case 'VipInvitationsSent': {
      const { seller } = await sales.at(event.position);
      for (const r of event.data.recipients) {
        const url = `${publicUrl}/?vip=${encodeURIComponent(r.token)}`;
        const mail = vipInvitationMail({
          customerName: r.name,
          subject: event.data.subject,
          message: event.data.message,
          url,
          // Rule vip-unsubscribe: the invitation's own token names the customer on the page.
          unsubscribeUrl: `${publicUrl}/vip/avregistrera/${encodeURIComponent(r.token)}`,
          expiresAt: event.data.expires_at,
          timeZone: timeZone,
          seller,
        });
        await add(batch, event, r.invitation_id, { kind: 'vip_invitation', message: { ...mail, to: r.email } });
      }
      return;
    }
    // The waitlist (rule: waitlist): a receipt on joining, the personal link with every offer.
    case 'WaitlistJoined': {
      const w = event.data;
      const { seller } = await sales.at(event.position);
      const mail = waitlistJoinedMail(w, `${publicUrl}/waitlist/${encodeURIComponent(w.token)}`, seller);
      await add(batch, event, 'customer', {
        kind: 'waitlist_joined',
        waitlist_id: w.waitlist_id,
        message: mail,
      });
      return;
    }
    case 'WaitlistOfferMade':
      await add(batch, event, 'customer', {
        kind: 'waitlist_offer',
        waitlist_id: event.data.waitlist_id,
        params: { pizzas: event.data.pizzas, hold_expires_at: event.data.hold_expires_at },
      });
      return;
    // The counter's evening (rules slot-delay, sold-out): one mail per booking and event, for
    // a delay or its undoing only when mail is its channel (rule: notice-channel).
    case 'BookingDelayed':
      if (!(await mailedNotice(event))) return;
      await add(batch, event, 'customer', {
        kind: 'booking_delayed',
        booking_id: event.data.booking_id,
        params: { minutes: event.data.minutes, delayed_to: event.data.delayed_to },
      });
      return;
    case 'BookingDelayUndone':
      if (!(await mailedNotice(event))) return;
      await add(batch, event, 'customer', { kind: 'booking_delay_undone', booking_id: event.data.booking_id });
      return;
    // rule: swish-refund. The money is back: told once, when Swish says the refund is paid.
    case 'SwishRefunded':
      await add(batch, event, 'customer', {
        kind: 'swish_refunded',
        booking_id: event.data.booking_id,
        params: { amount_cents: event.data.amount_cents },
      });
      return;
    case 'SoldOutSwapOffered':
      await add(batch, event, 'customer', {
        kind: 'sold_out_offer',
        booking_id: event.data.booking_id,
        params: { pizza_name: event.data.pizza_name },
      });
      return;
    default:
      return assertNever(event);
  }
}

/** A booking placed: the customer's "received" mail, the record of the sale, and staff's notice. */
async function placedMails(
  event: Extract<MailedEvent, { type: 'BookingPlaced' }>,
  batch: ProjectionBatch,
  { sales, add, publicUrl, timeZone }: MailContext,
): Promise<void> {
  const booking = event.data;
  // The first step of a move (rule: reschedule): mailed once the move is complete
  // (BookingMovedAway), never for a step that may yet be undone.
  if (booking.moved_from) return;
  // A staff order (rule: staff-orders) is confirmed in the same append: no "received" mail
  // and no notice to staff, who took it; the confirmation goes out here, only to an
  // address the customer gave (a counter order may have none).
  if (booking.source) {
    if (booking.email)
      await add(batch, event, 'customer', { kind: 'booking_confirmed', booking_id: booking.booking_id });
    return;
  }
  // The record of the sale (rule: sale-record): the seller and VAT as they stood then.
  const context = await sales.at(event.position);
  // Asked to pay with Swish now (rule: swish-payment): the record says so, and states the VAT
  // at the rate of the day the payment comes in, as the booking's answer did (rule
  // vat-on-prepayment).
  const paying = booking.payment_asked === 'swish';
  const prepaid = paying ? { paid_on: wallClock(new Date(booking.placed_at), timeZone).date } : null;
  const received = bookingReceivedMail(
    paying ? { ...booking, payment: { status: 'requested' } } : booking,
    publicUrl,
    saleRecordOf(booking, context, prepaid),
  );
  await add(batch, event, 'customer', { kind: 'booking_received', booking_id: booking.booking_id, message: received });
  await add(batch, event, 'staff', { kind: 'staff_new_booking', booking_id: booking.booking_id });
}
