// The stores the configuration names (api/stores.ts opens them): the event log, and the read
// models behind this process's cache. Opened first and closed last.
import fp from 'fastify-plugin';
import type { DocumentStore } from '../../../read-models/documentStore.js';
import { cachedDocumentStore, type CachedDocumentStore } from '../../../read-models/cachedDocumentStore.js';
import { COLLECTIONS } from '../../../read-models/shapes.js';
import { PROJECTIONS_HEAD } from '../../../projections/index.js';
import type { SealedEventStore } from '../../eventStore/sealed.js';
import { openEventStore, openReadModelStore } from '../../stores.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event log, customers' personal fields sealed under their keys. */
    events: SealedEventStore;
    /** The read-model store itself, uncached: backups, readiness and the push outbox's health. */
    store: DocumentStore;
    /** The read models through this process's cache (CACHED_COLLECTIONS). */
    docs: CachedDocumentStore;
  }
}

/** The read models cached in each process: settings, days and closures are read by every availability query. */
export const CACHED_COLLECTIONS: ReadonlySet<string> = new Set([
  COLLECTIONS.settings,
  COLLECTIONS.days,
  COLLECTIONS.closures,
]);

export const stores = fp(
  async (app) => {
    // Refused when the key store is not the one the log's sealed records need (api/keys/identity.ts).
    const events = await openEventStore(app.config, { keyStoreIdentity: 'record', now: app.now });
    const store = await openReadModelStore(app.config);
    const docs = cachedDocumentStore(store, [...CACHED_COLLECTIONS]);
    app.decorate('events', events);
    app.decorate('store', store);
    app.decorate('docs', docs);
    app.watched.store('event store', () => events.headPosition());
    app.watched.store('read-model store', () => store.getCheckpoint(PROJECTIONS_HEAD));
    app.addHook('onClose', async () => {
      await events.close();
      await docs.close();
    });
  },
  { name: 'stores', dependencies: ['config', 'watched'] },
);
