// Erasures cut off by a crash are completed by the process holding this reactor (api/erasure).
import fp from 'fastify-plugin';
import { erasureReactor } from '../../../erasure/erasure.js';

export const erasure = fp(
  async (app) => {
    const { config } = app;
    const reactor = config.runReactors
      ? erasureReactor({
          events: app.events,
          docs: app.docs,
          ...app.erasure,
          leaseTtlMs: config.reactorLeaseTtlMs,
          log: (message, error) => console.error(message, error),
        })
      : null;
    await reactor?.start();
    app.bus.onAppend(() => reactor?.wake());
    app.watched.reactor('the erasure reactor', reactor);
    app.addHook('onClose', async () => reactor?.stop());
  },
  { name: 'erasure', dependencies: ['services'] },
);
