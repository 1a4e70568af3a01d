// The embedded store's tables: one per collection ("docs:<name>", id and JSON text), their
// expression indexes' names, the statements every connection to the file prepares (the main
// thread's and the writer thread's alike), the pragmas both take, and the move from the single
// table of earlier versions.
import type Database from 'better-sqlite3';
import { checkName } from './filterSql.js';

/** Each collection is a table of its own, so clearing one for a rebuild is a truncate. */
export const tableOf = (collection: string) => `docs:${checkName(collection)}`;
export const indexOf = (collection: string, field: string) => `docs:${collection}:${field}`;
export const TABLE_NAME = /^docs:([A-Za-z0-9_]+)$/;
/** A compound index's key joins its fields with '+', which no field name holds. */
export const INDEX_NAME = /^docs:([A-Za-z0-9_]+):([A-Za-z0-9_+]+)$/;
/**
 * A rowid table (not WITHOUT ROWID): documents are large rows, which WITHOUT ROWID B-trees store
 * badly; the primary key is then a separate unique index on id.
 */
export const createTable = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS "${tableOf(collection)}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`;
/**
 * A put under the position guard (documentStore.ts): a stored document built from a later
 * position stays. Parameters: id, doc, then the new document's _pos twice (null when it has
 * none). Positional: binding an object of named parameters per row cost a tenth of a rebuild's
 * commits.
 */
export const putSql = (table: string) =>
  `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc
   WHERE ? IS NULL OR coalesce(json_type(doc, '$._pos'), 'null') NOT IN ('integer', 'real') OR json_extract(doc, '$._pos') < ?`;
export const deleteSql = (table: string) => `DELETE FROM ${table} WHERE id = ?`;
// Forward only: a lagging process committing an older page never moves a checkpoint back.
export const PUT_CHECKPOINT =
  'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT (projection) DO UPDATE SET position = max(position, excluded.position)';

// secure_delete: an erased customer's data must not linger in freed space (rule: erasure):
// deleted and overwritten content is zeroed where that costs no extra I/O (FAST: within the pages
// written anyway; documents are far smaller than a page), and purge() truncates the WAL. The
// writer thread's connection takes the same pragmas.
//
// cache_size: 2 MB of pages per connection. Each store (read models, reactors' state) has a
// connection in the main thread and, once a large commit came, one in its writer thread. After
// 100,000 bookings with 8 MB each, malloc's heap held 67 MB of the server's 195 MB RSS; with 2 MB
// it held 53 MB, RSS 179 MB, at the same CPU per booking (1,787 against 2,015 µs, one run each,
// inside this VM's spread; `npm run bench`, 2026-11-28). The pages a booking touches are the
// tables' and indexes' upper levels and their newest leaves; the rest comes from the OS's cache.
export const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'cache_size = -2048',
  'wal_autocheckpoint = 10000',
  'temp_store = MEMORY',
  'busy_timeout = 5000',
  'secure_delete = FAST',
];

/**
 * Earlier versions kept every collection in one table `docs` (collection, id, doc). Its rows move
 * to the per-collection tables, checkpoints untouched, so no projection or mail is replayed; the
 * old table's indexes go with it and ensureIndex builds the new ones. Runs once, and only in one
 * process when several open the file together (an IMMEDIATE transaction that looks again).
 */
export function migrateSharedTable(db: Database.Database): void {
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
