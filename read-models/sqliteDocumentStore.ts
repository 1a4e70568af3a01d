// The embedded read-model store: JSON documents in one SQLite table, queried with json_extract.
// synchronous=NORMAL (not FULL) on purpose: read models can always be rebuilt from the event
// log, and a lost last transaction only means its events are applied again (projections are
// idempotent). Writes and the projection checkpoint commit in one transaction.
import Database from 'better-sqlite3';
import type { Checkpoint, Doc, DocumentStore, FieldCondition, Filter, FindOptions, Scalar, Write } from './documentStore.js';

const NAME = /^[A-Za-z0-9_]+$/;

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Invalid read-model name: ${name}`);
  return name;
}

/** SQLite's json_extract gives 1/0 for JSON true/false: compare booleans as numbers. */
const sqlValue = (v: Scalar): string | number | null => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

function compileFilter(filter: Filter, params: unknown[]): string {
  const clauses: string[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const column = `json_extract(doc, '$.${checkName(field)}')`;
    if (condition === null) {
      clauses.push(`${column} IS NULL`);
    } else if (typeof condition !== 'object') {
      clauses.push(`${column} = ?`);
      params.push(sqlValue(condition));
    } else {
      clauses.push(...compileOperators(column, condition, params));
    }
  }
  return clauses.length ? ` AND ${clauses.join(' AND ')}` : '';
}

function compileOperators(column: string, condition: Exclude<FieldCondition, Scalar>, params: unknown[]): string[] {
  const clauses: string[] = [];
  const ops: Array<[keyof typeof condition, string]> = [['$gte', '>='], ['$lte', '<='], ['$gt', '>'], ['$lt', '<']];
  for (const [op, sql] of ops) {
    const value = condition[op];
    if (value === undefined) continue;
    clauses.push(`${column} ${sql} ?`);
    params.push(sqlValue(value as Scalar));
  }
  if (condition.$ne !== undefined) {
    if (condition.$ne === null) clauses.push(`${column} IS NOT NULL`);
    else {
      clauses.push(`(${column} IS NULL OR ${column} <> ?)`);
      params.push(sqlValue(condition.$ne));
    }
  }
  if (condition.$in !== undefined) {
    const values = condition.$in.filter((v) => v !== null);
    const parts: string[] = [];
    if (values.length) {
      parts.push(`${column} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values.map(sqlValue));
    }
    if (condition.$in.includes(null)) parts.push(`${column} IS NULL`);
    clauses.push(parts.length ? `(${parts.join(' OR ')})` : '0');
  }
  return clauses;
}

/**
 * The collection as a literal, not a bound parameter: SQLite only uses a partial index when the
 * query's WHERE names the same literal. Names are checked against [A-Za-z0-9_] first.
 */
const collectionIs = (collection: string) => `collection = '${checkName(collection)}'`;

function compileSort(options: FindOptions | undefined): string {
  const keys = (options?.sort ?? []).map(([field, dir]) =>
    field === 'id' ? `id ${dir === 1 ? 'ASC' : 'DESC'}` : `json_extract(doc, '$.${checkName(field)}') ${dir === 1 ? 'ASC' : 'DESC'}`,
  );
  if (!keys.some((k) => k.startsWith('id '))) keys.push('id ASC');
  return ` ORDER BY ${keys.join(', ')}`;
}

export function openSqliteDocumentStore(filePath: string): DocumentStore {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -16384'); // 16 MB of pages: hot read models stay in memory, RSS stays modest
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('temp_store = MEMORY');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS docs (
      collection TEXT NOT NULL,
      id         TEXT NOT NULL,
      doc        TEXT NOT NULL,
      -- A rowid table: documents are large rows, which WITHOUT ROWID B-trees handle badly.
      UNIQUE (collection, id)
    );
    CREATE TABLE IF NOT EXISTS checkpoints (
      projection TEXT PRIMARY KEY,
      position   INTEGER NOT NULL
    );
  `);

  const getDoc = db.prepare<[string, string], { doc: string }>('SELECT doc FROM docs WHERE collection = ? AND id = ?');
  const putDoc = db.prepare('INSERT OR REPLACE INTO docs (collection, id, doc) VALUES (?, ?, ?)');
  const deleteDoc = db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?');
  const clearCollection = db.prepare('DELETE FROM docs WHERE collection = ?');
  const getCheckpoint = db.prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE projection = ?');
  const putCheckpoint = db.prepare('INSERT OR REPLACE INTO checkpoints (projection, position) VALUES (?, ?)');
  const deleteCheckpoint = db.prepare('DELETE FROM checkpoints WHERE projection = ?');

  // Queries of the same shape reuse one prepared statement.
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  const commit = db.transaction((writes: Write[], checkpoints: Checkpoint[]) => {
    for (const write of writes) {
      if (write.op === 'put') putDoc.run(write.collection, write.doc.id, JSON.stringify(write.doc));
      else deleteDoc.run(write.collection, write.id);
    }
    for (const c of checkpoints) putCheckpoint.run(c.projection, c.position);
  });

  const reset = db.transaction((collections: string[], projection: string) => {
    for (const collection of collections) clearCollection.run(collection);
    deleteCheckpoint.run(projection);
  });

  return {
    async get<T extends Doc>(collection: string, id: string) {
      const row = getDoc.get(collection, id);
      return row ? (JSON.parse(row.doc) as T) : null;
    },

    async find<T extends Doc>(collection: string, filter: Filter = {}, options?: FindOptions) {
      const params: unknown[] = [];
      let sql = `SELECT doc FROM docs WHERE ${collectionIs(collection)}${compileFilter(filter, params)}${compileSort(options)}`;
      if (options?.limit !== undefined) {
        sql += ' LIMIT ?';
        params.push(options.limit);
      }
      return (prepared(sql).all(...params) as Array<{ doc: string }>).map((row) => JSON.parse(row.doc) as T);
    },

    async count(collection: string, filter: Filter = {}) {
      const params: unknown[] = [];
      const sql = `SELECT COUNT(*) AS n FROM docs WHERE ${collectionIs(collection)}${compileFilter(filter, params)}`;
      return (prepared(sql).get(...params) as { n: number }).n;
    },

    async ensureIndex(collection: string, field: string) {
      // A partial index per collection, so writes to other collections do not pay for it.
      const name = `docs_${checkName(collection)}_${checkName(field)}`;
      db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON docs (json_extract(doc, '$.${field}')) WHERE ${collectionIs(collection)}`);
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      commit(writes, checkpoints === undefined ? [] : [checkpoints].flat());
    },

    async getCheckpoint(projection: string) {
      return getCheckpoint.get(projection)?.position ?? 0;
    },

    async reset(collections: string[], projection: string) {
      reset(collections, projection);
    },

    async close() {
      db.close();
    },
  };
}
