// The waitlist (rule: waitlist): join a full slot's queue, see the offer a personal link names,
// book from it, or leave. Rate-limited with the bookings: each is a customer's write or a guess at
// a token.
import { sourceOf } from '../../../domain/kioskDay/orderSource.js';
import { receiptVat } from '../../../domain/accounting/saleRecord.js';
import { tokenParams, waitlistBookSchema, waitlistJoinSchema } from '../../../domain/payloads.js';
import {
  bookingCreatedSchema,
  waitlistJoinedSchema,
  waitlistLeftSchema,
  waitlistOfferSchema,
} from '../../../domain/answers/index.js';
import { msg } from '../../../domain/messages.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const waitlistRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
  describeRoutes(app, 'Kö');
  const limited = limitedBy(limiters.bookings);

  const joinSchema = {
    summary: 'Ställ dig i kö för en tid som inte rymmer beställningen (409 när den gör det: boka direkt)',
    body: waitlistJoinSchema,
    response: { 201: waitlistJoinedSchema, ...refusals },
  };
  app.post('/waitlist', { ...limited, schema: joinSchema }, async (request, reply) => {
    const { date, time, requested_pizzas } = request.body;
    const { waitlist_id } = await services.waitlist.join(request.body);
    return reply.status(201).send({ waitlist_id, date, time, requested_pizzas, message: msg.waitlistJoined(time) });
  });

  const offerSchema = {
    summary: 'Erbjudandet en personlig kölänk ger: tid, pizzor och hur länge platsen hålls',
    params: tokenParams,
    response: { 200: waitlistOfferSchema, ...refusals },
  };
  app.get('/waitlist/:token', { ...limited, schema: offerSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return services.waitlist.offer(request.params.token);
  });

  const bookSchema = {
    summary:
      'Boka från erbjudandet (201, väntande som andra bokningar; samma beställning igen från länken får samma svar)',
    params: tokenParams,
    body: waitlistBookSchema,
    response: { 201: bookingCreatedSchema, ...refusals },
  };
  app.post('/waitlist/:token/book', { ...limited, schema: bookSchema }, async (request, reply) => {
    // rule: go-live. A new public install takes no web orders until the checklist is done.
    await services.goLive.assertWebOrdersOpen();
    const {
      idempotency_key: _key,
      bonus_ref: _ref,
      waitlist_id: _id,
      ...booking
    } = await services.waitlist.book(request.params.token, request.body);
    return reply.status(201).send({
      booking_id: booking.booking_id,
      status: 'pending',
      vat: receiptVat(booking, await services.accounting.settings()),
      booking: { ...booking, id: booking.booking_id, status: 'pending', source: sourceOf(booking) },
    });
  });

  const leaveSchema = {
    summary: 'Lämna kön (en hållen plats går vidare till nästa i kön)',
    params: tokenParams,
    response: { 200: waitlistLeftSchema, ...refusals },
  };
  app.delete('/waitlist/:token', { ...limited, schema: leaveSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await services.waitlist.leave(request.params.token);
    return { success: true as const, message: msg.waitlistLeft };
  });
};
