// Extras as staff keep them (issue 29): "Extra ost +15 kr" with its allergens; add, change, remove.
import { extraInputSchema } from '../../../domain/menu/extras.js';
import { msg } from '../../../domain/messages.js';
import { numericIdParams } from '../../../domain/payloads.js';
import { extraListSchema, extraSchema, successAnswerSchema } from '../../../domain/answers/index.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const extraRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'Meny (personal)');
  const params = numericIdParams(msg.extraNotFound);

  app.get(
    '/extras',
    { schema: { summary: 'Alla tillval, även inaktiva', response: { 200: extraListSchema, ...refusals } } },
    async () => services.menu.extras({ activeOnly: false }),
  );

  app.post(
    '/extras',
    { schema: { summary: 'Nytt tillval', body: extraInputSchema, response: { 201: extraSchema, ...refusals } } },
    async (request, reply) => reply.status(201).send(await services.menu.addExtra(request.body, actorOf(request))),
  );

  app.put(
    '/extras/:id',
    {
      schema: {
        summary: 'Ändra ett tillval',
        params,
        body: extraInputSchema,
        response: { 200: extraSchema, ...refusals },
      },
    },
    async (request) => services.menu.updateExtra(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/extras/:id',
    {
      schema: {
        summary: 'Ta bort ett tillval (gamla bokningar behåller sina rader)',
        params,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await services.menu.removeExtra(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
