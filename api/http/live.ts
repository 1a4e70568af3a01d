// The admin's live view (server-sent events): every change to a booking (event: booking) and to a
// day's waitlist (event: waitlist), told once the read models show it, so a screen that reloads
// on a message reads the new state. Each open screen listens on the projection runner (the
// stream itself is api/http/eventStream.ts); no screen polls.
import type { FastifyInstance } from 'fastify';
import type { RecordedEvent } from '../../domain/eventStore.js';
import type { BookingChange, WaitlistChange } from '../../domain/answers/admin.js';
import { isBookingChange } from '../../domain/kioskDay/bookingChanges.js';
import { WAITLIST_EVENT_TYPES } from '../../domain/kioskDay/waitlistState.js';
import { eventMessage, eventStreams, type AppliedSource } from './eventStream.js';

export type { BookingChange };

/** What a screen needs to react: no e-mail or phone goes over the stream. */
function changeOf(event: RecordedEvent): BookingChange {
  const data = event.data as Record<string, unknown>;
  const change: BookingChange = { type: event.type as BookingChange['type'], booking_id: String(data.booking_id) };
  if (event.type === 'BookingPlaced') {
    Object.assign(change, {
      booking_date: data.booking_date,
      booking_time: data.booking_time,
      name: data.name,
      total_pizzas: data.total_pizzas,
    });
  }
  return change;
}

export function liveBookings(app: FastifyInstance, applied: AppliedSource) {
  return eventStreams(app, {
    opened: (stream) =>
      applied((events) => {
        for (const event of events) {
          if (!event.streamName.startsWith('kioskday-')) continue;
          if (isBookingChange(event.type)) stream.write(eventMessage('booking', JSON.stringify(changeOf(event))));
          else if (WAITLIST_EVENT_TYPES.has(event.type)) {
            const { waitlist_id, date } = event.data as { waitlist_id: string; date: string };
            const change: WaitlistChange = { type: event.type as WaitlistChange['type'], waitlist_id, date };
            stream.write(eventMessage('waitlist', JSON.stringify(change)));
          }
        }
      }),
  }).handler;
}
