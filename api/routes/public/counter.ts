// What an open booking page needs beside the menu and the slots (issue 29): the day's sold-out
// marks, daily stock left, a web-booking pause and slot delays, and the public live stream that
// tells it when to read them again. No personal data in either.
import { dayStatusQuerySchema } from '../../../domain/kioskDay/counterPayloads.js';
import { dayStatusSchema } from '../../../domain/answers/index.js';
import { publicLive } from '../../http/publicLive.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const counterStatusRoutes: RoutePlugin = async (app, { deps: { services, onApplied } }) => {
  describeRoutes(app, 'Meny och inställningar');

  app.get(
    '/day-status',
    {
      schema: {
        summary:
          'Dagens slutsålda pizzor, dagligt lager kvar, pausad webbokning och uppskjutna tider (utan datum: idag)',
        querystring: dayStatusQuerySchema,
        response: { 200: dayStatusSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.counter.status(request.query.date);
    },
  );

  if (onApplied) {
    const liveSchema = {
      summary:
        'Ändringar för öppna bokningssidor som server-sent events: menu, day {date} och availability {date}; inga personuppgifter',
      response: { 200: fileAnswer('text/event-stream', 'En händelse per ändring'), ...refusals },
    };
    app.get('/live', { schema: liveSchema }, publicLive(app, onApplied));
  }
};
