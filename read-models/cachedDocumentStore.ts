// A read-through cache in front of any DocumentStore for the few documents every availability
// query reads (settings, one day). Every write goes through this wrapper (the projection runner
// commits through it), so a commit or reset drops exactly the entries it changes; with several
// API processes each runs its own projections and so invalidates its own cache.
//
// Cached documents are shared: callers must treat what get() returns as read-only (queries and
// projections build new objects rather than changing the ones they read).
import type { Checkpoint, Doc, DocumentStore, Write } from './documentStore.js';

export function cachedDocumentStore(store: DocumentStore, collections: readonly string[], maxEntries = 2000): DocumentStore {
  const cached = new Set(collections);
  const entries = new Map<string, Doc | null>();
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;

  return {
    find: store.find.bind(store),
    count: store.count.bind(store),
    ensureIndex: store.ensureIndex.bind(store),
    getCheckpoint: store.getCheckpoint.bind(store),
    close: store.close.bind(store),
    lease: store.lease.bind(store),
    endLease: store.endLease.bind(store),

    async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
      if (!cached.has(collection)) return store.get<T>(collection, id);
      const k = key(collection, id);
      if (entries.has(k)) return entries.get(k) as T | null;
      const doc = await store.get<T>(collection, id);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(k, doc);
      return doc;
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      try {
        await store.commit(writes, checkpoints);
      } finally {
        for (const w of writes) if (cached.has(w.collection)) entries.delete(key(w.collection, w.op === 'put' ? w.doc.id : w.id));
      }
    },

    async reset(collectionsToReset: string[], projection: string) {
      try {
        await store.reset(collectionsToReset, projection);
      } finally {
        entries.clear();
      }
    },
  };
}
