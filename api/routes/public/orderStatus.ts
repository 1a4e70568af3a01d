// The order status screen by the counter (rule: order-status-screen): GET /order-status, and its
// live stream. Public and without sign-in, so both carry order numbers only.
import { orderStatusBoardSchema } from '../../../domain/answers/index.js';
import { orderStatus } from '../../../read-models/queries/orderStatus.js';
import { liveOrderStatus } from '../../http/liveOrderStatus.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const orderStatusRoutes: RoutePlugin = async (app, { deps: { services, docs, onApplied } }) => {
  describeRoutes(app, 'Orderstatus');
  const read = () => orderStatus(docs, services.clock());

  app.get(
    '/order-status',
    {
      schema: {
        summary: 'Ordernummer i ugnen och klara att hämta (inga namn), för skärmen vid disken',
        response: { 200: orderStatusBoardSchema, ...refusals },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return read();
    },
  );

  if (onApplied) {
    app.get(
      '/order-status/live',
      {
        schema: {
          summary:
            'Orderstatus som server-sent events (event: board): tavlan när strömmen öppnas och igen vid varje ändring, bara ordernummer',
          response: {
            200: fileAnswer('text/event-stream', 'Tavlan (OrderStatusBoard som JSON) vid start och varje ändring'),
            ...refusals,
          },
        },
      },
      liveOrderStatus(app, onApplied, read),
    );
  }
};
