// POST /api/sms/delivery-reports (rule: sms-delivery-reports): 46elks posts an SMS's delivery
// report here, form-encoded (id, status, delivered), to the `whendelivered` URL it was sent with.
// Public, as 46elks calls it, but only with the item's own key in the URL (api/sms/
// deliveryReports.ts); anything else is not found and changes nothing. 46elks wants 200-204 or
// it tries again for hours, so a report already stored is answered 204 too.
import { z } from 'zod';
import { msg } from '../../../domain/messages.js';
import { DELIVERY_STATUSES } from '../../../domain/sms/deliveryReport.js';
import { notFound } from '../../../domain/shared/errors.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { recordDeliveryReport } from '../../sms/deliveryReports.js';

const FORM = 'application/x-www-form-urlencoded';

const querystring = z.object({
  item: z.string().min(1).max(200),
  key: z.string().min(1).max(100),
});

const body = z.object({
  id: z.string().min(1).max(100).describe('46elks id för SMS:et'),
  status: z.enum(DELIVERY_STATUSES),
  delivered: z.string().max(40).optional().describe('Leveranstid i UTC, bara när status är delivered'),
});

export const smsDeliveryReportRoutes: RoutePlugin = async (app, { deps: { docs, cookieSecret } }) => {
  describeRoutes(app, 'Notiser');
  // 46elks posts forms; this plugin alone reads them (the rest of the API takes JSON only).
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(text))));
  });

  app.post(
    '/sms/delivery-reports',
    {
      schema: {
        summary: '46elks leveransrapport för ett SMS (whendelivered); adressen med nyckeln får bara 46elks',
        consumes: [FORM],
        querystring,
        body,
        response: { 204: z.null().describe('Rapporten är mottagen'), ...refusals },
      },
    },
    async (request, reply) => {
      const outcome = await recordDeliveryReport(
        docs,
        cookieSecret,
        { ...request.query, ...request.body, delivered: request.body.delivered ?? null },
        new Date(),
      );
      if (outcome === 'unknown') return notFound(msg.smsNotFound);
      return reply.status(204).send(null);
    },
  );
};
