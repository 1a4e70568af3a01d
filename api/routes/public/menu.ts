// GET /api/pizzas and GET /api/settings: what the booking page needs to show the menu and slots.
import {
  extraListSchema,
  pizzaListSchema,
  publicSettingsSchema,
  vatRateAnswerSchema,
} from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import { vatRateQuerySchema } from '../../../domain/payloads.js';
import { rateOn } from '../../../domain/accounting/accounting.js';
import type { RoutePlugin } from '../../appDeps.js';

export const menuRoutes: RoutePlugin = async (app, { deps: { docs, services, smsEnabled, swish } }) => {
  describeRoutes(app, 'Meny och inställningar');

  app.get('/pizzas', { schema: { summary: 'Aktiva pizzor', response: { 200: pizzaListSchema } } }, async () =>
    listPizzas(docs, { activeOnly: true }),
  );

  // Issue 29: the extras a customer may add to a pizza, read from the menu stream.
  app.get('/extras', { schema: { summary: 'Aktiva tillval', response: { 200: extraListSchema } } }, async () =>
    services.menu.extras({ activeOnly: true }),
  );

  // Issue 29: the order summary shows the VAT in the price before the order is sent, at the rate
  // the books will use (the kiosk's table, rule: vat-per-receipt), never a second copy of it.
  app.get(
    '/vat-rate',
    {
      schema: {
        summary: 'Momssatsen för en ordertyp ett visst datum',
        querystring: vatRateQuerySchema,
        response: { 200: vatRateAnswerSchema, ...refusals },
      },
    },
    async (request) => ({
      rate: rateOn(
        await services.accounting.settings(),
        request.query.dine_in ? 'dine_in' : 'take_away',
        request.query.date,
      ),
    }),
  );

  // The booking page needs capacity and hours; where staff mail goes is not public.
  app.get(
    '/settings',
    { schema: { summary: 'Inställningarna utan admin_email', response: { 200: publicSettingsSchema } } },
    async () => {
      const { admin_email: _hidden, ...settings } = await getSettings(docs);
      // rule: swish-prepay: only while Swish is on and the rule asks something (absent otherwise,
      // as before Swish), so the booking page says before the order button how it is paid.
      const prepay = swish ? await services.swish.prepay() : null;
      return {
        ...settings,
        sms_enabled: smsEnabled ?? false,
        ...(prepay && prepay.choice !== 'never' ? { swish_prepay: prepay } : {}),
      };
    },
  );
};
