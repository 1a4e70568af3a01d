// POST /api/notifications/subscribe: a browser's Web Push subscription, stored once per endpoint.
import { pushSubscribedSchema } from '../../../domain/answers/index.js';
import { pushSubscriptionSchema } from '../../../domain/payloads.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const pushRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
  describeRoutes(app, 'Notiser');

  const schema = { summary: 'Spara en Web Push-prenumeration (en per endpoint)', body: pushSubscriptionSchema, response: { 201: pushSubscribedSchema, ...refusals } };
  app.post('/notifications/subscribe', { ...limitedBy(limiters.bookings), schema }, async (request, reply) => {
    const id = await services.push.subscribe(request.body.endpoint, request.body.keys ?? {});
    return reply.status(201).send({ success: true, id });
  });
};
