// Kunddata: everything held about one customer, found by e-mail or, for a customer known only by
// phone (a phone order without e-mail), by phone number, or by order number (a counter or phone
// order with only a name; found by name and date) (GDPR article 15), with each booking's
// history from the event log; and erasing it (article 17, rule: erasure).
import { customerOrdersQuerySchema, customerQuerySchema } from '../../../domain/payloads.js';
import { customerErasureSchema, customerExportSchema, namedOrdersSchema } from '../../../domain/answers/index.js';
import { ordersNamed } from '../../../read-models/queries/customers.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';
import type { CustomerQuery } from '../../../domain/payloads.js';
import type { CustomerRef } from '../../../domain/customers/personalData.js';

/** The customer asked about: by e-mail, or by phone for one known only by phone (the schema lets exactly one through). */
const customerOf = (query: CustomerQuery): CustomerRef =>
  query.phone !== undefined
    ? { phone: query.phone }
    : query.booking_id !== undefined
      ? { booking_id: query.booking_id }
      : { email: query.email! };

export const customerRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Kunddata');

  app.get(
    '/customers/export',
    {
      schema: {
        summary: 'Allt som finns sparat om en kund (GDPR art. 15), som JSON',
        querystring: customerQuerySchema,
        response: { 200: customerExportSchema, ...refusals },
      },
    },
    async (request) => services.customers.export(customerOf(request.query)),
  );

  // A counter or phone order with only a name has no address to search by: staff find it by the
  // name and the day, then look it up by its number (issue 45).
  app.get(
    '/customers/orders',
    {
      schema: {
        summary:
          'Beställningar en dag vars namn innehåller det sökta (för en kund utan e-post, t.ex. en diskbeställning)',
        querystring: customerOrdersQuerySchema,
        response: { 200: namedOrdersSchema, ...refusals },
      },
    },
    async (request) => ordersNamed(docs, request.query.name, request.query.date),
  );

  app.post(
    '/customers/erase',
    {
      schema: {
        summary:
          'Radera en kunds personuppgifter (GDPR art. 17), hittad med e-postadress eller, för en kund utan e-post (telefonbeställning), telefonnummer: namn, e-post, telefon och kommentar blir "[raderad]", bokningarna och statistiken finns kvar. Kan inte ångras.',
        body: customerQuerySchema,
        response: { 200: customerErasureSchema, ...refusals },
      },
    },
    async (request) => services.customers.erase(customerOf(request.body), actorOf(request)),
  );
};
