// A customer's booking: placing it (POST /api/bookings, idempotent with a key), looking it up,
// its calendar file, and cancelling it online.
import { sourceOf } from '../../../domain/kioskDay/orderSource.js';
import {
  bookingHeadersSchema,
  bookingPayloadSchema,
  calendarQuerySchema,
  idParams,
  lookupSchema,
  publicCancelSchema,
  rescheduleSchema,
  rescheduleSlotsQuerySchema,
} from '../../../domain/payloads.js';
import {
  availabilityAnswerSchema,
  bookingCreatedSchema,
  lookupAnswerSchema,
  publicCancelAnswerSchema,
  rescheduleAnswerSchema,
} from '../../../domain/answers/index.js';
import { msg } from '../../../domain/messages.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { customerBooking, lookupBooking, rescheduleAvailability } from '../../../read-models/queries/booking.js';
import { receiptVat } from '../../../domain/accounting/saleRecord.js';
import { todayIn } from '../../../domain/shared/time.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { bookingIcs, calendarFileName } from '../../calendar/bookingIcs.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import type { Services } from '../../services/index.js';
import type { SwishPayments } from '../../swish/payments.js';
import { swishQrUrl } from './swish.js';
import { swishFailureText } from '../../../domain/kioskDay/swishPayment.js';

export const bookingRoutes: RoutePlugin = async (app, { deps: { services, docs, swish: swishSetup }, limiters }) => {
  describeRoutes(app, 'Bokningar');

  // An Idempotency-Key header makes retries safe (rule: idempotent-booking): a retry gets the
  // first answer again, also when the booking has been confirmed or cancelled since.
  const placeSchema = {
    summary: 'Boka (201, väntande); med Idempotency-Key bokas ett omförsök inte två gånger',
    headers: bookingHeadersSchema,
    body: bookingPayloadSchema,
    response: { 201: bookingCreatedSchema, ...refusals },
  };
  app.post('/bookings', { ...limitedBy(limiters.bookings), schema: placeSchema }, async (request, reply) => {
    // rule: go-live. A new public install takes no web orders until the checklist is done.
    await services.goLive.assertWebOrdersOpen();
    // While the mail is far behind, a new booking waits for it a little (issue 48).
    await app.mailBackPressure.admit();
    const idempotencyKey = request.headers['idempotency-key'] ?? null;
    // The key and the bonus-use reference are bookkeeping, not part of the answer.
    const {
      idempotency_key: _key,
      bonus_ref: _ref,
      ...booking
    } = await services.bookings.place(request.body, idempotencyKey);
    const payment = swishSetup ? await requestedPayment(services, swishSetup.payments, booking.booking_id) : undefined;
    return reply.status(201).send({
      ...(payment ? { payment } : {}),
      booking_id: booking.booking_id,
      status: 'pending',
      // The order confirmation is the record of the sale: the VAT in its total per rate.
      // Paid with Swish now: at the rate of today, when the payment comes in (rule vat-on-prepayment).
      vat: receiptVat(
        booking,
        await services.accounting.settings(),
        payment ? { paid_on: todayIn(services.clock()) } : null,
      ),
      booking: { ...booking, id: booking.booking_id, status: 'pending', source: sourceOf(booking) },
    });
  });

  const lookupRouteSchema = {
    summary: 'Slå upp en bokning med e-post och bokningsnummer',
    body: lookupSchema,
    response: { 200: lookupAnswerSchema, ...refusals },
  };
  app.post(
    '/bookings/lookup',
    { ...limitedBy(limiters.lookups), schema: lookupRouteSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const input = request.body;
      const found = await lookupBooking(docs, {
        bookingId: input.booking_id,
        email: input.email,
        clock: services.clock(),
      });
      if (!found) throw new DomainError(msg.bookingNotFound, 'not_found');
      return found;
    },
  );

  // "Lägg till i kalendern" on the confirmation and lookup pages: the e-mail guards it like lookup.
  const icsSchema = {
    summary: 'Bokningen som kalenderfil (.ics)',
    params: idParams,
    querystring: calendarQuerySchema,
    response: { 200: fileAnswer('text/calendar', 'En VEVENT för bokningen'), ...refusals },
  };
  app.get(
    '/bookings/:id/calendar.ics',
    { ...limitedBy(limiters.lookups), schema: icsSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const booking = await customerBooking(docs, { bookingId: request.params.id, email: request.query.email });
      if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
      const settings = await getSettings(docs);
      const clock = services.clock();
      const revision = await services.bookings.calendarRevision(booking.id);
      const ics = bookingIcs(booking, {
        timeZone: clock.timeZone,
        slotMinutes: settings.slot_length_minutes,
        now: clock.now,
        kioskName: settings.kiosk_name,
        ...revision,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFileName(booking.id)}"`)
        .send(ics);
    },
  );

  const cancelSchema = {
    summary: 'Avboka online (minst 24 h före)',
    params: idParams,
    body: publicCancelSchema,
    response: { 200: publicCancelAnswerSchema, ...refusals },
  };
  app.post(
    '/bookings/:id/cancel-public',
    { ...limitedBy(limiters.lookups), schema: cancelSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A number that was moved stands for the booking it lives on as (rule: reschedule).
      await services.bookings.cancelByCustomer(
        await services.reschedule.currentId(request.params.id),
        request.body.email,
      );
      return { success: true as const, message: msg.bookingCancelledByCustomer };
    },
  );

  // rule: reschedule. Same cut-off as cancel-public; a new number when the date changes, and the
  // old number keeps working (lookup, calendar file, cancel and reschedule follow it).
  const rescheduleRouteSchema = {
    summary: 'Flytta bokningen till en annan dag och tid (samma gräns som avbokning); den blir väntande igen',
    params: idParams,
    body: rescheduleSchema,
    response: { 200: rescheduleAnswerSchema, ...refusals },
  };
  app.post(
    '/bookings/:id/reschedule',
    { ...limitedBy(limiters.lookups), schema: rescheduleRouteSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.reschedule.reschedule(request.params.id, request.body);
    },
  );

  // The "Flytta bokningen" dialog's slots: the booking's own pizzas do not count against it on its
  // own date (test-availability would show its own window full), and its VIP day stays open to it.
  const rescheduleSlotsSchema = {
    summary: 'Tider bokningen kan flyttas till ett datum (dess egna pizzor räknas inte mot den)',
    params: idParams,
    querystring: rescheduleSlotsQuerySchema,
    response: { 200: availabilityAnswerSchema, ...refusals },
  };
  app.get(
    '/bookings/:id/reschedule-slots',
    { ...limitedBy(limiters.lookups), schema: rescheduleSlotsSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const booking = await customerBooking(docs, { bookingId: request.params.id, email: request.query.email });
      if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
      const date = request.query.date;
      return { date, ...(await rescheduleAvailability(docs, { booking, date, clock: services.clock() })) };
    },
  );
};

/**
 * rule: swish-payment. The booking's payment when it is asked to pay in advance: its request to
 * Swish made once (also for a retried POST: api/swish/payments.ts), with the token and the link
 * that opens the Swish app. Swish refusing the request cancels the booking: answered as a refusal.
 */
async function requestedPayment(services: Services, payments: SwishPayments, bookingId: string) {
  const track = await services.bookings.swishPayment(bookingId);
  if (track.status !== 'requested') return undefined;
  const made = await payments.request(bookingId, track);
  if (made.refused) throw new DomainError(swishFailureText.ERROR);
  return {
    method: 'swish' as const,
    status: 'requested' as const,
    amount_cents: track.amount_cents,
    expires_at: track.expires_at,
    ...(made.token
      ? { token: made.token, app_url: payments.appUrl(made.token), qr_svg_url: swishQrUrl(made.token) }
      : {}),
  };
}
