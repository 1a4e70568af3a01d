// The public live stream GET /api/live (issue 29): open booking pages hear within moments that the
// menu, a day's sold-out marks, stock, pause or availability changed, and read the new state. It
// says only what changed and on which date: no booking, name or address ever goes over it. Like
// the staff's stream (live.ts) it is told once the read models show the change, so a page that
// reads again on a message reads the new state; each open page listens on the projection runner.
import type { FastifyInstance } from 'fastify';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { MENU_STREAM } from '../../domain/menu/menu.js';
import { DAILY_STOCK_STREAM } from '../../domain/menu/dailyStock.js';
import { STOCK_POOLS_STREAM } from '../../domain/menu/stockPools.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { PublicChange } from '../../domain/answers/counter.js';
import { eventMessage, eventStreams, type AppliedSource } from './eventStream.js';

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
  return eventStreams(app, {
    admit: (open) => {
      if (open >= MAX_PUBLIC_STREAMS) throw new DomainError('Försök igen om en stund', 'conflict');
    },
    opened: (stream) =>
      applied((events) => {
        // One message per change and date in a page of events: a rush of bookings is one message.
        const seen = new Set<string>();
        for (const event of events) {
          const change = publicChangeOf(event);
          if (!change) continue;
          const data = JSON.stringify(change);
          if (seen.has(data)) continue;
          seen.add(data);
          stream.write(eventMessage(change.kind, data));
        }
      }),
  }).handler;
}
