// Staff and bookings: the list, one booking, its history, confirm and cancel, and the live stream
// of booking changes for the dashboard and the bookings list.
import { msg } from '../../../domain/messages.js';
import { bookingsQuerySchema, idParams, staffCancelSchema } from '../../../domain/payloads.js';
import {
  bookingChangedSchema,
  bookingHistorySchema,
  bookingDetailsSchema,
  bookingListSchema,
} from '../../../domain/answers/index.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { getBooking, listBookings } from '../../../read-models/queries/admin.js';
import { earlierNoShows } from '../../../read-models/queries/orderOutcomes.js';
import { liveBookings } from '../../http/live.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import { bookingAsWritten } from '../../../projections/asWritten.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const bookingRoutes: RoutePlugin = async (app, { deps: { services, docs, onApplied } }) => {
  describeRoutes(app, 'Bokningar (personal)');

  // Booking changes as server-sent events, for the dashboard and the bookings list.
  if (onApplied) {
    const liveSchema = {
      summary: 'Bokningsändringar som server-sent events (event: booking) och ändringar i köerna (event: waitlist)',
      response: {
        200: fileAnswer('text/event-stream', 'En händelse per bokningsändring eller köändring'),
        ...refusals,
      },
    };
    app.get('/live', { schema: liveSchema }, liveBookings(app, onApplied));
  }

  const listSchema = {
    summary: 'Bokningar i datum- och tidsordning',
    querystring: bookingsQuerySchema,
    response: { 200: bookingListSchema, ...refusals },
  };
  app.get('/bookings', { schema: listSchema }, async (request) =>
    listBookings(docs, { ...request.query, clock: services.clock() }),
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        summary: 'En bokning, med antal tidigare uteblivna bokningar under samma e-post',
        params: idParams,
        response: { 200: bookingDetailsSchema, ...refusals },
      },
    },
    async (request) => {
      const booking = await getBooking(docs, request.params.id);
      if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
      return { ...booking, earlier_no_shows: await earlierNoShows(docs, booking) };
    },
  );

  const historySchema = {
    summary: 'Bokningens historik ur händelseloggen, äldst först',
    params: idParams,
    response: { 200: bookingHistorySchema, ...refusals },
  };
  app.get('/bookings/:id/history', { schema: historySchema }, async (request) =>
    services.bookings.history(request.params.id),
  );

  // The answers show the booking as the write left it: from the read model once it has reached
  // the write, else folded from the day's events (never a stale status; projections/asWritten.ts).
  const changed = { 200: bookingChangedSchema, ...refusals };
  const asWritten = async (id: string, position: number) =>
    (await bookingAsWritten(docs, id, position, () => services.bookings.dayEvents(id)))!;
  app.put(
    '/bookings/:id/confirm',
    { schema: { summary: 'Bekräfta en väntande bokning', params: idParams, response: changed } },
    async (request) => {
      const position = await services.bookings.confirm(request.params.id, actorOf(request));
      return { success: true as const, booking: await asWritten(request.params.id, position) };
    },
  );

  const cancelSchema = {
    summary: 'Avboka (anledning krävs)',
    params: idParams,
    body: staffCancelSchema,
    response: changed,
  };
  app.put('/bookings/:id/cancel', { schema: cancelSchema }, async (request) => {
    const position = await services.bookings.cancelByStaff(request.params.id, request.body.reason, actorOf(request));
    return { success: true as const, booking: await asWritten(request.params.id, position) };
  });
};
