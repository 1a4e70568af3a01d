// GET /api/vip/access/{token}: who a VIP link greets and which date it opens. POST
// /api/vip/unsubscribe/{token}: no more invitations for the customer an invitation's token names
// (rule: vip-unsubscribe; the page /vip/avregistrera/{token} linked from every invitation asks).
import { msg } from '../../../domain/messages.js';
import { tokenParams } from '../../../domain/payloads.js';
import { vipAccessAnswerSchema, vipUnsubscribedSchema } from '../../../domain/answers/index.js';
import { limitedBy } from '../../http/rateLimits.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const vipAccessRoutes: RoutePlugin = async (app, { deps: { services }, limiters }) => {
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

  // A VIP invitation is direct marketing: the customer may stop it at any time, free and at once
  // (GDPR art. 21.2-3, https://eur-lex.europa.eu/eli/reg/2016/679/oj; IMY on the right to object:
  // https://www.imy.se/privatperson/dataskydd/dina-rattigheter/ratt-att-gora-invandningar/;
  // marknadsföringslagen (2008:486) 19 §, https://www.riksdagen.se/sv/dokument-och-lagar/dokument/
  // svensk-forfattningssamling/marknadsforingslag-2008486_sfs-2008-486/). A POST, not the GET of
  // the link itself: a mail scanner following links never unsubscribes anyone (RFC 8058 section 1).
  // Rate-limited with the bookings: each is a guess at a token.
  const unsubscribeSchema = {
    summary:
      'Avregistrera VIP-kunden som inbjudans länk gäller från fler VIP-inbjudningar (en gång; igen svarar samma)',
    params: tokenParams,
    response: { 200: vipUnsubscribedSchema, ...refusals },
  };
  app.post(
    '/vip/unsubscribe/:token',
    { ...limitedBy(limiters.bookings), schema: unsubscribeSchema },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.vip.unsubscribe(request.params.token);
    },
  );
};
