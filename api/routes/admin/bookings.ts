// Staff and bookings: the list, one booking, its history, confirm and cancel, and the live stream
// of booking changes for the dashboard and the bookings list.
import { msg } from '../../../domain/messages.js';
import { bookingsQuerySchema, staffCancelSchema } from '../../../domain/payloads.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { getBooking, listBookings } from '../../../read-models/queries/admin.js';
import { liveBookings } from '../../http/live.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const bookingRoutes: RoutePlugin = async (app, { deps: { services, docs, onApplied } }) => {
  // Booking changes as server-sent events, for the dashboard and the bookings list.
  if (onApplied) app.get('/live', liveBookings(app, onApplied));

  app.get('/bookings', async (request) => {
    const query = parse(bookingsQuerySchema, request.query);
    return listBookings(docs, { ...query, clock: services.clock() });
  });

  app.get<{ Params: { id: string } }>('/bookings/:id', async (request) => {
    const booking = await getBooking(docs, request.params.id);
    if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
    return booking;
  });

  app.get<{ Params: { id: string } }>('/bookings/:id/history', async (request) => services.bookings.history(request.params.id));

  app.put<{ Params: { id: string } }>('/bookings/:id/confirm', async (request) => {
    await services.bookings.confirm(request.params.id, actorOf(request));
    return { success: true, booking: await getBooking(docs, request.params.id) };
  });

  app.put<{ Params: { id: string } }>('/bookings/:id/cancel', async (request) => {
    const { reason } = parse(staffCancelSchema, request.body);
    await services.bookings.cancelByStaff(request.params.id, reason, actorOf(request));
    return { success: true, booking: await getBooking(docs, request.params.id) };
  });
};
