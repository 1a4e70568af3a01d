// GET /api/health (the process answers) and GET /api/ready (it can serve: see api/readiness.ts).
// Neither needs a session nor reveals data beyond store reachability and projection lag.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '../../domain/answers/index.js';
import { readiness, type ReadinessDeps } from '../readiness.js';
import { describeRoutes } from '../http/routeSchema.js';

export const operationsRoutes: FastifyPluginAsyncZod<{ readiness: ReadinessDeps }> = async (app, options) => {
  describeRoutes(app, 'Drift');
  app.get(
    '/health',
    { schema: { summary: 'Processen svarar (liveness)', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  const readySchema = {
    summary: 'Kan betjäna: båda lagren svarar och projektionerna ligger högst READY_MAX_LAG efter',
    response: { 200: readinessSchema, 503: readinessSchema },
  };
  app.get('/ready', { schema: readySchema }, async (_request, reply) => {
    const state = await readiness(options.readiness);
    return reply
      .status(state.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
};
