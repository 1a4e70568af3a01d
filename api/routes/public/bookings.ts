// A customer's booking: placing it (POST /api/bookings, idempotent with a key), looking it up,
// its calendar file, and cancelling it online.
import { bookingPayloadSchema, calendarQuerySchema, idempotencyKeySchema, lookupSchema, publicCancelSchema } from '../../../domain/payloads.js';
import { msg } from '../../../domain/messages.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { customerBooking, lookupBooking } from '../../../read-models/queries/booking.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { bookingIcs, calendarFileName } from '../../calendar/bookingIcs.js';
import { limitedBy } from '../../http/rateLimits.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

export const bookingRoutes: RoutePlugin = async (app, { deps: { services, docs }, limiters }) => {
  // An Idempotency-Key header makes retries safe (rule: idempotent-booking): a retry gets the
  // first answer again, also when the booking has been confirmed or cancelled since.
  app.post('/bookings', limitedBy(limiters.bookings), async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const idempotencyKey = header === undefined ? null : parse(idempotencyKeySchema, header);
    const payload = parse(bookingPayloadSchema, request.body);
    // The key and the bonus-use reference are bookkeeping, not part of the answer.
    const { idempotency_key: _key, bonus_ref: _ref, ...booking } = await services.bookings.place(payload, idempotencyKey);
    return reply.status(201).send({
      booking_id: booking.booking_id,
      status: 'pending',
      booking: { ...booking, id: booking.booking_id, status: 'pending' },
    });
  });

  app.post('/bookings/lookup', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const input = parse(lookupSchema, request.body);
    const found = await lookupBooking(docs, { bookingId: input.booking_id, email: input.email, clock: services.clock() });
    if (!found) throw new DomainError(msg.bookingNotFound, 'not_found');
    return found;
  });

  // "Lägg till i kalendern" on the confirmation and lookup pages: the e-mail guards it like lookup.
  app.get<{ Params: { id: string } }>('/bookings/:id/calendar.ics', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email } = parse(calendarQuerySchema, request.query);
    const booking = await customerBooking(docs, { bookingId: request.params.id, email });
    if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
    const settings = await getSettings(docs);
    const clock = services.clock();
    const ics = bookingIcs(booking, { timeZone: clock.timeZone, slotMinutes: settings.slot_length_minutes, now: clock.now });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendarFileName(booking.id)}"`)
      .send(ics);
  });

  app.post<{ Params: { id: string } }>('/bookings/:id/cancel-public', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email } = parse(publicCancelSchema, request.body);
    await services.bookings.cancelByCustomer(request.params.id, email);
    return { success: true, message: msg.bookingCancelledByCustomer };
  });
};
