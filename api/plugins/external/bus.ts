// The command bus (api/commands/commandBus.ts): every command's append goes through it, and what
// follows the log is woken by its appends (bus.onAppend), the projections first.
import fp from 'fastify-plugin';
import { CommandBus } from '../../commands/commandBus.js';
import type { AppendFaults } from '../../eventStore/appendFaults.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: CommandBus;
  }
}

export interface BusOptions {
  /** Makes chosen appends of the command bus fail (tests of unknown append outcomes). */
  appendFaults?: AppendFaults;
}

export const bus = fp<BusOptions>(
  async (app, options) => {
    const bus = new CommandBus(options.appendFaults?.wrap(app.events) ?? app.events);
    bus.onAppend(() => app.projections.wake());
    app.decorate('bus', bus);
  },
  { name: 'bus', dependencies: ['stores', 'projections'] },
);
