// The read-model (document) store port. Adapters: SQLite (read-models/sqliteDocumentStore.ts, the
// embedded default) and MongoDB (read-models/mongoDocumentStore.ts). Both pass
// test/contract/documentStore.contract.ts.
//
// Read models are plain JSON documents with a string id, grouped in named collections.
// Projections never write directly: they hand a batch of writes plus their checkpoint to
// commit(), which applies both in one transaction where the store allows it (SQLite) and
// otherwise as idempotent upserts followed by the checkpoint (MongoDB).

export interface Doc {
  id: string;
  [field: string]: unknown;
}

export type Scalar = string | number | boolean | null;

/**
 * Per field: equality with a scalar, or a range / membership test. Fields are top-level only.
 * A condition that is undefined or names no operator is refused (it would match everything in
 * one database and nothing in another).
 */
export type FieldCondition =
  Scalar | { $gte?: Scalar; $lte?: Scalar; $gt?: Scalar; $lt?: Scalar; $in?: Scalar[]; $ne?: Scalar };
export type Filter = Record<string, FieldCondition>;

export interface FindOptions {
  /** Sort keys in order; 1 ascending, -1 descending. Ties are broken by id ascending. */
  sort?: Array<[field: string, direction: 1 | -1]>;
  limit?: number;
}

/**
 * The position guard, the same in every adapter: a put of a document with a numeric `_pos`
 * replaces a stored document only when that one has no `_pos` or a lower one, so a lagging
 * process replaying older events never moves a document backwards (a put without `_pos` always
 * replaces). A delete with a position leaves a tombstone under the same guard, which get, find
 * and count never show, so a lagging process cannot bring a deleted document back either; a
 * later put replaces it. Tombstones go with reset().
 */
export type Write =
  { op: 'put'; collection: string; doc: Doc } | { op: 'delete'; collection: string; id: string; position?: number };

export interface Checkpoint {
  projection: string;
  position: number;
}

/** Who holds a lease now, from the asking owner's side; 'done' leases are closed for good. */
export type LeaseState = 'ours' | 'theirs' | 'done';

/**
 * A lease as it is carried from one store to another (read-models/reactorStateStore.ts moves the
 * reactors' per-item claims with their work items): its term counted from the store's own clock.
 */
export interface LeaseRecord {
  scope: string;
  id: string;
  owner: string;
  /** Closed for good (a mail sent or settled). */
  done: boolean;
  /** Milliseconds until it runs out, on the store's clock; 0 or less once run out (or done). */
  remainingMs: number;
}

export interface DocumentStore {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  /**
   * What get would answer, synchronously, when the store holds it in memory; undefined when it
   * would have to read. Only a caching store has it (cachedDocumentStore.ts): the polled
   * availability query answers from it without a promise per read.
   */
  peek?<T extends Doc = Doc>(collection: string, id: string): T | null | undefined;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * What find answers, each document as the JSON text the store keeps, not parsed: a check that
   * compares stored documents with expected ones compares texts first (projections/rebuild.ts).
   * Only a store that keeps documents as JSON text has it (SQLite; not MongoDB).
   */
  findJson?(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /**
   * Declares that queries filter or sort on this top-level field; adapters may build an index.
   * Several fields declare a compound index for queries that filter the first by equality and
   * sort by the others in that order (a work queue: pending items by priority, then due time),
   * so the store walks the index and stops at the limit instead of sorting every match.
   */
  ensureIndex(collection: string, field: string | readonly string[]): Promise<void>;
  /**
   * Applies the writes in order and stores the checkpoint(s), atomically where the store allows.
   * Several checkpoints let the projection runner commit a page for all its projections at once.
   * A checkpoint only moves forward: a lower one than stored is ignored (reset() clears it).
   */
  commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]): Promise<void>;
  /** The stored position of a projection, 0 when it has none. */
  getCheckpoint(projection: string): Promise<number>;
  /** Removes every document of the collections and the checkpoint of the projection (rebuild). */
  reset(collections: string[], projection: string): Promise<void>;
  /**
   * Takes or renews a lease, atomically across every process on the store: (scope, id) becomes
   * owner's until ttlMs from now when nobody holds it, its holder's time ran out, or owner holds
   * it already. Answers 'theirs' while another owner holds it, 'done' once it was ended as done.
   * Leases are no read models: reset() leaves them alone. Reactors use them twice over: one lease
   * says which process runs the reactor, one per message says who may send it (mail/reactor.ts).
   */
  lease(scope: string, id: string, owner: string, ttlMs: number): Promise<LeaseState>;
  /** 'release' frees owner's lease at once (no-op if another holds it); 'done' closes it for good, whoever holds it. */
  endLease(scope: string, id: string, owner: string, end: 'release' | 'done'): Promise<void>;
  /** Who holds a lease that is still running (not done, not run out), in any scope. */
  leaseOwners(): Promise<string[]>;
  /** Every lease kept in these scopes (running, run out or done), to carry them to another store. */
  leasesIn(scopes: readonly string[]): Promise<LeaseRecord[]>;
  /**
   * Writes leases read from another store (leasesIn): one this store has no lease for is written
   * as given (a running one keeps its holder and what is left of its term), and a done one closes
   * the lease here too, whoever holds it; a lease of this store is otherwise left as it is.
   */
  putLeases(leases: readonly LeaseRecord[]): Promise<void>;
  /**
   * Frees at once every running lease this owner holds, in every scope: a process that restarts
   * lets go of what its dead predecessor held (projections/leasedRunner.ts), so nothing waits out
   * a dead claim. Answers how many it freed.
   */
  releaseLeasesOf(owner: string): Promise<number>;
  /**
   * Counts one hit on key in a fixed window of windowMs, atomically across every process on the
   * store (the abuse limits: api/http/rateLimits.ts). Answers the hits in the current window,
   * this one included, and the milliseconds until it ends. Like leases, no read model: reset()
   * leaves counters alone.
   */
  countHit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * Deletes the counters whose window ended more than olderThanMs ago (they count nothing any
   * more, and name a client's address: personal data kept no longer than needed); answers how
   * many went. The server runs it every hour (api/http/rateLimits.ts), so no counter outlives its
   * window by more than two hours, far less than a day.
   */
  purgeCounters(olderThanMs: number, now?: Date): Promise<number>;
  /**
   * Deletes the leases kept long enough: a finished ('done') one once its keeping time (30 days:
   * a mail's claim must outlive any chance of its event being applied again) has passed, one
   * whose holder stopped renewing that long after it ran out. As of `now` (default: the store's
   * clock; the hygiene sweep passes the server's). Adapters also purge by themselves as they go;
   * this lets one sweep do it on a schedule. Answers how many went.
   */
  purgeLeases(now?: Date): Promise<number>;
  /**
   * Leaves no readable copy of documents changed or deleted so far in the store's own files
   * (rule: erasure): the embedded store truncates its WAL; MongoDB has nothing to do here.
   */
  purge(): Promise<void>;
  close(): Promise<void>;
}
