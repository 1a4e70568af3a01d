// Closures and holidays (rule: closures): list, add (answering the bookings it affects), remove,
// the bookings a closure affects, and cancelling them all with one message to the customers.
import { msg } from '../../../domain/messages.js';
import { closureCancelSchema, closureInputSchema, numericIdParams } from '../../../domain/payloads.js';
import * as answers from '../../../domain/answers/index.js';
import { listClosures } from '../../../read-models/queries/admin.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const closureRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Stängningar');
  const params = numericIdParams(msg.closureNotFound);

  app.get(
    '/closures',
    {
      schema: {
        summary: 'Stängda perioder och återkommande helgdagar',
        response: { 200: answers.closureListSchema, ...refusals },
      },
    },
    async () => listClosures(docs),
  );

  const addSchema = {
    summary: 'Stäng ett datumintervall (återkommande: varje år)',
    body: closureInputSchema,
    response: { 201: answers.closureCreatedSchema, ...refusals },
  };
  app.post('/closures', { schema: addSchema }, async (request, reply) =>
    reply.status(201).send(await services.closures.add(request.body, actorOf(request))),
  );

  app.delete(
    '/closures/:id',
    {
      schema: { summary: 'Ta bort en stängning', params, response: { 200: answers.successAnswerSchema, ...refusals } },
    },
    async (request) => {
      await services.closures.remove(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );

  const bookingsSchema = {
    summary: 'Väntande och bekräftade bokningar från idag på stängda datum',
    params,
    response: { 200: answers.closureBookingsSchema, ...refusals },
  };
  app.get('/closures/:id/bookings', { schema: bookingsSchema }, async (request) => ({
    affected_bookings: await services.closures.bookings(request.params.id),
  }));

  const cancelSchema = {
    summary: 'Avboka alla berörda bokningar med ett meddelande (varje kund får ett mejl)',
    params,
    body: closureCancelSchema,
    response: { 200: answers.closureBookingsCancelledSchema, ...refusals },
  };
  app.post('/closures/:id/cancel-bookings', { schema: cancelSchema }, async (request) => ({
    success: true as const,
    cancelled: await services.closures.cancelBookings(request.params.id, request.body.message, actorOf(request)),
  }));
};
