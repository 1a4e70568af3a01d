// Swish (issue 49), the owner's: what is set up (GET /admin/swish: payee, addresses, the client
// certificate's subject and end, never the key), the prepay rule (PUT /admin/swish/prepay, rule:
// swish-prepay) and "Testa anslutningen" (POST /admin/swish/test-connection), a real call to
// Swish over mutual TLS that changes nothing there.
import { swishPrepaySchema, swishMsg } from '../../../domain/settings/swishPrepay.js';
import {
  swishConnectionAnswerSchema,
  swishPrepaySavedSchema,
  swishStatusAnswerSchema,
} from '../../../domain/answers/swish.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const swishRoutes: RoutePlugin = async (app, { deps: { services, swish } }) => {
  describeRoutes(app, 'Swish');

  app.get(
    '/swish',
    {
      schema: {
        summary: 'Swish: vad som är inställt (aldrig nyckeln) och regeln för förskottsbetalning',
        response: { 200: swishStatusAnswerSchema, ...refusals },
      },
    },
    async () => services.swish.status(swish?.config ?? null, services.clock().now),
  );

  app.put(
    '/swish/prepay',
    {
      schema: {
        summary: 'Spara när kunden betalar med Swish i förväg (rule: swish-prepay)',
        body: swishPrepaySchema,
        response: { 200: swishPrepaySavedSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      prepay: await services.swish.setPrepay(request.body, actorOf(request)),
    }),
  );

  app.post(
    '/swish/test-connection',
    {
      schema: {
        summary: 'Testa anslutningen till Swish (ett riktigt anrop med klientcertifikatet; ändrar inget)',
        response: { 200: swishConnectionAnswerSchema, ...refusals },
      },
    },
    async () => {
      if (!swish) throw new DomainError(swishMsg.swishOff, 'conflict');
      const result = await swish.client.checkConnection();
      if (result.connected)
        return { connected: true, message: swishMsg.connected(result.status), status: result.status };
      if (result.reason === 'certificate_refused')
        return { connected: false, message: swishMsg.certificateRefused(result.status), status: result.status };
      return { connected: false, message: swishMsg.unreachable(result.error), status: null };
    },
  );
};
