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
import Database from 'better-sqlite3';
import type { Checkpoint, Doc, DocumentStore, FieldCondition, Filter, FindOptions, LeaseState, Scalar, Write } from './documentStore.js';

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
  throw new Error(`Unsupported filter value: ${String(value)}`);
}

/** Equality as MongoDB means it: null matches null or missing; true is not 1. */
function equals(col: Column, value: Scalar, params: unknown[]): string {
  if (value === null) return `${col.value} IS NULL`;
  params.push(bindable(value));
  // Only 0/1 and booleans collide inside json_extract; other values need no (costlier) guard.
  if (typeof value === 'boolean' || value === 0 || value === 1) return `(${col.value} = ? AND ${typeGuard(col, value)})`;
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
    for (const op of Object.keys(condition)) if (!OPERATORS.has(op)) throw new Error(`Unsupported filter operator: ${op}`);
    if (!Object.values(condition).some((value) => value !== undefined)) throw new Error(`Filter on ${field} without an operator`);
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
      clauses.push(value === null ? `${col.value} IS NOT NULL` : `(${col.value} IS NULL OR NOT ${equals(col, value, params)})`);
    }
  }
  // Tombstones (deletes with a position) are never read.
  clauses.unshift(`json_extract(doc, '$._deleted') IS NULL`);
  return { where: ` WHERE ${clauses.join(' AND ')}`, indexField };
}

function compileSort(options: FindOptions | undefined): string {
  const keys: string[] = [];
  let byId = false;
  for (const [field, direction] of options?.sort ?? []) {
    if (direction !== 1 && direction !== -1) throw new Error(`Invalid sort direction for ${field}: ${String(direction)}`);
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
const INDEX_NAME = /^docs:([A-Za-z0-9_]+):([A-Za-z0-9_]+)$/;
/**
 * A rowid table (not WITHOUT ROWID): documents are large rows, which WITHOUT ROWID B-trees store
 * badly; the primary key is then a separate unique index on id.
 */
const createTable = (collection: string) => `CREATE TABLE IF NOT EXISTS "${tableOf(collection)}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`;

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
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -8192'); // 8 MB of pages: the hot read models (days, settings, today's bookings) stay in memory, RSS stays modest
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma('temp_store = MEMORY');
    db.pragma('busy_timeout = 5000');
    // An erased customer's data must not linger in freed space (rule: erasure): deleted and
    // overwritten content is zeroed where that costs no extra I/O (FAST: within the pages
    // written anyway; documents are far smaller than a page), and purge() truncates the WAL.
    db.pragma('secure_delete = FAST');
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
  // Forward only: a lagging process committing an older page never moves a checkpoint back.
  const putCheckpoint = db.prepare<[string, number]>(
    'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET position = max(position, excluded.position)',
  );
  const deleteCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE projection = ?');
  const listSchema = db.prepare<[], { type: string; name: string }>("SELECT type, name FROM sqlite_master WHERE name LIKE 'docs:%'");

  // Collections that have a table, with their statements, and the indexed fields of each with
  // the index's name. Another process on the same file may add tables and indexes; a lookup that
  // misses therefore reads the schema again before it concludes a collection is empty.
  interface Table {
    get: Database.Statement<[string], string>;
    put: Database.Statement<[{ id: string; doc: string; pos: number | null }]>;
    delete: Database.Statement<[string]>;
    clear: Database.Statement<[]>;
  }
  const tables = new Map<string, Table>();
  const indexes = new Map<string, Map<string, string>>();
  const noteIndex = (collection: string, field: string, name: string) => {
    let fields = indexes.get(collection);
    if (!fields) indexes.set(collection, (fields = new Map()));
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
      // The position guard (documentStore.ts): a stored document built from a later position
      // stays. @pos is the new document's _pos, null when it has none.
      put: db.prepare<[{ id: string; doc: string; pos: number | null }]>(
        `INSERT INTO ${table} (id, doc) VALUES (@id, @doc) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc
         WHERE @pos IS NULL OR coalesce(json_type(doc, '$._pos'), 'null') NOT IN ('integer', 'real') OR json_extract(doc, '$._pos') < @pos`,
      ),
      delete: db.prepare<[string]>(`DELETE FROM ${table} WHERE id = ?`),
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

  const commit = db.transaction((writes: Write[], targets: Table[], checkpoints: Checkpoint[]) => {
    writes.forEach((write, i) => {
      if (write.op === 'put') {
        const id = write.doc.id;
        if (typeof id !== 'string') throw new Error(`Document in ${write.collection} without a string id`);
        const pos = write.doc._pos;
        targets[i]!.put.run({ id, doc: JSON.stringify(write.doc), pos: typeof pos === 'number' ? pos : null });
      } else if (typeof write.position === 'number') {
        targets[i]!.put.run({ id: write.id, doc: JSON.stringify({ id: write.id, _pos: write.position, _deleted: true }), pos: write.position });
      } else {
        targets[i]!.delete.run(write.id);
      }
    });
    for (const c of checkpoints) putCheckpoint.run(c.projection, c.position);
  });

  // Processes sharing the file share the machine's clock, so expiry is plain Date.now().
  const readLease = db.prepare<[string, string], { owner: string; expires_at: number; done: number }>('SELECT owner, expires_at, done FROM leases WHERE scope = ? AND id = ?');
  const writeLease = db.prepare<[string, string, string, number]>('INSERT OR REPLACE INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, 0)');
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
  const releaseLease = db.prepare<[string, string, string]>('UPDATE leases SET expires_at = 0 WHERE scope = ? AND id = ? AND owner = ? AND done = 0');
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

    async ensureIndex(collection: string, field: string) {
      checkName(field);
      created(collection);
      if (field === 'id' || indexes.get(collection)?.has(field)) return; // id: the primary key serves it
      // ':' cannot occur in a name, so no two (collection, field) pairs share an index name.
      const name = indexOf(collection, field);
      db.exec(`CREATE INDEX IF NOT EXISTS "${name}" ON "${tableOf(collection)}" (json_extract(doc, '$.${field}'))`);
      noteIndex(collection, field, name);
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      for (const write of writes) if (write.op !== 'put' && write.op !== 'delete') throw new Error(`Unknown write: ${(write as { op: unknown }).op}`);
      const targets = writes.map((write) => created(write.collection));
      commit(writes, targets, checkpoints === undefined ? [] : Array.isArray(checkpoints) ? checkpoints : [checkpoints]);
    },

    async getCheckpoint(projection: string) {
      return getCheckpoint.get(projection) ?? 0;
    },

    async reset(collections: string[], projection: string) {
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

    async countHit(key: string, windowMs: number) {
      const now = Date.now();
      if (++hitsSinceCleanup >= 10_000) {
        hitsSinceCleanup = 0;
        dropEnded.run(now - 3_600_000);
      }
      const row = hit.get({ key, now, windowMs })!;
      return { count: row.count, resetInMs: row.reset_at - now };
    },

    async purge() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },

    async close() {
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
  const legacy = () => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'docs'").get() !== undefined;
  if (!legacy()) return;
  db.transaction(() => {
    if (!legacy()) return;
    const collections = db.prepare<[], string>('SELECT DISTINCT collection FROM docs').pluck().all();
    for (const collection of collections) {
      db.exec(createTable(collection));
      db.prepare(`INSERT OR REPLACE INTO "${tableOf(collection)}" (id, doc) SELECT id, doc FROM docs WHERE collection = ?`).run(collection);
    }
    db.exec('DROP TABLE docs');
  }).immediate();
}
