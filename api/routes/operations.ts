// GET /api/health (the process answers) and GET /api/ready (it can serve: see api/readiness.ts).
// Neither needs a session nor reveals data beyond store reachability and projection lag.
import type { FastifyPluginAsync } from 'fastify';
import { readiness, type ReadinessDeps } from '../readiness.js';

export const operationsRoutes: FastifyPluginAsync<{ readiness: ReadinessDeps }> = async (app, options) => {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    const state = await readiness(options.readiness);
    return reply.status(state.ready ? 200 : 503).header('cache-control', 'no-store').send(state);
  });
};
