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

/** Per field: equality with a scalar, or a range / membership test. Fields are top-level only. */
export type FieldCondition = Scalar | { $gte?: Scalar; $lte?: Scalar; $gt?: Scalar; $lt?: Scalar; $in?: Scalar[]; $ne?: Scalar };
export type Filter = Record<string, FieldCondition>;

export interface FindOptions {
  /** Sort keys in order; 1 ascending, -1 descending. Ties are broken by id ascending. */
  sort?: Array<[field: string, direction: 1 | -1]>;
  limit?: number;
}

export type Write =
  | { op: 'put'; collection: string; doc: Doc }
  | { op: 'delete'; collection: string; id: string };

export interface Checkpoint {
  projection: string;
  position: number;
}

export interface DocumentStore {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter): Promise<number>;
  /** Declares that queries filter or sort on this top-level field; adapters may build an index. */
  ensureIndex(collection: string, field: string): Promise<void>;
  /**
   * Applies the writes in order and stores the checkpoint(s), atomically where the store allows.
   * Several checkpoints let the projection runner commit a page for all its projections at once.
   */
  commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]): Promise<void>;
  /** The stored position of a projection, 0 when it has none. */
  getCheckpoint(projection: string): Promise<number>;
  /** Removes every document of the collections and the checkpoint of the projection (rebuild). */
  reset(collections: string[], projection: string): Promise<void>;
  close(): Promise<void>;
}
