// The Swish Commerce API client (api/swish/client.ts) when Swish is set up (SWISH_PAYEE and a
// client certificate), or null: Swish is off and nothing else changes. Its connections close with the app.
import fp from 'fastify-plugin';
import { swishClient, type SwishClient } from '../../swish/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    swish: SwishClient | null;
  }
}

export const swish = fp(
  async (app) => {
    const client = app.config.swish ? swishClient(app.config.swish) : null;
    app.decorate('swish', client);
    app.addHook('onClose', async () => client?.close());
  },
  { name: 'swish', dependencies: ['config'] },
);
