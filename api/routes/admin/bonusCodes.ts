// Bonus codes as staff keep them: list, create, change, delete. Answers come from the read model,
// which the write has reached (read-your-writes).
import { bonusCodeInputSchema } from '../../../domain/bonusCodes/bonusCodes.js';
import { msg } from '../../../domain/messages.js';
import { bonusCodeById, listBonusCodes } from '../../../read-models/queries/admin.js';
import { numericId, parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const bonusCodeRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/bonus-codes', async () => listBonusCodes(docs));

  app.post('/bonus-codes', async (request, reply) => {
    const id = await services.bonusCodes.create(parse(bonusCodeInputSchema, request.body), actorOf(request));
    return reply.status(201).send(await bonusCodeById(docs, id));
  });

  app.put<{ Params: { id: string } }>('/bonus-codes/:id', async (request) => {
    const id = numericId(request.params.id, msg.bonusCodeNotFound);
    await services.bonusCodes.update(id, parse(bonusCodeInputSchema, request.body), actorOf(request));
    return bonusCodeById(docs, id);
  });

  app.delete<{ Params: { id: string } }>('/bonus-codes/:id', async (request) => {
    await services.bonusCodes.remove(numericId(request.params.id, msg.bonusCodeNotFound), actorOf(request));
    return { success: true };
  });
};
