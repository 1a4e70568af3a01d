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
import { createRequire } from 'node:module';
import { threadCalls } from './threadCalls.js';
import Database from 'better-sqlite3';
import type {
  Checkpoint,
  Doc,
  DocumentStore,
  FieldCondition,
  Filter,
  FindOptions,
  LeaseState,
  Scalar,
  Write,
} from './documentStore.js';

const NAME = /^[A-Za-z0-9_]+$/;
const RANGE_OPERATORS = { $gte: '>=', $lte: '<=', $gt: '>', $lt: '<' } as const;
const OPERATORS = new Set(['$gte', '$lte', '$gt', '$lt', '$in', '$ne']);
/** Distinct query texts kept prepared; $in lists of many lengths must not grow it forever. */
const MAX_STATEMENTS = 500;

/** Names are spliced into SQL (json paths, the partial-index literal), so only plain words pass. */
function checkName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`Invalid read-model name: ${JSON.stringify(name)}`);
  return name;
}

/**
 * How a field reads in SQL. `value` is what comparisons use; `type` is its JSON type, needed
 * because json_extract turns true/false into 1/0 and so cannot tell `true` from `1` alone.
 * Our id lives in its own column (primary key), whose type is always text.
 */
interface Column {
  value: string;
  type: string;
}

function column(field: string): Column {
  if (field === 'id') return { value: 'id', type: `'text'` };
  const path = `'$.${checkName(field)}'`;
  return { value: `json_extract(doc, ${path})`, type: `json_type(doc, ${path})` };
}

/** The JSON types a comparison with this value may match: MongoDB never compares across types. */
function typeGuard(col: Column, value: Exclude<Scalar, null>): string {
  if (typeof value === 'boolean') return `${col.type} IN ('true', 'false')`;
  if (typeof value === 'number') return `${col.type} IN ('integer', 'real')`;
  return `${col.type} = 'text'`;
}

const bindable = (value: Scalar): string | number | null => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function checkScalar(value: unknown): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Unsupported filter value: ${JSON.stringify(value)}`);
}

/** Equality as MongoDB means it: null matches null or missing; true is not 1. */
function equals(col: Column, value: Scalar, params: unknown[]): string {
  if (value === null) return `${col.value} IS NULL`;
  params.push(bindable(value));
  // Only 0/1 and booleans collide inside json_extract; other values need no (costlier) guard.
  if (typeof value === 'boolean' || value === 0 || value === 1)
    return `(${col.value} = ? AND ${typeGuard(col, value)})`;
  return `${col.value} = ?`;
}

interface Compiled {
  where: string;
  /**
   * The indexed field to drive the query: an equality before an $in before a range, and among
   * equals the first in the filter (without statistics, the caller knows best what narrows most).
   */
  indexField?: string;
}

function compileFilter(filter: Filter, params: unknown[], indexed: ReadonlyMap<string, string> | undefined): Compiled {
  const clauses: string[] = [];
  let indexField: string | undefined;
  let indexRank = Infinity;
  const consider = (field: string, rank: number) => {
    if (rank < indexRank && indexed?.has(field)) [indexField, indexRank] = [field, rank];
  };
  for (const field of Object.keys(filter)) {
    const condition: FieldCondition = filter[field];
    const col = column(field);
    if (condition === undefined) throw new Error(`Filter on ${field} without a condition`);
    if (condition === null || typeof condition !== 'object') {
      clauses.push(equals(col, checkScalar(condition), params));
      if (condition !== null) consider(field, 0);
      continue;
    }
    for (const op of Object.keys(condition))
      if (!OPERATORS.has(op)) throw new Error(`Unsupported filter operator: ${op}`);
    if (!Object.values(condition).some((value) => value !== undefined))
      throw new Error(`Filter on ${field} without an operator`);
    for (const op of ['$gte', '$lte', '$gt', '$lt'] as const) {
      if (condition[op] === undefined) continue;
      const value = checkScalar(condition[op]);
      if (value === null) {
        // Like MongoDB: null is only >= and <= itself (and missing), never > or <.
        clauses.push(op === '$gte' || op === '$lte' ? `${col.value} IS NULL` : '0');
        continue;
      }
      params.push(bindable(value));
      clauses.push(`${col.value} ${RANGE_OPERATORS[op]} ?`, typeGuard(col, value));
      consider(field, 2);
    }
    if (condition.$in !== undefined) {
      if (!Array.isArray(condition.$in)) throw new Error('$in needs an array');
      const values = condition.$in.map(checkScalar);
      // Strings and numbers other than 0/1 share one IN list; the rest need their own test.
      const plain = values.filter((v) => typeof v === 'string' || (typeof v === 'number' && v !== 0 && v !== 1));
      const parts: string[] = [];
      if (plain.length) {
        parts.push(`${col.value} IN (${plain.map(() => '?').join(', ')})`);
        params.push(...plain);
      }
      for (const v of values) if (!plain.includes(v)) parts.push(equals(col, v, params));
      clauses.push(parts.length ? `(${parts.join(' OR ')})` : '0');
      if (values.length && !values.includes(null)) consider(field, 1);
    }
    if (condition.$ne !== undefined) {
      const value = checkScalar(condition.$ne);
      clauses.push(
        value === null ? `${col.value} IS NOT NULL` : `(${col.value} IS NULL OR NOT ${equals(col, value, params)})`,
      );
    }
  }
  // Tombstones (deletes with a position) are never read.
  clauses.unshift(`json_extract(doc, '$._deleted') IS NULL`);
  return { where: ` WHERE ${clauses.join(' AND ')}`, indexField };
}

/**
 * A compound index that serves the query whole: its first field is an equality in the filter and
 * its other fields are the sort, in order and ascending. Walking it, SQLite reads the matches in
 * the sort's order and stops at the limit; the single-field index would make it sort them all.
 */
function compoundFor(
  indexed: ReadonlyMap<string, string> | undefined,
  filter: Filter,
  options: FindOptions | undefined,
): string | undefined {
  const sort = (options?.sort ?? []).filter(([field]) => field !== 'id');
  if (!indexed || sort.some(([, direction]) => direction !== 1)) return undefined;
  for (const key of indexed.keys()) {
    const [first, ...rest] = key.split('+');
    if (rest.length === 0) continue;
    const condition = filter[first];
    const equality = condition !== null && condition !== undefined && typeof condition !== 'object';
    if (equality && rest.length === sort.length && rest.every((field, i) => sort[i][0] === field)) return key;
  }
  return undefined;
}

function compileSort(options: FindOptions | undefined): string {
  const keys: string[] = [];
  let byId = false;
  for (const [field, direction] of options?.sort ?? []) {
    if (direction !== 1 && direction !== -1)
      throw new Error(`Invalid sort direction for ${field}: ${String(direction)}`);
    byId ||= field === 'id';
    keys.push(`${column(field).value} ${direction === 1 ? 'ASC' : 'DESC'}`);
  }
  if (!byId) keys.push('id ASC');
  return ` ORDER BY ${keys.join(', ')}`;
}

/** Each collection is a table of its own, so clearing one for a rebuild is a truncate. */
const tableOf = (collection: string) => `docs:${checkName(collection)}`;
const indexOf = (collection: string, field: string) => `docs:${collection}:${field}`;
const TABLE_NAME = /^docs:([A-Za-z0-9_]+)$/;
/** A compound index's key joins its fields with '+', which no field name holds. */
const INDEX_NAME = /^docs:([A-Za-z0-9_]+):([A-Za-z0-9_+]+)$/;
/**
 * A rowid table (not WITHOUT ROWID): documents are large rows, which WITHOUT ROWID B-trees store
 * badly; the primary key is then a separate unique index on id.
 */
const createTable = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS "${tableOf(collection)}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`;
/**
 * A put under the position guard (documentStore.ts): a stored document built from a later
 * position stays. Parameters: id, doc, then the new document's _pos twice (null when it has
 * none). Positional: binding an object of named parameters per row cost a tenth of a rebuild's
 * commits.
 */
const putSql = (table: string) =>
  `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc
   WHERE ? IS NULL OR coalesce(json_type(doc, '$._pos'), 'null') NOT IN ('integer', 'real') OR json_extract(doc, '$._pos') < ?`;
const deleteSql = (table: string) => `DELETE FROM ${table} WHERE id = ?`;
// Forward only: a lagging process committing an older page never moves a checkpoint back.
const PUT_CHECKPOINT =
  'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET position = max(position, excluded.position)';

/**
 * Commits of at least this many writes (a rebuild's or a catch-up's pages) go to a writer thread
 * with a connection of its own, so the next page is read and folded while SQLite writes this one
 * (projections/runner.ts keeps one commit in flight). A CPU profile of a rebuild of 100,000
 * bookings had half its time in the commits' inserts, on the one thread that also reads and
 * folds. Smaller commits (a live booking's) stay on this thread: no hop between threads on the
 * path a request waits on.
 */
const WRITER_MIN_WRITES = 256;

/** One commit as the writer thread takes it: per write a kind, the table, the id, the JSON and the position. */
interface WriterCommit {
  n: number;
  tables: string[];
  ops: number[]; // 0 put, 1 delete
  table: number[];
  ids: string[];
  docs: (string | null)[];
  pos: (number | null)[];
  checkpoints: [string, number][];
}

/**
 * The writer thread, as source: evaluated in a worker (no module loader involved, so it runs the
 * same under tsx, vitest and the compiled build). It applies each commit in one transaction, in
 * the order they arrive, and answers with the commit's number and the error if it failed.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);
const sql = workerData.sql;
const statements = new Map();
const of = (table) => {
  let s = statements.get(table);
  if (!s) statements.set(table, (s = { put: db.prepare(sql.put.replaceAll('{table}', table)), del: db.prepare(sql.del.replaceAll('{table}', table)) }));
  return s;
};
const checkpoint = db.prepare(sql.checkpoint);
const commit = db.transaction((c) => {
  const targets = c.tables.map(of);
  for (let i = 0; i < c.ops.length; i++) {
    const t = targets[c.table[i]];
    if (c.ops[i] === 0) t.put.run(c.ids[i], c.docs[i], c.pos[i], c.pos[i]);
    else t.del.run(c.ids[i]);
  }
  for (const [projection, position] of c.checkpoints) checkpoint.run(projection, position);
});
parentPort.on('message', (c) => {
  if (c === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    commit(c);
    parentPort.postMessage({ n: c.n });
  } catch (error) {
    parentPort.postMessage({ n: c.n, error: String(error && error.message || error) });
  }
});
`;

// secure_delete: an erased customer's data must not linger in freed space (rule: erasure):
// deleted and overwritten content is zeroed where that costs no extra I/O (FAST: within the pages
// written anyway; documents are far smaller than a page), and purge() truncates the WAL. The
// writer thread's connection takes the same pragmas.
const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'cache_size = -8192',
  'wal_autocheckpoint = 10000',
  'temp_store = MEMORY',
  'busy_timeout = 5000',
  'secure_delete = FAST',
];

interface Writer {
  commit(c: Omit<WriterCommit, 'n'>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the writer thread on the database file (a file: a :memory: database has no second connection). */
function startWriter(file: string): Writer {
  const thread = threadCalls<Omit<WriterCommit, 'n'>, void>(WRITER_SOURCE, 'read-model writer', () => undefined, {
    file,
    driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    pragmas: PRAGMAS,
    sql: { put: putSql('{table}'), del: deleteSql('{table}'), checkpoint: PUT_CHECKPOINT },
  });
  return { commit: (c) => thread.call(c), close: () => thread.close() };
}

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
    // cache_size: 8 MB of pages: the hot read models (days, settings, today's bookings) stay in
    // memory, RSS stays modest.
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

  // Processes sharing the file share the machine's clock, so expiry is plain Date.now().
  const readLease = db.prepare<[string, string], { owner: string; expires_at: number; done: number }>(
    'SELECT owner, expires_at, done FROM leases WHERE scope = ? AND id = ?',
  );
  const writeLease = db.prepare<[string, string, string, number]>(
    'INSERT OR REPLACE INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, 0)',
  );
  // A finished lease's expires_at says when it may go (see SqliteDocumentStoreOptions).
  const purgeLeases = db.prepare<{ now: number; retention: number }>(
    'DELETE FROM leases WHERE (done = 1 AND expires_at < @now) OR (done = 0 AND expires_at < @now - @retention)',
  );
  let purgedAt = 0;
  const takeLease = db.transaction((scope: string, id: string, owner: string, ttlMs: number): LeaseState => {
    const now = Date.now();
    if (now - purgedAt >= Math.min(60_000, leaseRetentionMs)) {
      purgedAt = now;
      purgeLeases.run({ now, retention: leaseRetentionMs });
    }
    const current = readLease.get(scope, id);
    if (current?.done) return 'done';
    if (current && current.owner !== owner && current.expires_at > now) return 'theirs';
    writeLease.run(scope, id, owner, now + ttlMs);
    return 'ours';
  });
  const releaseLease = db.prepare<[string, string, string]>(
    'UPDATE leases SET expires_at = 0 WHERE scope = ? AND id = ? AND owner = ? AND done = 0',
  );
  const runningLeaseOwners = db.prepare<[number], { owner: string }>(
    'SELECT DISTINCT owner FROM leases WHERE done = 0 AND expires_at > ?',
  );
  const releaseLeasesOf = db.prepare<[string, number]>(
    'UPDATE leases SET expires_at = 0 WHERE owner = ? AND done = 0 AND expires_at > ?',
  );
  const closeLease = db.prepare<[string, string, string, number]>(
    'INSERT INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, 1) ON CONFLICT (scope, id) DO UPDATE SET done = 1, expires_at = excluded.expires_at',
  );

  // One statement, so two processes counting the same key cannot both see the old count: a new
  // window starts at the first hit after the last one ended.
  const hit = db.prepare<{ key: string; now: number; windowMs: number }, { count: number; reset_at: number }>(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, 1, @now + @windowMs)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @now THEN @now + @windowMs ELSE reset_at END
     RETURNING count, reset_at`,
  );
  // Counters whose window ended long ago are cleared now and then, so the table stays small.
  const dropEnded = db.prepare<[number]>('DELETE FROM rate_limits WHERE reset_at < ?');
  let hitsSinceCleanup = 0;

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

    async lease(scope: string, id: string, owner: string, ttlMs: number) {
      // IMMEDIATE: the write lock before the read, so two processes cannot both see it free.
      return takeLease.immediate(scope, id, owner, ttlMs);
    },

    async endLease(scope: string, id: string, owner: string, end: 'release' | 'done') {
      if (end === 'done') closeLease.run(scope, id, owner, Date.now() + leaseRetentionMs);
      else releaseLease.run(scope, id, owner);
    },

    async leaseOwners() {
      return runningLeaseOwners.all(Date.now()).map((row) => row.owner);
    },

    async releaseLeasesOf(owner: string) {
      return releaseLeasesOf.run(owner, Date.now()).changes;
    },

    async countHit(key: string, windowMs: number) {
      const now = Date.now();
      if (++hitsSinceCleanup >= 10_000) {
        hitsSinceCleanup = 0;
        dropEnded.run(now - 3_600_000);
      }
      const row = hit.get({ key, now, windowMs })!;
      return { count: row.count, resetInMs: row.reset_at - now };
    },

    async purgeCounters(olderThanMs: number, now = new Date()) {
      return dropEnded.run(now.getTime() - olderThanMs).changes;
    },

    async purgeLeases(now = new Date()) {
      return purgeLeases.run({ now: now.getTime(), retention: leaseRetentionMs }).changes;
    },

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

/**
 * Earlier versions kept every collection in one table `docs` (collection, id, doc). Its rows move
 * to the per-collection tables, checkpoints untouched, so no projection or mail is replayed; the
 * old table's indexes go with it and ensureIndex builds the new ones. Runs once, and only in one
 * process when several open the file together (an IMMEDIATE transaction that looks again).
 */
function migrateSharedTable(db: Database.Database): void {
  const legacy = () =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'docs'").get() !== undefined;
  if (!legacy()) return;
  db.transaction(() => {
    if (!legacy()) return;
    const collections = db.prepare<[], string>('SELECT DISTINCT collection FROM docs').pluck().all();
    for (const collection of collections) {
      db.exec(createTable(collection));
      db.prepare(
        `INSERT OR REPLACE INTO "${tableOf(collection)}" (id, doc) SELECT id, doc FROM docs WHERE collection = ?`,
      ).run(collection);
    }
    db.exec('DROP TABLE docs');
  }).immediate();
}
