// GET /api/kiosk and GET /api/kiosk/logo (rule: kiosk-identity): the kiosk's own name, tagline and
// logo for every page's header and title and the installed app's manifest; and whether web orders
// are open yet (rule: go-live), which the booking page shows instead of the order form.
import { kioskAnswerSchema } from '../../../domain/answers/kiosk.js';
import { msg } from '../../../domain/messages.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const kioskRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'Meny och inställningar');

  app.get(
    '/kiosk',
    { schema: { summary: 'Kioskens namn, slogan och logotyp', response: { 200: kioskAnswerSchema } } },
    async () => ({ ...(await services.kiosk.identity()), web_orders_open: await services.goLive.webOrdersOpen() }),
  );

  app.get(
    '/kiosk/logo',
    {
      schema: {
        summary: 'Kioskens logotyp (PNG eller SVG)',
        response: {
          200: {
            content: { ...fileAnswer('image/png', 'PNG').content, ...fileAnswer('image/svg+xml', 'SVG').content },
          },
          ...refusals,
        },
      },
    },
    async (_request, reply) => {
      const logo = await services.kiosk.logo();
      if (!logo) throw new DomainError(msg.logoNotFound, 'not_found');
      return (
        reply
          .type(logo.type)
          // The URL carries the version (?v=): a new logo has a new URL.
          .header('cache-control', 'public, max-age=3600')
          // An SVG opened on its own runs nothing (checked at upload too, logoTypeOf).
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(logo.data_base64, 'base64'))
      );
    },
  );
};
