// Kunddata: everything held about one customer, found by e-mail or, for a customer known only by
// phone (a phone order without e-mail), by phone number (GDPR article 15), with each booking's
// history from the event log; and erasing it (article 17, rule: erasure).
import { customerQuerySchema } from '../../../domain/payloads.js';
import { customerErasureSchema, customerExportSchema } from '../../../domain/answers/index.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';
import type { CustomerQuery } from '../../../domain/payloads.js';
import type { CustomerRef } from '../../../domain/customers/personalData.js';

/** The customer asked about: by e-mail, or by phone for one known only by phone (the schema lets exactly one through). */
const customerOf = (query: CustomerQuery): CustomerRef =>
  query.phone !== undefined ? { phone: query.phone } : { email: query.email! };

export const customerRoutes: RoutePlugin = async (app, { deps: { services } }) => {
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
