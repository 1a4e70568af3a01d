// The menu as staff keep it: every pizza (inactive ones too), add, change, remove.
import { pizzaInputSchema } from '../../../domain/menu/menu.js';
import { msg } from '../../../domain/messages.js';
import { numericIdParams } from '../../../domain/payloads.js';
import { pizzaListSchema, pizzaSchema, successAnswerSchema } from '../../../domain/answers/index.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const pizzaRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Meny (personal)');
  const params = numericIdParams(msg.pizzaNotFound);

  app.get(
    '/pizzas',
    {
      // The counter screen lists the menu with its stock: staff read it; changing it is the owner's.
      config: { capability: 'menu-read' },
      schema: { summary: 'Alla pizzor, även inaktiva', response: { 200: pizzaListSchema, ...refusals } },
    },
    async () => listPizzas(docs, { activeOnly: false }),
  );

  app.post(
    '/pizzas',
    { schema: { summary: 'Ny pizza', body: pizzaInputSchema, response: { 201: pizzaSchema, ...refusals } } },
    async (request, reply) => reply.status(201).send(await services.menu.add(request.body, actorOf(request))),
  );

  app.put(
    '/pizzas/:id',
    {
      schema: {
        summary: 'Ändra en pizza',
        params,
        body: pizzaInputSchema,
        response: { 200: pizzaSchema, ...refusals },
      },
    },
    async (request) => services.menu.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/pizzas/:id',
    {
      schema: {
        summary: 'Ta bort en pizza (gamla bokningar behåller sina rader)',
        params,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await services.menu.remove(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
