// GET /api/vip/access/{token}: who a VIP link greets and which date it opens.
import { msg } from '../../../domain/messages.js';
import type { RoutePlugin } from '../../appDeps.js';

export const vipAccessRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  app.get<{ Params: { token: string } }>('/vip/access/:token', async (request) => {
    const { access, customer } = await services.vip.access(request.params.token);
    // Anyone holding the link sees this: the customer's e-mail address is not part of it.
    const view = { id: customer?.id ?? null, name: access.customerName, vip_date: access.date };
    return { ...view, customer: view, message: msg.vipWelcome };
  });
};
