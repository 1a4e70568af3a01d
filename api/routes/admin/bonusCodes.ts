// Bonus codes as staff keep them: list, create, change, delete. Answers come from the read model,
// which the write has reached (read-your-writes).
import { bonusCodeInputSchema } from '../../../domain/bonusCodes/bonusCodes.js';
import { msg } from '../../../domain/messages.js';
import { numericIdParams } from '../../../domain/payloads.js';
import { bonusCodeListSchema, bonusCodeSchema, successAnswerSchema } from '../../../domain/answers/index.js';
import { listBonusCodes } from '../../../read-models/queries/admin.js';
import { bonusCodeAsWritten } from '../../../projections/asWritten.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const bonusCodeRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Bonuskoder');
  const params = numericIdParams(msg.bonusCodeNotFound);
  // The code as the write left it, also when the read model lags (projections/asWritten.ts).
  const asWritten = (id: number, position: number) =>
    bonusCodeAsWritten(docs, id, position, () => services.bonusCodes.events());

  app.get(
    '/bonus-codes',
    { schema: { summary: 'Alla bonuskoder', response: { 200: bonusCodeListSchema, ...refusals } } },
    async () => listBonusCodes(docs),
  );

  app.post(
    '/bonus-codes',
    {
      schema: {
        summary: 'Ny bonuskod (versaler, unik)',
        body: bonusCodeInputSchema,
        response: { 201: bonusCodeSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { id, position } = await services.bonusCodes.create(request.body, actorOf(request));
      return reply.status(201).send((await asWritten(id, position))!);
    },
  );

  app.put(
    '/bonus-codes/:id',
    {
      schema: {
        summary: 'Ändra en bonuskod',
        params,
        body: bonusCodeInputSchema,
        response: { 200: bonusCodeSchema, ...refusals },
      },
    },
    async (request) => {
      const position = await services.bonusCodes.update(request.params.id, request.body, actorOf(request));
      return (await asWritten(request.params.id, position))!;
    },
  );

  app.delete(
    '/bonus-codes/:id',
    { schema: { summary: 'Radera en bonuskod', params, response: { 200: successAnswerSchema, ...refusals } } },
    async (request) => {
      await services.bonusCodes.remove(request.params.id, actorOf(request));
      return { success: true as const };
    },
  );
};
