// Statistics for the admin's charts: overview, top pizzas, peak times, sales.
import { statsQuerySchema } from '../../../domain/payloads.js';
import { peakTimes, sales, statsOverview, topPizzas } from '../../../read-models/queries/stats.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

export const statsRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/stats/overview', async () => statsOverview(docs, services.clock()));

  app.get('/stats/top-pizzas', async (request) => {
    const q = parse(statsQuerySchema, request.query);
    return topPizzas(docs, { period: q.period, limit: q.limit, clock: services.clock() });
  });

  app.get('/stats/peak-times', async (request) => {
    const q = parse(statsQuerySchema, request.query);
    return peakTimes(docs, { period: q.period, clock: services.clock() });
  });

  app.get('/stats/sales', async (request) => {
    const q = parse(statsQuerySchema, request.query);
    return sales(docs, { period: q.period, groupBy: q.group_by, clock: services.clock() });
  });
};
