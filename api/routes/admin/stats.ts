// Statistics for the admin's charts: overview, top pizzas, peak times, sales (revenue in kronor).
import { statsPeriodQuerySchema, statsQuerySchema } from '../../../domain/payloads.js';
import { periodOutcomes } from '../../../read-models/queries/orderOutcomes.js';
import { peakTimesSchema, salesSchema, statsOverviewSchema, topPizzasSchema } from '../../../domain/answers/index.js';
import { peakTimes, sales, statsOverview, topPizzas } from '../../../read-models/queries/stats.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const statsRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Statistik');
  const querystring = statsQuerySchema;

  // The period (default week) is for the no-shows and the sources; the other figures are for all time.
  const overviewSchema = {
    summary: 'Översikt; uteblivna (no_shows, no_show_rate) och källor (sources) för perioden',
    querystring: statsPeriodQuerySchema,
    response: { 200: statsOverviewSchema, ...refusals },
  };
  app.get('/stats/overview', { schema: overviewSchema }, async (request) => {
    const clock = services.clock();
    const [overview, outcomes] = await Promise.all([
      statsOverview(docs, clock),
      periodOutcomes(docs, request.query.period, clock),
    ]);
    return {
      ...overview,
      overview: { ...overview.overview, no_shows: outcomes.no_shows, no_show_rate: outcomes.no_show_rate },
      sources: outcomes.sources,
    };
  });

  app.get(
    '/stats/top-pizzas',
    { schema: { summary: 'Populäraste pizzor', querystring, response: { 200: topPizzasSchema, ...refusals } } },
    async (request) =>
      topPizzas(docs, { period: request.query.period, limit: request.query.limit, clock: services.clock() }),
  );

  app.get(
    '/stats/peak-times',
    { schema: { summary: 'Bokningar per timme', querystring, response: { 200: peakTimesSchema, ...refusals } } },
    async (request) => peakTimes(docs, { period: request.query.period, clock: services.clock() }),
  );

  app.get(
    '/stats/sales',
    {
      schema: {
        summary: 'Försäljning per dag, vecka eller månad',
        querystring,
        response: { 200: salesSchema, ...refusals },
      },
    },
    async (request) =>
      sales(docs, { period: request.query.period, groupBy: request.query.group_by, clock: services.clock() }),
  );
};
