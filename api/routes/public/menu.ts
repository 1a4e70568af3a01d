// GET /api/pizzas and GET /api/settings: what the booking page needs to show the menu and slots.
import { extraListSchema, pizzaListSchema, publicSettingsSchema } from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import { describeRoutes } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const menuRoutes: RoutePlugin = async (app, { deps: { docs, services } }) => {
  describeRoutes(app, 'Meny och inställningar');

  app.get('/pizzas', { schema: { summary: 'Aktiva pizzor', response: { 200: pizzaListSchema } } }, async () =>
    listPizzas(docs, { activeOnly: true }),
  );

  // Issue 29: the extras a customer may add to a pizza, read from the menu stream.
  app.get('/extras', { schema: { summary: 'Aktiva tillval', response: { 200: extraListSchema } } }, async () =>
    services.menu.extras({ activeOnly: true }),
  );

  // The booking page needs capacity and hours; where staff mail goes is not public.
  app.get(
    '/settings',
    { schema: { summary: 'Inställningarna utan admin_email', response: { 200: publicSettingsSchema } } },
    async () => {
      const { admin_email: _hidden, ...settings } = await getSettings(docs);
      return settings;
    },
  );
};
