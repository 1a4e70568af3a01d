// Web push (rule: ready-notice): the server's VAPID public key, and POST
// /api/notifications/subscribe, a browser's subscription stored once per endpoint, optionally tied
// to a booking (its number and e-mail must match, as in a lookup) whose ready notice it asks for.
import { pushSubscribedSchema, vapidPublicKeySchema } from '../../../domain/answers/index.js';
import { pushSubscriptionSchema } from '../../../domain/payloads.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const pushRoutes: RoutePlugin = async (app, { deps: { services, vapidPublicKey }, limiters }) => {
  describeRoutes(app, 'Notiser');

  const keySchema = {
    summary: 'Serverns publika VAPID-nyckel (base64url) att prenumerera på webbnotiser med',
    response: { 200: vapidPublicKeySchema, ...refusals },
  };
  app.get('/notifications/vapid-public-key', { schema: keySchema }, async () => ({ key: vapidPublicKey }));

  const schema = {
    summary:
      'Spara en Web Push-prenumeration (en per endpoint); med booking_id och email får den notisen när beställningen är klar',
    body: pushSubscriptionSchema,
    response: { 201: pushSubscribedSchema, ...refusals },
  };
  app.post('/notifications/subscribe', { ...limitedBy(limiters.bookings), schema }, async (request, reply) => {
    const { endpoint, keys, booking_id, email } = request.body;
    const booking = booking_id !== undefined && email !== undefined ? { booking_id, email } : undefined;
    const id = await services.push.subscribe(endpoint, keys ?? {}, booking);
    return reply.status(201).send({ success: true, id });
  });
};
