// GET /api/pizzas and GET /api/settings: what the booking page needs to show the menu and slots.
import { getSettings } from '../../../read-models/queries/common.js';
import { listPizzas } from '../../../read-models/queries/admin.js';
import type { RoutePlugin } from '../../appDeps.js';

export const menuRoutes: RoutePlugin = async (app, { deps: { docs } }) => {
  app.get('/pizzas', async () => listPizzas(docs, { activeOnly: true }));

  // The booking page needs capacity and hours; where staff mail goes is not public.
  app.get('/settings', async () => {
    const { admin_email: _hidden, ...settings } = await getSettings(docs);
    return settings;
  });
};
