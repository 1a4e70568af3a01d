// GET /api/pizzas and GET /api/settings: what the booking page needs to show the menu and slots.
import { pizzaListSchema, publicSettingsSchema } from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import { describeRoutes } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const menuRoutes: RoutePlugin = async (app, { deps: { docs } }) => {
  describeRoutes(app, 'Meny och inställningar');

  app.get('/pizzas', { schema: { summary: 'Aktiva pizzor', response: { 200: pizzaListSchema } } }, async () =>
    listPizzas(docs, { activeOnly: true }),
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
