// The admin's live view (server-sent events): every change to a booking (event: booking) and to a
// day's waitlist (event: waitlist), told once the read models show it, so a screen that reloads
// on a message reads the new state. One listener on the projection runner per process serves
// every open screen; no screen polls.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RecordedEvent } from '../../domain/eventStore.js';
import type { BookingChange, WaitlistChange } from '../../domain/answers/admin.js';
import { isBookingChange } from '../../domain/kioskDay/bookingChanges.js';
import { WAITLIST_EVENT_TYPES } from '../../domain/kioskDay/waitlistState.js';

export type AppliedSource = (listener: (events: readonly RecordedEvent[]) => void) => () => void;

export type { BookingChange };

const KEEP_ALIVE_MS = 25_000;

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
  const open = new Set<FastifyReply>();
  // Streams never end by themselves: close them when the server closes (SIGTERM).
  app.addHook('onClose', async () => {
    for (const reply of open) reply.raw.end();
  });

  return (request: FastifyRequest, reply: FastifyReply) => {
    // A stream is quiet between changes and keep-alives: the server's idle-connection timeout
    // (CONNECTION_TIMEOUT_SECONDS) is for requests, not for this one.
    request.raw.socket.setTimeout(0);
    reply.hijack();
    // A hijacked reply sends none of Fastify's headers by itself: the security headers set in
    // onRequest go out with the stream's own.
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    open.add(reply);
    const stop = applied((events) => {
      for (const event of events) {
        if (!event.streamName.startsWith('kioskday-')) continue;
        if (isBookingChange(event.type))
          reply.raw.write(`event: booking\ndata: ${JSON.stringify(changeOf(event))}\n\n`);
        else if (WAITLIST_EVENT_TYPES.has(event.type)) {
          const { waitlist_id, date } = event.data as { waitlist_id: string; date: string };
          const change: WaitlistChange = { type: event.type as WaitlistChange['type'], waitlist_id, date };
          reply.raw.write(`event: waitlist\ndata: ${JSON.stringify(change)}\n\n`);
        }
      }
    });
    const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.once('close', () => {
      clearInterval(keepAlive);
      stop();
      open.delete(reply);
    });
  };
}
