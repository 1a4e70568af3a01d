// POST /api/notifications/subscribe: a browser's Web Push subscription, stored once per endpoint.
import { pushSubscriptionSchema } from '../../../domain/payloads.js';
import { limitedBy } from '../../http/rateLimits.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

export const pushRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
  app.post('/notifications/subscribe', limitedBy(limiters.bookings), async (request, reply) => {
    const subscription = parse(pushSubscriptionSchema, request.body);
    const id = await services.push.subscribe(subscription.endpoint, subscription.keys ?? {});
    return reply.status(201).send({ success: true, id });
  });
};
