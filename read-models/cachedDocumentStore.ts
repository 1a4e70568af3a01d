// A read-through cache in front of any DocumentStore for the few documents every availability
// query reads (settings, one day). Every write goes through this wrapper (the projection runner
// commits through it), so a commit or reset drops exactly the entries it changes. A process
// whose read models another process writes (it follows the projecting one: projections/runner.ts)
// is told which collections changed and drops them with forget().
//
// A read keeps its result only if no commit touched the document while it was on its way: a
// read that started before a commit and ended after it would otherwise put the old document back,
// the projection would apply the next event to that copy and write it with a higher position,
// and a booking would vanish from the day until a rebuild. Every document has a version, moved
// when a commit touching it starts and again when it ends.
//
// Cached documents are shared: callers must treat what get() returns as read-only (queries and
// projections build new objects rather than changing the ones they read).
import type { Checkpoint, Doc, DocumentStore, Write } from './documentStore.js';

export interface CachedDocumentStore extends DocumentStore {
  /** Drops what is cached of these collections: another process has written them. */
  forget(collections: ReadonlySet<string>): void;
  /** Documents held now, and the most it holds (/api/ready's memory_bounds). */
  cacheUse(): { entries: number; max_entries: number };
}

export function cachedDocumentStore(
  store: DocumentStore,
  collections: readonly string[],
  maxEntries = 2000,
): CachedDocumentStore {
  const cached = new Set(collections);
  // By collection, then id: a read looks up strings it already has (a constant collection name,
  // the id it was given) instead of hashing a key built for it, a third of the polled
  // availability query's lookups in a profile.
  const entries = new Map<string, Map<string, Doc | null>>();
  let held = 0;
  const entry = (collection: string, id: string) => entries.get(collection)?.get(id);
  const keep = (collection: string, id: string, doc: Doc | null) => {
    if (held >= maxEntries) dropAll();
    let byId = entries.get(collection);
    if (!byId) entries.set(collection, (byId = new Map<string, Doc | null>()));
    if (!byId.has(id)) held += 1;
    byId.set(id, doc);
  };
  const drop = (collection: string, id: string) => {
    if (entries.get(collection)?.delete(id)) held -= 1;
  };
  const dropAll = () => {
    entries.clear();
    held = 0;
  };
  const key = (collection: string, id: string) => `${collection}\u0000${id}`;
  // Versions of the documents commits have touched; forgotten all at once (a new epoch) when too
  // many are held, which makes every read in flight keep nothing.
  const versions = new Map<string, number>();
  let epoch = 0;
  const stamp = (k: string) => `${epoch}:${versions.get(k) ?? 0}`;
  const touch = (keys: string[]) => {
    for (const k of keys) versions.set(k, (versions.get(k) ?? 0) + 1);
  };
  const cachedWrites = (writes: Write[]) =>
    writes
      .filter((w) => cached.has(w.collection))
      .map((w) => {
        const id = w.op === 'put' ? w.doc.id : w.id;
        return { collection: w.collection, id, key: key(w.collection, id) };
      });

  return {
    find: store.find.bind(store),
    count: store.count.bind(store),
    ensureIndex: store.ensureIndex.bind(store),
    getCheckpoint: store.getCheckpoint.bind(store),
    close: store.close.bind(store),
    purge: store.purge.bind(store),
    lease: store.lease.bind(store),
    endLease: store.endLease.bind(store),
    leaseOwners: store.leaseOwners.bind(store),
    leasesIn: store.leasesIn.bind(store),
    putLeases: store.putLeases.bind(store),
    releaseLeasesOf: store.releaseLeasesOf.bind(store),
    countHit: store.countHit.bind(store),
    purgeCounters: store.purgeCounters.bind(store),
    purgeLeases: store.purgeLeases.bind(store),

    peek<T extends Doc>(collection: string, id: string): T | null | undefined {
      return entry(collection, id) as T | null | undefined;
    },

    async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
      if (!cached.has(collection)) return store.get<T>(collection, id);
      const hit = entry(collection, id);
      if (hit !== undefined) return hit as T | null;
      const k = key(collection, id);
      const before = stamp(k);
      const doc = await store.get<T>(collection, id);
      if (stamp(k) !== before) return doc;
      keep(collection, id, doc);
      return doc;
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      const changed = cachedWrites(writes);
      const keys = changed.map((c) => c.key);
      touch(keys);
      for (const c of changed) drop(c.collection, c.id);
      try {
        await store.commit(writes, checkpoints);
      } finally {
        touch(keys);
        for (const c of changed) drop(c.collection, c.id);
        if (versions.size > 4 * maxEntries) {
          versions.clear();
          epoch += 1;
        }
      }
    },

    cacheUse: () => ({ entries: held, max_entries: maxEntries }),

    forget(changed: ReadonlySet<string>) {
      if (![...changed].some((collection) => cached.has(collection))) return;
      // A new epoch: a read in flight may carry the document as it was before the other
      // process's write, and must not keep it.
      epoch += 1;
      dropAll();
    },

    async reset(collectionsToReset: string[], projection: string) {
      epoch += 1;
      dropAll();
      try {
        await store.reset(collectionsToReset, projection);
      } finally {
        epoch += 1;
        dropAll();
      }
    },
  };
}
