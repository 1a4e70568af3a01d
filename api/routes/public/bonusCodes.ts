// POST /api/validate-bonus-code: whether a code can be used now, answered from the stream.
import { bonusCodeProblem } from '../../../domain/bonusCodes/bonusCodes.js';
import { msg } from '../../../domain/messages.js';
import { validateBonusCodeSchema } from '../../../domain/payloads.js';
import { limitedBy } from '../../http/rateLimits.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

export const bonusCodeCheckRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
  app.post('/validate-bonus-code', limitedBy(limiters.lookups), async (request, reply) => {
    const { code } = parse(validateBonusCodeSchema, request.body);
    const bonus = await services.bonusCodes.byCode(code);
    const problem = bonusCodeProblem(bonus, services.clock());
    if (problem || !bonus) return reply.status(400).send({ valid: false, error: problem ?? msg.bonusCodeInvalid });
    return { valid: true, code: bonus.code, description: bonus.description, discount_percentage: bonus.discount_percentage };
  });
};
