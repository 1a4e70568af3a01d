// GET /api/legal: what the privacy notice and the accessibility statement show from the settings.
import { legalNoticeSchema } from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { describeRoutes } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const legalRoutes: RoutePlugin = async (app, { deps: { docs, smsEnabled } }) => {
  describeRoutes(app, 'Integritet och tillgänglighet');

  // The controller's contact details must be given to the customer (GDPR art. 13.1 a), as must a
  // way to report accessibility gaps (DIGG's template): the seller's e-mail (rule: seller-details),
  // and until it is filled in the kiosk's one address in the settings, which GET /settings
  // otherwise keeps to itself.
  app.get(
    '/legal',
    {
      schema: {
        summary: 'Lagringstiden för personuppgifter och kioskens kontaktadress',
        response: { 200: legalNoticeSchema },
      },
    },
    async () => {
      const settings = await getSettings(docs);
      return {
        personal_data_retention_months: settings.personal_data_retention_months,
        contact_email: settings.seller.email || settings.admin_email,
        sms_enabled: smsEnabled ?? false,
      };
    },
  );
};
