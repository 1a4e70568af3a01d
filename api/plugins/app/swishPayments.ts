// Swish payments and refunds (issue 49, rules swish-payment, swish-refund), when Swish is set up:
// the request made once after a booking's append, the watch that follows each open request to its
// end (a callback wakes a read of its status; the poll, in a process that runs the reactors,
// catches a callback that never came), and the refunds made once each (api/swish/refunds.ts). An
// append that cancels a booking or asks for its refund starts Swish's side at once: a requested
// payment is cancelled at Swish, a refund is made. Off: null, and nothing else changes.
import fp from 'fastify-plugin';
import { SwishPayments } from '../../swish/payments.js';
import { SwishRefunds } from '../../swish/refunds.js';
import { processOwner } from '../../../projections/leasedRunner.js';

declare module 'fastify' {
  interface FastifyInstance {
    swishPayments: SwishPayments | null;
    swishRefunds: SwishRefunds | null;
  }
}

export const swishPayments = fp(
  async (app) => {
    const { config, swish: client, services, docs } = app;
    const on = config.swish && client ? { swish: config.swish, client } : null;
    const pollMs = config.runReactors ? config.swishPollMs : 0;
    const payments = on
      ? new SwishPayments({
          client: on.client,
          config: on.swish,
          bookings: services.bookings,
          docs,
          returnUrl: `${config.publicUrl}/`,
          pollMs,
          onError: (error) => app.log.error({ err: error }, 'Swish: a payment could not be read or settled'),
        })
      : null;
    const refunds = on
      ? new SwishRefunds({
          client: on.client,
          docs,
          bookings: services.bookings,
          owner: processOwner(),
          leaseMs: config.itemLeaseMs,
          pollMs,
          onError: (error) => app.log.error({ err: error }, 'Swish: a refund could not be made, read or settled'),
        })
      : null;
    app.decorate('swishPayments', payments);
    app.decorate('swishRefunds', refunds);
    if (payments && refunds) {
      const failed = (error: unknown) =>
        app.log.error({ err: error }, 'Swish: a cancelled booking was not followed up');
      services.bookings.onSwishWork((bookingId) => {
        void payments.wakeBooking(bookingId).catch(failed);
        void refunds.wakeBooking(bookingId).catch(failed);
      });
    }
    payments?.watch.start();
    refunds?.start();
    app.addHook('onClose', async () => {
      await payments?.watch.stop();
      await refunds?.stop();
    });
  },
  { name: 'swishPayments', dependencies: ['services', 'swish'] },
);
