// The configuration and the kiosk's clock, on the root for every plugin after it (as fastify/demo's
// @fastify/env decorates its config).
import fp from 'fastify-plugin';
import type { Clock } from '../../../domain/shared/time.js';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The kiosk's clock: the system clock unless a test replaces it. */
    now: () => Date;
    /** The kiosk's time and time zone, as the services and timers decide with them. */
    clock: () => Clock;
  }
}

export interface ConfigOptions {
  config: Config;
  now: () => Date;
}

export const config = fp<ConfigOptions>(
  async (app, options) => {
    const { config, now } = options;
    app.decorate('config', config);
    app.decorate('now', now);
    app.decorate('clock', (): Clock => ({ now: now(), timeZone: config.timeZone }));
  },
  { name: 'config' },
);
