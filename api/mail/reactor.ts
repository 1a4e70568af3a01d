// Mail follows the event log, never the request that made the event: a reactor with its own
// checkpoint sends the booking mails and VIP invitations.
//
// Exactly once across processes, as far as SMTP allows: every API process has the reactor, but
// only the one holding its lease runs it (projections/leasedRunner.ts). And each message is
// claimed in the store before it is sent and marked done after: a message done is never sent
// again (a replayed page, a new lease holder), and a claim left by a process that died between
// sending and marking runs out after CLAIM_TTL_MS and is sent once more. So a message is never
// lost and sent at most twice, the second time only after such a crash; its stable id (event id
// + recipient) makes that resend recognisably the same mail.
import type { EventStore, Position, RecordedEvent } from '../../domain/eventStore.js';
import { ERASED } from '../../domain/customers/personalData.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { VipLinkEvent } from '../../domain/vip/vipLinks.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import { getSettings } from '../../read-models/queries/common.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { LeasedRunner, processOwner } from '../../projections/leasedRunner.js';
import { alignReactor, startAtHead } from '../../projections/reactorCheckpoint.js';
import type { Mailer, MailMessage } from './mailer.js';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingMovedMail,
  bookingReceivedMail,
  bookingReminderMail,
  movedBookingToStaffMail,
  newBookingToStaffMail,
  orderReadyMail,
  vipInvitationMail,
  waitlistJoinedMail,
  waitlistOfferMail,
} from './templates.js';
import { readyNotice, type DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import type { WaitlistEvent } from '../../domain/kioskDay/waitlistState.js';
import type { WaitlistDoc } from '../../read-models/shapes.js';

export const MAIL_REACTOR = 'mail_v1';
export const MAIL_LOG = 'mail_log_v1';
const MAIL_CLAIMS = 'mail';
/** Longer than a send can take with the mailer's timeouts (mailer.ts). */
const CLAIM_TTL_MS = 180_000;

export interface MailReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  /** Resolves when the read models include a position (the bookings a mail describes). */
  waitForReadModels: (position: Position) => Promise<unknown>;
  /** This process in the lease and claims (default host:pid:random). */
  owner?: string;
  /** The reactor lease (tests shorten it). */
  leaseTtlMs?: number;
  claimTtlMs?: number;
}

export async function mailReactor(o: MailReactorOptions): Promise<LeasedRunner> {
  const owner = o.owner ?? processOwner();
  const claimTtlMs = o.claimTtlMs ?? CLAIM_TTL_MS;

  /** True when this process may send the message now; false once it is sent (by anyone). */
  const claim = async (id: string): Promise<boolean> => {
    for (;;) {
      const state = await o.docs.lease(MAIL_CLAIMS, id, owner, claimTtlMs);
      if (state !== 'theirs') return state === 'ours';
      // Another process is sending it right now (or died doing so): wait until it is done, or
      // its claim runs out and the message is ours to send.
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, claimTtlMs / 4)));
    }
  };

  const send = async (
    event: RecordedEvent,
    batch: Parameters<Projection['apply']>[1],
    key: string,
    message: MailMessage,
  ) => {
    const id = `${event.id}-${key}`;
    // A customer erased since (rule: erasure) has no address left to write to.
    if (message.to === ERASED) return;
    if (!(await claim(id))) return;
    let refused: string | null = null;
    try {
      await o.mailer.send({ ...message, id });
    } catch (error) {
      // The relay refused this recipient for good (5xx: no such mailbox, policy): sending again
      // would fail the same way and hold back every mail after it. Logged and given up; a
      // passing failure (4xx, no connection) is thrown, and the page is tried again.
      if (!isPermanentRefusal(error)) throw error;
      refused = (error as Error).message;
      console.error(`Mail ${id} refused by the relay, not sent: ${refused}`);
    }
    await o.docs.endLease(MAIL_CLAIMS, id, owner, 'done');
    await batch.update(MAIL_LOG, id, event, () => ({
      id,
      to: message.to,
      subject: message.subject,
      event_type: event.type,
      sent_at: new Date().toISOString(),
      ...(refused ? { refused } : {}),
    }));
  };

  const bookingOf = async (event: RecordedEvent, bookingId: string) => {
    await o.waitForReadModels(event.position);
    return o.docs.get<BookingDoc>(COLLECTIONS.bookings, bookingId);
  };

  const projection: Projection = {
    name: MAIL_REACTOR,
    collections: [MAIL_LOG],
    eventTypes: new Set([
      'BookingPlaced',
      'BookingConfirmed',
      'BookingCancelled',
      'BookingReminded',
      'BookingRescheduled',
      'BookingMovedAway',
      'KitchenStepRecorded',
      'VipInvitationsSent',
      'WaitlistJoined',
      'WaitlistOfferMade',
    ]),
    async apply(recorded, batch) {
      const event = recorded as unknown as (KioskDayEvent | VipLinkEvent | WaitlistEvent) & RecordedEvent;
      switch (event.type) {
        case 'BookingPlaced': {
          const booking = event.data;
          // The first step of a move (rule: reschedule): mailed once the move is complete
          // (BookingMovedAway below), never for a step that may yet be undone.
          if (booking.moved_from) return;
          await send(recorded, batch, 'customer', bookingReceivedMail(booking, o.publicUrl));
          const settings = await getSettings(o.docs);
          await send(
            recorded,
            batch,
            'staff',
            newBookingToStaffMail(booking, settings.admin_email, `${o.publicUrl}/admin/bookings?status=pending`),
          );
          return;
        }
        case 'BookingConfirmed': {
          const booking = await bookingOf(recorded, event.data.booking_id);
          if (booking) await send(recorded, batch, 'customer', bookingConfirmedMail(booking));
          return;
        }
        case 'BookingCancelled': {
          // An undone first step of a move: the customer kept the booking they had.
          if (event.data.move_undone) return;
          const booking = await bookingOf(recorded, event.data.booking_id);
          if (booking)
            await send(recorded, batch, 'customer', bookingCancelledMail(booking, event.data.reason, event.data.by));
          return;
        }
        case 'BookingReminded': {
          const booking = await bookingOf(recorded, event.data.booking_id);
          // Cancelled since the reminder was decided: a reminder would send the customer to the kiosk for nothing.
          if (booking && booking.status !== 'cancelled')
            await send(recorded, batch, 'customer', bookingReminderMail(booking));
          return;
        }
        case 'BookingRescheduled':
        case 'BookingMovedAway': {
          // A completed move (rule: reschedule): the customer gets the new time, staff a notice
          // to confirm it, as for a new booking.
          const moved = event.type === 'BookingMovedAway';
          const booking = await bookingOf(recorded, moved ? event.data.to : event.data.booking_id);
          if (!booking) return;
          const movedFrom = moved ? event.data.booking_id : null;
          const fromTime = moved ? `${event.data.booking_date} ${event.data.booking_time}` : event.data.from_time;
          await send(recorded, batch, 'customer', bookingMovedMail(booking, movedFrom, o.publicUrl));
          const settings = await getSettings(o.docs);
          await send(
            recorded,
            batch,
            'staff',
            movedBookingToStaffMail(
              booking,
              movedFrom,
              fromTime,
              settings.admin_email,
              `${o.publicUrl}/admin/bookings?status=pending`,
            ),
          );
          return;
        }
        case 'KitchenStepRecorded': {
          // The order is ready (rule: ready-notice): its first Klar only, as the push notice.
          if (event.data.step !== 'ready') return;
          const day = (await o.events.readStream(recorded.streamName)) as unknown as DayEventAt[];
          if (readyNotice(day, event.data.booking_id, recorded.revision) !== 'announce') return;
          const booking = await bookingOf(recorded, event.data.booking_id);
          if (booking) await send(recorded, batch, 'ready', orderReadyMail(booking));
          return;
        }
        case 'VipInvitationsSent': {
          for (const r of event.data.recipients) {
            const url = `${o.publicUrl}/?vip=${encodeURIComponent(r.token)}`;
            const mail = vipInvitationMail({
              customerName: r.name,
              subject: event.data.subject,
              message: event.data.message,
              url,
              expiresAt: event.data.expires_at,
              timeZone: o.timeZone,
            });
            await send(recorded, batch, r.invitation_id, { ...mail, to: r.email });
          }
          return;
        }
        // The waitlist (rule: waitlist): a receipt on joining, the personal link with every offer.
        case 'WaitlistJoined': {
          const w = event.data;
          await send(
            recorded,
            batch,
            'customer',
            waitlistJoinedMail(w, `${o.publicUrl}/waitlist/${encodeURIComponent(w.token)}`),
          );
          return;
        }
        case 'WaitlistOfferMade': {
          await o.waitForReadModels(recorded.position);
          const w = await o.docs.get<WaitlistDoc>(COLLECTIONS.waitlist, event.data.waitlist_id);
          if (!w) return;
          const url = `${o.publicUrl}/waitlist/${encodeURIComponent(w.token)}`;
          await send(
            recorded,
            batch,
            'customer',
            waitlistOfferMail(w, {
              url,
              pizzas: event.data.pizzas,
              holdExpiresAt: event.data.hold_expires_at,
              timeZone: o.timeZone,
            }),
          );
          return;
        }
        default:
          return;
      }
    },
  };

  return new LeasedRunner({
    docs: o.docs,
    name: MAIL_REACTOR,
    owner,
    ttlMs: o.leaseTtlMs,
    async create() {
      // Mails already sent are not sent again.
      await startAtHead(o.events, o.docs, MAIL_REACTOR);
      return new ProjectionRunner(o.events, o.docs, [projection], { pageSize: 20, pollIntervalMs: 500 });
    },
    log: (m, e) => console.error(m, e),
  });
}

/**
 * After npm run events:import or projections:rebuild (projections/reactorCheckpoint.ts). Claims
 * are kept: they name event ids, which travel with the events, so no mail is sent twice.
 */
export const alignMailReactor = (events: EventStore, docs: DocumentStore, mode: 'imported' | 'rebuilt') =>
  alignReactor(events, docs, MAIL_REACTOR, mode);

/** An SMTP answer that will not change on a retry: a 5xx reply (RFC 5321 4.2.1). */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
