// The reactors' state apart from the read models (issue 33: "the key store and the reactors'
// state live in their own database, untouched by read-model upgrades"). Reactors act on the world
// (mail, push, SMS, erasures completed): their checkpoints, work items and logs, and the claims
// that say a message went, are no read model that a rebuild can make again. Kept in the read
// models' database, an upgrade that builds its read models in a new database (MONGODB_DB=…_v2)
// started the reactors without them: mails of the gap skipped, or pending ones never sent.
//
// One DocumentStore in front of two: every call about the reactors' state (their collections,
// checkpoints and leases) goes to the reactor-state store, everything else to the read models.
// Nothing above the store factory (api/stores.ts) knows: the mail sender, the erasure, hygiene
// and the queries read and write as before. A reactor commits its items with its checkpoint in
// one store, so that stays one atomic commit.
import type { Checkpoint, Doc, DocumentStore, Filter, FindOptions, LeaseRecord, Write } from './documentStore.js';

/** What belongs to the reactors (named by their modules in api/: outbox, push, SMS, erasure). */
export interface ReactorStateNames {
  /** Their work items and logs. */
  collections: readonly string[];
  /** Their checkpoints (the reactor's projection name). */
  checkpoints: readonly string[];
  /** Lease scopes of their per-item claims (every lease in these scopes). */
  claimScopes: readonly string[];
  /** The lease scope whose leases say which process runs which runner (projections/leasedRunner.ts). */
  runnerScope: string;
}

export function reactorStateStore(
  readModels: DocumentStore,
  reactorState: DocumentStore,
  names: ReactorStateNames,
): DocumentStore {
  const collections = new Set(names.collections);
  const checkpoints = new Set(names.checkpoints);
  const claims = new Set(names.claimScopes);
  const of = (collection: string) => (collections.has(collection) ? reactorState : readModels);
  const leaseStore = (scope: string, id: string) =>
    claims.has(scope) || (scope === names.runnerScope && checkpoints.has(id)) ? reactorState : readModels;
  const both = [readModels, reactorState];

  return {
    get: <T extends Doc = Doc>(collection: string, id: string) => of(collection).get<T>(collection, id),
    find: <T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions) =>
      of(collection).find<T>(collection, filter, options),
    count: (collection, filter) => of(collection).count(collection, filter),
    // Where both stores keep JSON text (the embedded default), so does this one.
    ...(readModels.findJson && reactorState.findJson
      ? {
          findJson: (collection: string, filter?: Filter, options?: FindOptions) =>
            of(collection).findJson!(collection, filter, options),
        }
      : {}),
    ensureIndex: (collection, field) => of(collection).ensureIndex(collection, field),
    async commit(writes, given) {
      const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
      const split = (mine: boolean) => ({
        writes: writes.filter((w) => collections.has(w.collection) === mine),
        checkpoints: list.filter((c) => checkpoints.has(c.projection) === mine),
      });
      const parts: Array<[DocumentStore, { writes: Write[]; checkpoints: Checkpoint[] }]> = [
        [reactorState, split(true)],
        [readModels, split(false)],
      ];
      // Each part in one commit of its own store; a reactor's items and checkpoint are one part.
      for (const [store, part] of parts)
        if (part.writes.length > 0 || part.checkpoints.length > 0)
          await store.commit(part.writes, part.checkpoints.length > 0 ? part.checkpoints : undefined);
    },
    getCheckpoint: (projection) => (checkpoints.has(projection) ? reactorState : readModels).getCheckpoint(projection),
    async reset(resetCollections, projection) {
      const mine = checkpoints.has(projection) ? reactorState : readModels;
      await mine.reset(
        resetCollections.filter((c) => of(c) === mine),
        projection,
      );
      // A collection of the other store named too (none in practice) is emptied where it lives.
      const others = resetCollections.filter((c) => of(c) !== mine);
      if (others.length > 0) await (mine === readModels ? reactorState : readModels).reset(others, projection);
    },
    lease: (scope, id, owner, ttlMs) => leaseStore(scope, id).lease(scope, id, owner, ttlMs),
    endLease: (scope, id, owner, end) => leaseStore(scope, id).endLease(scope, id, owner, end),
    async leaseOwners() {
      return [...new Set((await Promise.all(both.map((s) => s.leaseOwners()))).flat())];
    },
    // Claim scopes from the reactor-state store; the runners' scope from both, each lease where it lives.
    async leasesIn(scopes) {
      const found = await Promise.all(both.map((s) => s.leasesIn(scopes)));
      return found.flatMap((records, i) => records.filter((r) => leaseStore(r.scope, r.id) === both[i]));
    },
    async putLeases(records) {
      const mine = (store: DocumentStore) => records.filter((r) => leaseStore(r.scope, r.id) === store);
      for (const store of both) if (mine(store).length > 0) await store.putLeases(mine(store));
    },
    async releaseLeasesOf(owner) {
      return (await Promise.all(both.map((s) => s.releaseLeasesOf(owner)))).reduce((a, b) => a + b, 0);
    },
    // Rate-limit counters are the HTTP layer's, not a reactor's.
    countHit: (key, windowMs) => readModels.countHit(key, windowMs),
    purgeCounters: (olderThanMs, now) => readModels.purgeCounters(olderThanMs, now),
    async purgeLeases(now) {
      return (await Promise.all(both.map((s) => s.purgeLeases(now)))).reduce((a, b) => a + b, 0);
    },
    async purge() {
      await Promise.all(both.map((s) => s.purge()));
    },
    async close() {
      await Promise.all(both.map((s) => s.close()));
    },
  };
}

/**
 * Moves the reactors' state a release before this one kept in the read models' store into the
 * reactor-state store, once: when the reactor-state store has no reactor checkpoint yet and the
 * read models' store has one, the per-item claims still running there (a mail, push or SMS in
 * flight in a process of the older release) are waited for, up to what is left of their term;
 * then the work items are copied (puts by id: a move cut off by a crash is done again the same),
 * with the outcomes those processes stored meanwhile, then every claim (issue 44, item 7: left
 * behind, an item in flight in the old process was free in the new store and sent by both; a
 * claim still running after the wait keeps its holder and term here, so it is sent by one), and
 * then the checkpoints; then, and at every later start, whatever of the reactors' state is left in
 * the read models' store is removed there, so an erasure (which scrubs the mail log where the
 * reactors keep it now) leaves no old copy behind. Run before any reactor starts. Answers how
 * many documents it moved.
 */
export async function moveReactorState(
  from: DocumentStore,
  to: DocumentStore,
  names: Pick<ReactorStateNames, 'collections' | 'checkpoints' | 'claimScopes'>,
  options: { log?: (message: string) => void; pollMs?: number } = {},
): Promise<number> {
  const positions = await Promise.all(names.checkpoints.map((name) => from.getCheckpoint(name)));
  const already = await Promise.all(names.checkpoints.map((name) => to.getCheckpoint(name)));
  let moved = 0;
  if (positions.some((p) => p > 0) && already.every((p) => p === 0)) {
    await claimsSettled(from, names.claimScopes, options);
    for (const collection of names.collections) {
      const docs = await from.find(collection);
      for (let i = 0; i < docs.length; i += 500) {
        const page = docs.slice(i, i + 500);
        await to.commit(page.map((doc) => ({ op: 'put' as const, collection, doc })));
      }
      moved += docs.length;
    }
    const claims = await from.leasesIn(names.claimScopes);
    for (let i = 0; i < claims.length; i += 500) await to.putLeases(claims.slice(i, i + 500));
    const stored = names.checkpoints
      .map((projection, i) => ({ projection, position: positions[i] }))
      .filter((c) => c.position > 0);
    await to.commit([], stored);
  }
  // Only once the reactor-state store holds checkpoints: a read-model store whose reactors never
  // ran leaves nothing to remove, and a move cut off before its checkpoints is done again first.
  if ((await Promise.all(names.checkpoints.map((name) => to.getCheckpoint(name)))).some((p) => p > 0)) {
    let left = 0;
    for (const collection of names.collections) left += await from.count(collection);
    if (left > 0 || positions.some((p) => p > 0)) {
      for (const [i, name] of names.checkpoints.entries())
        await from.reset(i === 0 ? [...names.collections] : [], name);
      await from.purge();
    }
  }
  return moved;
}

/**
 * Waits until no claim of these scopes is running in the store, for at most the longest term left
 * when it first looks (a process of the older release finishing its sends; new claims it takes
 * meanwhile do not extend the wait).
 */
async function claimsSettled(
  store: DocumentStore,
  scopes: readonly string[],
  options: { log?: (message: string) => void; pollMs?: number },
): Promise<void> {
  const running = (records: LeaseRecord[]) => records.filter((r) => !r.done && r.remainingMs > 0);
  const first = running(await store.leasesIn(scopes));
  if (first.length === 0) return;
  const longest = Math.max(...first.map((r) => r.remainingMs));
  options.log?.(
    `Reactor state: ${first.length} claims in flight in the read models' store (a process of the older release); ` +
      `waiting up to ${Math.ceil(longest / 1000)} s for them before moving the reactors' state`,
  );
  const until = Date.now() + longest;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    if (running(await store.leasesIn(scopes)).length === 0) return;
  }
}
