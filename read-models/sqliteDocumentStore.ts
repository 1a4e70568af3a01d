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
// (sqlite/tables.ts), the writer thread for large commits (sqlite/writer.ts); here the store.
import Database from 'better-sqlite3';
import type { Checkpoint, Doc, DocumentStore, Filter, FindOptions, Write } from './documentStore.js';
import { checkName, column, compileFilter, compileSort, compoundFor, type Compiled } from './sqlite/filterSql.js';
import {
  INDEX_NAME,
  PRAGMAS,
  PUT_CHECKPOINT,
  TABLE_NAME,
  createTable,
  deleteSql,
  indexOf,
  migrateSharedTable,
  putSql,
  tableOf,
} from './sqlite/tables.js';
import { sqliteCounters, sqliteLeases } from './sqlite/leases.js';
import { WRITER_MIN_WRITES, startWriter, type Writer, type WriterCommit } from './sqlite/writer.js';

/** Distinct query texts kept prepared; $in lists of many lengths must not grow it forever. */
const MAX_STATEMENTS = 500;

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

  const leases = sqliteLeases(db, leaseRetentionMs);
  const counters = sqliteCounters(db);
  const getCheckpoint = db.prepare<[string], number>('SELECT position FROM checkpoints WHERE projection = ?').pluck();
  const putCheckpoint = db.prepare<[string, number]>(PUT_CHECKPOINT);
  const deleteCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE projection = ?');
  const listSchema = db.prepare<[], { type: string; name: string }>(
    "SELECT type, name FROM sqlite_master WHERE name LIKE 'docs:%'",
  );

  // Collections that have a table, with their statements, and the indexed fields of each with
  // the index's name. Another process on the same file may add tables and indexes; a lookup that
  // misses therefore reads the schema again before it concludes a collection is empty.
  interface Table {
    get: Database.Statement<[string], string>;
    put: Database.Statement<[id: string, doc: string, pos: number | null, pos: number | null]>;
    delete: Database.Statement<[string]>;
    clear: Database.Statement<[]>;
  }
  const tables = new Map<string, Table>();
  const indexes = new Map<string, Map<string, string>>();
  const noteIndex = (collection: string, field: string, name: string) => {
    let fields = indexes.get(collection);
    if (!fields) indexes.set(collection, (fields = new Map<string, string>()));
    fields.set(field, name);
  };
  const readSchema = () => {
    for (const { type, name } of listSchema.all()) {
      const table = type === 'table' ? TABLE_NAME.exec(name) : null;
      if (table && !tables.has(table[1])) tables.set(table[1], statementsFor(table[1]));
      const index = type === 'index' ? INDEX_NAME.exec(name) : null;
      if (index) noteIndex(index[1], index[2], name);
    }
  };
  function statementsFor(collection: string): Table {
    const table = `"${tableOf(collection)}"`;
    return {
      get: db.prepare<[string], string>(`SELECT doc FROM ${table} WHERE id = ?`).pluck(),
      put: db.prepare<[string, string, number | null, number | null]>(putSql(table)),
      delete: db.prepare<[string]>(deleteSql(table)),
      // No WHERE: SQLite then drops the table's pages at once instead of deleting row by row.
      clear: db.prepare<[]>(`DELETE FROM ${table}`),
    };
  }
  /** The collection's table, or undefined while no process has written to it. */
  const existing = (collection: string): Table | undefined => {
    const known = tables.get(collection);
    if (known) return known;
    checkName(collection);
    readSchema();
    return tables.get(collection);
  };
  /** Creates the table on first use, outside any transaction, so a rollback cannot undo it. */
  const created = (collection: string): Table => {
    const known = existing(collection);
    if (known) return known;
    db.exec(createTable(collection));
    const table = statementsFor(collection);
    tables.set(collection, table);
    return table;
  };
  readSchema();

  // Queries of the same shape reuse one prepared statement, keyed by their SQL text.
  const statements = new Map<string, Database.Statement>();

  /**
   * Prepares `SELECT ... FROM {docs} ...` for the collection's table, naming the index to use
   * when the filter narrows an indexed field. Without statistics SQLite may prefer walking the
   * primary key (which also yields the ORDER BY id) over the index, and so read the whole table
   * when the index would have narrowed it to a few rows. Should SQLite find no plan with that
   * index ("no query solution"), the query runs without the hint.
   */
  const prepared = (template: string, collection: string, compiled: Compiled) => {
    const table = `"${tableOf(collection)}"`;
    const index = compiled.indexField && indexes.get(collection)?.get(compiled.indexField);
    const hinted = template.replace('{docs}', index ? `${table} INDEXED BY "${index}"` : table);
    let statement = statements.get(hinted);
    if (!statement) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      try {
        statement = db.prepare(hinted);
      } catch (error) {
        if (!index || !/no query solution|no such index/.test(String(error))) throw error;
        statement = db.prepare(template.replace('{docs}', table));
      }
      statement.pluck();
      statements.set(hinted, statement);
    }
    return statement;
  };

  /** A write as the put and delete statements bind it: id, JSON (null: delete) and position. */
  const rowOf = (write: Write): [id: string, doc: string | null, pos: number | null] => {
    if (write.op === 'put') {
      const id = write.doc.id;
      if (typeof id !== 'string') throw new Error(`Document in ${write.collection} without a string id`);
      const pos = write.doc._pos;
      return [id, JSON.stringify(write.doc), typeof pos === 'number' ? pos : null];
    }
    if (typeof write.position === 'number')
      return [write.id, JSON.stringify({ id: write.id, _pos: write.position, _deleted: true }), write.position];
    return [write.id, null, null];
  };

  type Row = ReturnType<typeof rowOf>;
  const commit = db.transaction((rows: Row[], targets: Table[], checkpoints: Checkpoint[]) => {
    rows.forEach(([id, doc, pos], i) => {
      if (doc === null) targets[i].delete.run(id);
      else targets[i].put.run(id, doc, pos, pos);
    });
    for (const c of checkpoints) putCheckpoint.run(c.projection, c.position);
  });

  // The writer thread (see WRITER_MIN_WRITES), started with the first large commit, and the last
  // piece of work queued behind it. While the thread has a commit, every later commit and reset
  // queues behind it (its JSON made at once, so the caller may change its documents), so they
  // apply in the order they were made; with nothing queued a small commit runs at once, as ever.
  let writer: Writer | null = null;
  let writing: Promise<void> | null = null;
  const settled = async () => {
    while (writing) await writing.catch(() => {});
  };
  const enqueue = (work: () => void | Promise<void>): Promise<void> => {
    const done = (writing ?? Promise.resolve()).catch(() => {}).then(work);
    const current: Promise<void> = (writing = done.finally(() => {
      if (writing === current) writing = null;
    }));
    current.catch(() => {});
    return done;
  };

  /** Hands a large commit to the writer thread, after whatever is queued. */
  const commitInWriter = (rows: Row[], collections: string[], checkpoints: Checkpoint[]): Promise<void> => {
    const tables: string[] = [];
    const tableIndex = new Map<string, number>();
    const c: Omit<WriterCommit, 'n'> = {
      tables,
      ops: [],
      table: [],
      ids: [],
      docs: [],
      pos: [],
      checkpoints: checkpoints.map((cp) => [cp.projection, cp.position]),
    };
    rows.forEach(([id, doc, pos], i) => {
      const collection = collections[i];
      let t = tableIndex.get(collection);
      if (t === undefined) {
        tableIndex.set(collection, (t = tables.length));
        tables.push(`"${tableOf(collection)}"`);
      }
      c.ops.push(doc === null ? 1 : 0);
      c.table.push(t);
      c.ids.push(id);
      c.docs.push(doc);
      c.pos.push(pos);
    });
    writer ??= startWriter(filePath);
    const started = writer;
    return enqueue(() => started.commit(c));
  };

  const reset = db.transaction((collections: string[], projection: string) => {
    for (const collection of collections) existing(collection)?.clear.run();
    deleteCheckpoint.run(projection);
  });

  return {
    async get<T extends Doc>(collection: string, id: string) {
      if (typeof id !== 'string') throw new Error(`Invalid document id: ${String(id)}`);
      const text = existing(collection)?.get.get(id);
      if (text === undefined) return null;
      const doc = JSON.parse(text) as T;
      return doc._deleted === true ? null : doc;
    },

    async find<T extends Doc>(collection: string, filter: Filter = {}, options?: FindOptions) {
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
      return (prepared(sql, collection, compiled).all(...params) as string[]).map((text) => JSON.parse(text) as T);
    },

    async count(collection: string, filter: Filter = {}) {
      const params: unknown[] = [];
      const compiled = compileFilter(filter, params, indexes.get(collection));
      if (!existing(collection)) return 0;
      return prepared(`SELECT COUNT(*) FROM {docs}${compiled.where}`, collection, compiled).get(...params) as number;
    },

    async ensureIndex(collection: string, field: string | readonly string[]) {
      const fields = (typeof field === 'string' ? [field] : [...field]).map(checkName);
      if (fields.length === 0) throw new Error('An index needs a field');
      if (writing) await settled();
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
        return commitInWriter(
          rows,
          writes.map((write) => write.collection),
          list,
        );
      }
      if (writing) return enqueue(() => commit(rows, targets, list));
      commit(rows, targets, list);
    },

    async getCheckpoint(projection: string) {
      return getCheckpoint.get(projection) ?? 0;
    },

    async reset(collections: string[], projection: string) {
      if (writing) return enqueue(() => reset(collections, projection));
      reset(collections, projection);
    },

    ...leases,
    ...counters,

    async purge() {
      // After the commits still on the writer thread: the checkpoint must cover them too.
      await settled();
      db.pragma('wal_checkpoint(TRUNCATE)');
    },

    async close() {
      await settled();
      await writer?.close();
      writer = null;
      if (db.open) db.close();
    },
  };
}
