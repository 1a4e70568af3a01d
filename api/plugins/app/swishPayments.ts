// Swish payments (issue 49, rule: swish-payment), when Swish is set up: the request made once
// after a booking's append, and the watch that follows each open request to its end (a callback
// wakes a read of its status; the poll, in a process that runs the reactors, catches a callback
// that never came). Off: null, and nothing else changes.
import fp from 'fastify-plugin';
import { SwishPayments } from '../../swish/payments.js';

declare module 'fastify' {
  interface FastifyInstance {
    swishPayments: SwishPayments | null;
  }
}

export const swishPayments = fp(
  async (app) => {
    const { config, swish: client, services, docs } = app;
    const payments =
      config.swish && client
        ? new SwishPayments({
            client,
            config: config.swish,
            bookings: services.bookings,
            docs,
            returnUrl: `${config.publicUrl}/`,
            pollMs: config.runReactors ? config.swishPollMs : 0,
            onError: (error) => app.log.error({ err: error }, 'Swish: a payment could not be read or settled'),
          })
        : null;
    app.decorate('swishPayments', payments);
    payments?.watch.start();
    app.addHook('onClose', async () => payments?.watch.stop());
  },
  { name: 'swishPayments', dependencies: ['services', 'swish'] },
);
