// The external plugins (fastify/demo's plugins/external): what the application stands on, in
// order: the configuration, what the watchdog watches, the stores, the mail relay, Swish, the read
// models' projections, the command bus, and the HTTP layer. Fastify runs the onClose hooks in
// reverse order of registration: the stores close last.
import fp from 'fastify-plugin';
import { config, type ConfigOptions } from './config.js';
import { watched } from './watched.js';
import { stores } from './stores.js';
import { mailer } from './mailer.js';
import { projections } from './projections.js';
import { bus, type BusOptions } from './bus.js';
import { http } from './http.js';
import { swish } from './swish.js';

export type ExternalOptions = ConfigOptions & BusOptions;

export const external = fp<ExternalOptions>(
  async (app, options) => {
    await app.register(config, { config: options.config, now: options.now });
    await app.register(watched);
    await app.register(stores);
    await app.register(mailer);
    await app.register(swish);
    await app.register(projections);
    await app.register(bus, { appendFaults: options.appendFaults });
    await app.register(http);
  },
  { name: 'external' },
);
