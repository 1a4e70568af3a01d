// Kunddata: everything held about one customer, found by e-mail (GDPR article 15), with each
// booking's history from the event log.
import { customerQuerySchema } from '../../../domain/payloads.js';
import { customerExportSchema } from '../../../domain/answers/index.js';
import { customerRecords } from '../../../read-models/queries/customers.js';
import { MAIL_LOG } from '../../mail/reactor.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const customerRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Kunddata');

  app.get(
    '/customers/export',
    { schema: { summary: 'Allt som finns sparat om en kund (GDPR art. 15), som JSON', querystring: customerQuerySchema, response: { 200: customerExportSchema, ...refusals } } },
    async (request) => {
      const { email } = request.query;
      const records = await customerRecords(docs, email, MAIL_LOG);
      const bookings = await Promise.all(records.bookings.map(async (booking) => ({ booking, history: await services.bookings.history(booking.id) })));
      return { email, generated_at: services.clock().now.toISOString(), ...records, bookings };
    },
  );
};
