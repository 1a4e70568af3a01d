// The embedded read-model store: JSON documents in SQLite, a table per collection ("docs:<name>",
// id and JSON text), queried with json_extract and indexed on json_extract expressions. A table
// per collection lets a rebuild clear a collection in one truncate (row-by-row deletes of 100,000
// bookings, each touching every index, took longer than replaying them) and keeps each
// collection's indexes out of the others' writes.
//
// synchronous=NORMAL (not FULL) on purpose: in WAL mode it can lose the last transactions on a
// power cut but never corrupts the file, and read models can always be rebuilt from the event
// log. A lost commit loses its writes and its checkpoint together, so the projections simply
// apply those events again.
//
// Split by concern: the filter language as SQL (sqlite/filterSql.ts), the tables and statements
// (sqlite/tables.ts), the collections this connection knows and their prepared queries
// (sqlite/collections.ts), the writer thread for large commits (sqlite/writer.ts) and the queue
// behind it (sqlite/commitQueue.ts), leases and counters (sqlite/leases.ts); here the store.
import Database from 'better-sqlite3';
import type { Checkpoint, Doc, DocumentStore, Filter, FindOptions, Write } from './documentStore.js';
import { checkName, column, compileFilter, compileSort, compoundFor } from './sqlite/filterSql.js';
import { PRAGMAS, PUT_CHECKPOINT, indexOf, migrateSharedTable, tableOf } from './sqlite/tables.js';
import { collectionTables, queryStatements, type Collections, type Table } from './sqlite/collections.js';
import { commitQueue, rowOf, type CommitQueue, type Row } from './sqlite/commitQueue.js';
import { sqliteCounters, sqliteLeases } from './sqlite/leases.js';
import { WRITER_MIN_WRITES } from './sqlite/writer.js';

export interface SqliteDocumentStoreOptions {
  /**
   * How long a finished lease or mail claim is kept (default 30 days), and an abandoned one after
   * it ran out: the table would otherwise grow by every mail ever sent. A claim is only asked
   * for while its event is being applied, which never happens again once the reactor is past it.
   */
  leaseRetentionMs?: number;
}

const LEASE_RETENTION_MS = 30 * 86_400_000;

export function openSqliteDocumentStore(filePath: string, options: SqliteDocumentStoreOptions = {}): DocumentStore {
  const leaseRetentionMs = options.leaseRetentionMs ?? LEASE_RETENTION_MS;
  const db = openDatabase(filePath, leaseRetentionMs);
  const leases = sqliteLeases(db, leaseRetentionMs);
  const counters = sqliteCounters(db);
  const collections = collectionTables(db);
  const queue = commitQueue(filePath);
  return {
    ...documentReads(db, collections),
    ...documentWrites(db, filePath, collections, queue),
    ...leases,
    ...counters,

    async purge() {
      // After the commits still on the writer thread: the checkpoint must cover them too.
      await queue.settled();
      db.pragma('wal_checkpoint(TRUNCATE)');
    },

    async close() {
      await queue.close();
      if (db.open) db.close();
    },
  };
}

/** The file with its pragmas and its shared tables (checkpoints, rate limits, leases), moved on from earlier versions. */
function openDatabase(filePath: string, leaseRetentionMs: number): Database.Database {
  const db = new Database(filePath);
  try {
    // cache_size among them: 2 MB of pages (why that size: sqlite/tables.ts).
    for (const pragma of PRAGMAS) db.pragma(pragma);
    db.exec(`
      CREATE TABLE IF NOT EXISTS checkpoints (
        projection TEXT PRIMARY KEY,
        position   INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS rate_limits (
        key      TEXT    PRIMARY KEY,
        count    INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS leases (
        scope      TEXT    NOT NULL,
        id         TEXT    NOT NULL,
        owner      TEXT    NOT NULL,
        expires_at INTEGER NOT NULL,
        done       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (scope, id)
      );
      CREATE INDEX IF NOT EXISTS leases_expiry ON leases (expires_at);
    `);
    migrateSharedTable(db);
    // Leases finished before they had a purge time: kept a full retention from now.
    db.prepare('UPDATE leases SET expires_at = ? WHERE done = 1 AND expires_at = 0').run(Date.now() + leaseRetentionMs);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** get, find and count: documents read as JSON, a collection without a table empty. */
function documentReads(
  db: Database.Database,
  { indexes, existing }: Collections,
): Pick<DocumentStore, 'get' | 'find' | 'findJson' | 'count'> {
  const prepared = queryStatements(db, indexes);
  const findJson = async (collection: string, filter: Filter = {}, options?: FindOptions): Promise<string[]> => {
    const params: unknown[] = [];
    const compiled = compileFilter(filter, params, indexes.get(collection));
    compiled.indexField = compoundFor(indexes.get(collection), filter, options) ?? compiled.indexField;
    let sql = `SELECT doc FROM {docs}${compiled.where}${compileSort(options)}`;
    if (options?.limit !== undefined) {
      if (!Number.isInteger(options.limit) || options.limit < 0) throw new Error(`Invalid limit: ${options.limit}`);
      sql += ' LIMIT ?';
      params.push(options.limit);
    }
    if (!existing(collection)) return [];
    return prepared(sql, collection, compiled).all(...params) as string[];
  };
  return {
    async get<T extends Doc>(collection: string, id: string) {
      if (typeof id !== 'string') throw new Error(`Invalid document id: ${String(id)}`);
      const text = existing(collection)?.get.get(id);
      if (text === undefined) return null;
      const doc = JSON.parse(text) as T;
      return doc._deleted === true ? null : doc;
    },

    async find<T extends Doc>(collection: string, filter: Filter = {}, options?: FindOptions) {
      return (await findJson(collection, filter, options)).map((text) => JSON.parse(text) as T);
    },

    findJson,

    async count(collection: string, filter: Filter = {}) {
      const params: unknown[] = [];
      const compiled = compileFilter(filter, params, indexes.get(collection));
      if (!existing(collection)) return 0;
      return prepared(`SELECT COUNT(*) FROM {docs}${compiled.where}`, collection, compiled).get(...params) as number;
    },
  };
}

/** ensureIndex, commit, getCheckpoint and reset: each in order behind any commit still on the writer thread. */
function documentWrites(
  db: Database.Database,
  filePath: string,
  { indexes, noteIndex, existing, created }: Collections,
  queue: CommitQueue,
): Pick<DocumentStore, 'ensureIndex' | 'commit' | 'getCheckpoint' | 'reset'> {
  const getCheckpoint = db.prepare<[string], number>('SELECT position FROM checkpoints WHERE projection = ?').pluck();
  const putCheckpoint = db.prepare<[string, number]>(PUT_CHECKPOINT);
  const deleteCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE projection = ?');

  const commit = db.transaction((rows: Row[], targets: Table[], checkpoints: Checkpoint[]) => {
    rows.forEach(([id, doc, pos], i) => {
      if (doc === null) targets[i].delete.run(id);
      else targets[i].put.run(id, doc, pos, pos);
    });
    for (const c of checkpoints) putCheckpoint.run(c.projection, c.position);
  });

  const reset = db.transaction((collections: string[], projection: string) => {
    for (const collection of collections) existing(collection)?.clear.run();
    deleteCheckpoint.run(projection);
  });

  return {
    async ensureIndex(collection: string, field: string | readonly string[]) {
      const fields = (typeof field === 'string' ? [field] : [...field]).map(checkName);
      if (fields.length === 0) throw new Error('An index needs a field');
      if (queue.writing) await queue.settled();
      created(collection);
      const key = fields.join('+');
      if (key === 'id' || indexes.get(collection)?.has(key)) return; // id: the primary key serves it
      // ':' cannot occur in a name, so no two (collection, fields) pairs share an index name.
      const name = indexOf(collection, key);
      // A compound index ends in id: the sort's tie-break (compileSort), so the index alone
      // yields the whole ORDER BY.
      const columns = fields.map((f) => column(f).value);
      if (fields.length > 1) columns.push('id');
      db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${tableOf(collection)}" (${columns.join(', ')})`);
      noteIndex(collection, key, name);
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      for (const write of writes)
        if (write.op !== 'put' && write.op !== 'delete')
          throw new Error(`Unknown write: ${JSON.stringify((write as { op: unknown }).op)}`);
      const targets = writes.map((write) => created(write.collection));
      const list = checkpoints === undefined ? [] : Array.isArray(checkpoints) ? checkpoints : [checkpoints];
      const rows = writes.map(rowOf);
      if (writes.length >= WRITER_MIN_WRITES && filePath !== ':memory:' && filePath !== '') {
        return queue.commitInWriter(
          rows,
          writes.map((write) => write.collection),
          list,
        );
      }
      if (queue.writing) return queue.enqueue(() => commit(rows, targets, list));
      commit(rows, targets, list);
    },

    async getCheckpoint(projection: string) {
      return getCheckpoint.get(projection) ?? 0;
    },

    async reset(collections: string[], projection: string) {
      if (queue.writing) return queue.enqueue(() => reset(collections, projection));
      reset(collections, projection);
    },
  };
}
