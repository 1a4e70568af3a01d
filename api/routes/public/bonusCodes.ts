// POST /api/validate-bonus-code: whether a code can be used now, answered from the stream.
import { bonusCodeProblem } from '../../../domain/bonusCodes/bonusCodes.js';
import {
  bonusCodeCheckAnswerSchema,
  bonusCodeRefusedSchema,
  errorAnswerSchema,
} from '../../../domain/answers/index.js';
import { msg } from '../../../domain/messages.js';
import { validateBonusCodeSchema } from '../../../domain/payloads.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const bonusCodeCheckRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
  describeRoutes(app, 'Bokningar');

  const schema = {
    summary: 'Kontrollera en bonuskod',
    body: validateBonusCodeSchema,
    response: {
      200: bonusCodeCheckAnswerSchema,
      400: bonusCodeRefusedSchema.or(errorAnswerSchema),
      '4xx': errorAnswerSchema,
    },
  };
  app.post('/validate-bonus-code', { ...limitedBy(limiters.lookups), schema }, async (request, reply) => {
    const bonus = await services.bonusCodes.byCode(request.body.code);
    const problem = bonusCodeProblem(bonus, services.clock());
    if (problem || !bonus) return reply.status(400).send({ valid: false, error: problem ?? msg.bonusCodeInvalid });
    return {
      valid: true as const,
      code: bonus.code,
      description: bonus.description,
      discount_percentage: bonus.discount_percentage,
    };
  });
};
