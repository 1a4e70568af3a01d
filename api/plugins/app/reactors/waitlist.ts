// The waitlist's offers follow the log (api/waitlist/offerReactor.ts): a cancellation's request
// only appends it, and whichever process holds this reactor offers the freed capacity.
import fp from 'fastify-plugin';
import { waitlistOfferReactor } from '../../../waitlist/offerReactor.js';

export const waitlist = fp(
  async (app) => {
    const { config, services } = app;
    const reactor = config.runReactors
      ? waitlistOfferReactor({
          events: app.events,
          docs: app.docs,
          decideOffers: (date) => services.waitlist.decideOffers(date),
          leaseTtlMs: config.reactorLeaseTtlMs,
          log: (message, error) => console.error(message, error),
        })
      : null;
    await reactor?.start();
    app.bus.onAppend(() => reactor?.wake());
    app.watched.reactor('the waitlist offer reactor', reactor);
    app.addHook('onClose', async () => reactor?.stop());
  },
  { name: 'waitlist', dependencies: ['services'] },
);
