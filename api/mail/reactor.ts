// Mail follows the event log, never the request that made the event: a reactor with its own
// checkpoint sends the booking mails and VIP invitations. Delivery is at least once; each mail
// has a stable id (event id + recipient) so a resend after a crash is recognisably the same mail.
import type { EventStore, Position, RecordedEvent } from '../../domain/eventStore.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { VipLinkEvent } from '../../domain/vip/vipLinks.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { C, type BookingDoc } from '../../read-models/shapes.js';
import { getSettings } from '../../read-models/queries/common.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner } from '../../projections/runner.js';
import type { Mailer, MailMessage } from './mailer.js';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingReceivedMail,
  newBookingToStaffMail,
  vipInvitationMail,
} from './templates.js';

export const MAIL_REACTOR = 'mail_v1';
const MAIL_LOG = 'mail_log_v1';

export interface MailReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  mailer: Mailer;
  publicUrl: string;
  timeZone: string;
  /** Resolves when the read models include a position (the bookings a mail describes). */
  waitForReadModels: (position: Position) => Promise<unknown>;
}

export async function mailReactor(o: MailReactorOptions): Promise<ProjectionRunner> {
  const send = async (event: RecordedEvent, batch: Parameters<Projection['apply']>[1], key: string, message: MailMessage) => {
    const id = `${event.id}-${key}`;
    await o.mailer.send({ ...message, id });
    await batch.update(MAIL_LOG, id, event, () => ({ id, to: message.to, subject: message.subject, event_type: event.type, sent_at: new Date().toISOString() }));
  };

  const bookingOf = async (event: RecordedEvent, bookingId: string) => {
    await o.waitForReadModels(event.position);
    return o.docs.get<BookingDoc>(C.bookings, bookingId);
  };

  const projection: Projection = {
    name: MAIL_REACTOR,
    collections: [MAIL_LOG],
    eventTypes: new Set(['BookingPlaced', 'BookingConfirmed', 'BookingCancelled', 'VipInvitationsSent']),
    async apply(recorded, batch) {
      const event = recorded as unknown as (KioskDayEvent | VipLinkEvent) & RecordedEvent;
      switch (event.type) {
        case 'BookingPlaced': {
          const booking = event.data;
          await send(recorded, batch, 'customer', bookingReceivedMail(booking, o.publicUrl));
          const settings = await getSettings(o.docs);
          await send(recorded, batch, 'staff', newBookingToStaffMail(booking, settings.admin_email, `${o.publicUrl}/admin/bookings?status=pending`));
          return;
        }
        case 'BookingConfirmed': {
          const booking = await bookingOf(recorded, event.data.booking_id);
          if (booking) await send(recorded, batch, 'customer', bookingConfirmedMail(booking));
          return;
        }
        case 'BookingCancelled': {
          const booking = await bookingOf(recorded, event.data.booking_id);
          if (booking) await send(recorded, batch, 'customer', bookingCancelledMail(booking, event.data.reason));
          return;
        }
        case 'VipInvitationsSent': {
          for (const r of event.data.recipients) {
            const url = `${o.publicUrl}/?vip=${encodeURIComponent(r.token)}`;
            const mail = vipInvitationMail({ customerName: r.name, subject: event.data.subject, message: event.data.message, url, expiresAt: event.data.expires_at, timeZone: o.timeZone });
            await send(recorded, batch, r.invitation_id, { ...mail, to: r.email });
          }
          return;
        }
        default:
          return;
      }
    },
  };

  // A read-model store without the reactor's checkpoint (a first start, or read models rebuilt
  // from scratch) starts at the head of the log: mails already sent are not sent again.
  if ((await o.docs.getCheckpoint(MAIL_REACTOR)) === 0) {
    await o.docs.commit([], { projection: MAIL_REACTOR, position: await o.events.headPosition() });
  }
  return new ProjectionRunner(o.events, o.docs, [projection], { pageSize: 20, pollIntervalMs: 500 });
}
