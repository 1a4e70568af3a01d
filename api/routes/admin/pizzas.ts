// The menu as staff keep it: every pizza (inactive ones too), add, change, remove.
import { pizzaInputSchema } from '../../../domain/menu/menu.js';
import { msg } from '../../../domain/messages.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import { numericId, parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const pizzaRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/pizzas', async () => listPizzas(docs, { activeOnly: false }));

  app.post('/pizzas', async (request, reply) => {
    const pizza = await services.menu.add(parse(pizzaInputSchema, request.body), actorOf(request));
    return reply.status(201).send(pizza);
  });

  app.put<{ Params: { id: string } }>('/pizzas/:id', async (request) => {
    const id = numericId(request.params.id, msg.pizzaNotFound);
    return services.menu.update(id, parse(pizzaInputSchema, request.body), actorOf(request));
  });

  app.delete<{ Params: { id: string } }>('/pizzas/:id', async (request) => {
    await services.menu.remove(numericId(request.params.id, msg.pizzaNotFound), actorOf(request));
    return { success: true };
  });
};
