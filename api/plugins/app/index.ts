// The application plugins (fastify/demo's plugins/app), after the external ones: the services,
// then the reactors that follow the log, then the timers. They close in reverse: the timers stop
// first, then the reactors, each after its current page.
import fp from 'fastify-plugin';
import { services } from './services.js';
import { reactors } from './reactors/index.js';
import { timers } from './timers.js';
import { swishPayments } from './swishPayments.js';

export const application = fp(
  async (app) => {
    await app.register(services);
    await app.register(reactors);
    await app.register(swishPayments);
    await app.register(timers);
  },
  { name: 'application' },
);
