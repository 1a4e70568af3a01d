// GET /api/admin/stats/sms (issue 29): the SMS notices of the kiosk's current month, for the
// statistics screen's card (a count of what 46elks bills, and how many were reported delivered).
import { smsMonthSchema } from '../../../domain/answers/index.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { smsThisMonth } from '../../sms/smsLog.js';

export const smsStatsRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Statistik');
  app.get(
    '/stats/sms',
    {
      schema: {
        summary: 'SMS denna månad (kioskens tidszon): skickade, levererade och misslyckade enligt 46elks',
        response: { 200: smsMonthSchema, ...refusals },
      },
    },
    async () => smsThisMonth(docs, services.clock()),
  );
};
