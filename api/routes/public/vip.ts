// GET /api/vip/access/{token}: who a VIP link greets and which date it opens.
import { msg } from '../../../domain/messages.js';
import { tokenParams } from '../../../domain/payloads.js';
import { vipAccessAnswerSchema } from '../../../domain/answers/index.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const vipAccessRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'VIP');

  const schema = {
    summary: 'Vem en VIP-länk hälsar och vilket datum den öppnar',
    params: tokenParams,
    response: { 200: vipAccessAnswerSchema, ...refusals },
  };
  app.get('/vip/access/:token', { schema }, async (request) => {
    const { access, customer } = await services.vip.access(request.params.token);
    // Anyone holding the link sees this: the customer's e-mail address is not part of it.
    const view = { id: customer?.id ?? null, name: access.customerName, vip_date: access.date };
    return { ...view, customer: view, message: msg.vipWelcome };
  });
};
