// The public live stream GET /api/live (issue 29): open booking pages hear within moments that the
// menu, a day's sold-out marks, stock, pause or availability changed, and read the new state. It
// says only what changed and on which date: no booking, name or address ever goes over it. Like
// the staff's stream (live.ts) it is told once the read models show the change, so a page that
// reads again on a message reads the new state, and one listener per process serves every page.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { MENU_STREAM } from '../../domain/menu/menu.js';
import { DAILY_STOCK_STREAM } from '../../domain/menu/dailyStock.js';
import { STOCK_POOLS_STREAM } from '../../domain/menu/stockPools.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { PublicChange } from '../../domain/answers/counter.js';
import type { AppliedSource } from './live.js';

export type { PublicChange };

const DAY_EVENTS = new Set([
  'PizzaSoldOut',
  'PizzaBackInStock',
  'WebBookingsPaused',
  'WebBookingsResumed',
  'BookingDelayed',
  'BookingDelayUndone',
  'DayScheduleSet',
  'DayMarkedVip',
  'DayVipRemoved',
]);
const AVAILABILITY_EVENTS = new Set([
  'BookingPlaced',
  'BookingCancelled',
  'BookingRescheduled',
  'BookingMovedAway',
  'WaitlistOfferMade',
  'WaitlistOfferLapsed',
  'WaitlistOfferTaken',
  'WaitlistLeft',
]);
const KEEP_ALIVE_MS = 25_000;
/** Open public streams per process: beyond this a page falls back to reading on its own. */
export const MAX_PUBLIC_STREAMS = 2_000;

/** The public change an event makes, or null for one the booking page does not show. */
export function publicChangeOf(event: RecordedEvent): PublicChange | null {
  if ([MENU_STREAM, DAILY_STOCK_STREAM, STOCK_POOLS_STREAM].includes(event.streamName)) return { kind: 'menu' };
  if (!event.streamName.startsWith('kioskday-')) return null;
  const date = event.streamName.slice('kioskday-'.length);
  if (DAY_EVENTS.has(event.type)) return { kind: 'day', date };
  if (AVAILABILITY_EVENTS.has(event.type)) return { kind: 'availability', date };
  return null;
}

export function publicLive(app: FastifyInstance, applied: AppliedSource) {
  const open = new Set<FastifyReply>();
  app.addHook('onClose', async () => {
    for (const reply of open) reply.raw.end();
  });

  return (request: FastifyRequest, reply: FastifyReply) => {
    if (open.size >= MAX_PUBLIC_STREAMS) throw new DomainError('Försök igen om en stund', 'conflict');
    request.raw.socket.setTimeout(0);
    reply.hijack();
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
      // One message per change and date in a page of events: a rush of bookings is one message.
      const seen = new Set<string>();
      for (const event of events) {
        const change = publicChangeOf(event);
        if (!change) continue;
        const data = JSON.stringify(change);
        if (seen.has(data)) continue;
        seen.add(data);
        reply.raw.write(`event: ${change.kind}\ndata: ${data}\n\n`);
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
