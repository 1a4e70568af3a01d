// The customers' keys (rule: erasure): AES-256 keys kept apart from the event log, so that
// deleting a key erases what was sealed under it from every event without touching the log.
// The embedded default keeps them in DATA_DIR/keys.db (below); production in a MongoDB
// collection of its own (api/keys/mongoKeyStore.ts).
//
// A customer is known here only by a customer id: an HMAC-SHA256 of their normalised e-mail
// under a secret kept in the same store, so the ids in the log and the stream names tell nothing
// about who they are, and no one holding only the log can test an address against them.
//
// Keys come in generations. A customer has at most one current key, found by their customer id;
// each key has a random id of its own (KEY_ID_BYTES), and that is what a sealed record names. An
// erasure destroys the current key; a customer who comes back afterwards gets a new key under a
// new id, so their old records find no key (they read "[raderad]") and can never be opened with
// the new one. Keys made before generations existed have the customer id as their key id (the
// records sealed then name it): such a key stays its customer's current key until it is erased,
// and the next one has an id of its own like any other.
//
// Each key also has a serial, recorded by the erasure event: deleting "the key that held the
// data when the erasure was decided" then never deletes a newer key of the same customer (one who
// booked again), however often the erasure is replayed.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { normaliseEmail } from '../../domain/customers/personalData.js';
import { keysWalSync } from './keysWalSync.js';

export interface CustomerKey {
  /**
   * The key's own id, named by every record sealed under it: random (KEY_ID_BYTES), never a
   * customer id and never given again; a key made before generations has its customer's id.
   */
  id: string;
  key: Buffer;
  serial: string;
  /** A key just made: resolves once it is on disk. Absent for a key that was there already. */
  written?: Promise<void>;
}

export interface KeyStore {
  /**
   * The store's identity (rule: key-store-identity): made from its secret, so it is the same in
   * every process on the store and across restarts, and a new store (a new secret) has another.
   * The event log records it (api/keys/identity.ts); it tells nothing about the secret.
   */
  readonly identity: string;
  /** The customer's id (what the customer streams and erasures name them by; it finds their current key). */
  customerIdOf(email: string): string;
  /**
   * The customer's current key, made on first use (and made anew, with a new id, after their
   * key was erased). A new key's `written` says when it is on disk: the sealing layer lets the
   * event's append run meanwhile and answers once both are durable, so a new customer's booking
   * waits for the two fsyncs side by side rather than one after the other.
   */
  keyFor(customerId: string): Promise<CustomerKey>;
  /** The keys that exist among these key ids (CustomerKey.id): a destroyed key is absent. */
  keysOf(keyIds: Iterable<string>): Promise<Map<string, Buffer>>;
  /** The serial of the customer's current key, null when they have none (never sealed, or erased). */
  serialOf(customerId: string): Promise<string | null>;
  /**
   * Deletes the customer's key of that serial for good (no copy left in the file); false when it
   * was gone already. A newer key of the customer (another serial) stays.
   */
  erase(customerId: string, serial: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A customer id: 32 characters of the HMAC in base64url. */
export const customerIdWith = (secret: Buffer) => {
  // One KeyObject for every HMAC: on Node 24 a Buffer key costs a failed KeyObject brand check
  // that builds an exception, 10.5 µs an HMAC against 1.7 µs with the KeyObject (measured on 24.21).
  const key = createSecretKey(secret);
  return (email: string) => createHmac('sha256', key).update(normaliseEmail(email)).digest('base64url').slice(0, 32);
};

/** The identity of the store whose secret this is: 22 characters of an HMAC of the secret. */
export const identityOf = (secret: Buffer) =>
  createHmac('sha256', secret).update('pizzakiosken key store identity').digest('base64url').slice(0, 22);

/**
 * Random bytes of a key id: 24 characters in base64url, so a key id is never a customer id (32
 * characters), and a key made now never takes the id of one made before generations.
 */
export const KEY_ID_BYTES = 18;

export const newKey = (): CustomerKey => ({
  id: randomPool(KEY_ID_BYTES).toString('base64url'),
  key: randomPool(32),
  serial: randomPool(9).toString('base64url'),
});

// Random bytes taken from a pool filled 4 KB at a time: a call of randomBytes per key and per IV
// was a tenth of a profile of 50,000 sealed bookings (each call crosses into OpenSSL).
let pool = Buffer.alloc(0);
let used = 0;
export function randomPool(size: number): Buffer {
  if (used + size > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  // A copy: the pool is refilled, never reused, but a key must not share memory with later IVs.
  return Buffer.from(pool.subarray(used, (used += size)));
}

/**
 * keys.db's page cache, in KiB per connection, in the server. better-sqlite3 builds SQLite with 16
 * MB, and a busy kiosk's key file fills it: with the log's, about 30 MB of malloc's heap after 100,000
 * bookings (`npm run bench`, 2026-12-07: 39 MB of malloc in use after 40,000 bookings, the two
 * files 44 and 8 MB). A booking asks for one customer's key (an indexed lookup: 4.0 µs with 2 MB
 * as with 16, over 40,000 keys); what is not cached comes from the OS's page cache.
 */
export const KEYS_PAGE_CACHE_KIB = 2048;
/**
 * For a command that reads the whole log (rebuild, replay, export): it asks for every customer's
 * key in log order, random pages of the file: 42-44 ms of CPU for 40,000 keys with 16 MB, 52-59 ms
 * with 2 MB. A command's process is short-lived, so it takes SQLite's usual 16 MB.
 */
export const KEYS_PAGE_CACHE_KIB_WHOLE_LOG = 16_000;

export interface SqliteKeyStoreOptions {
  /** The page cache in KiB (KEYS_PAGE_CACHE_KIB by default). */
  pageCacheKib?: number;
}

/**
 * keys.db: WAL, synchronous=NORMAL with the WAL fsynced off the event loop (as the event store
 * does: a bench of 32 clients, each booking a new customer, must not block the main thread on an
 * fsync per key). secure_delete overwrites a deleted key's
 * bytes in the file, and a checkpoint after each erasure truncates the WAL that still held it.
 */
export function openSqliteKeyStore(filePath: string, options: SqliteKeyStoreOptions = {}): KeyStore {
  const { db, secret } = openKeysFile(filePath);
  db.pragma(`cache_size = -${options.pageCacheKib ?? KEYS_PAGE_CACHE_KIB}`);

  // The customer's current key: theirs by the customer column, or a key made before generations
  // (its id the customer id). Both terms use an index (the primary key, the unique one).
  const current = db.prepare<[string, string], { id: string; key: Buffer; serial: string }>(
    'SELECT key_id AS id, key, serial FROM customer_keys WHERE customer = ? OR (key_id = ? AND customer IS NULL)',
  );
  const select = (customerId: string) => current.get(customerId, customerId);
  // A page of the log read through the seal asks for hundreds of keys: one query for them all
  // (a query per key was 5 µs an event in a profile of a rebuild). It answers one row, the ids as
  // a JSON array and the keys end to end in hex, in the same order: a row and a Buffer per key
  // cost more than the lookups themselves (100,000 keys in pages of 2,000: 330-570 ms as rows,
  // 210-330 ms as one row a page, 110 ms for the ids alone).
  const selectMany = db
    .prepare<[string], [ids: string | null, keys: string | null]>(
      "SELECT json_group_array(key_id), group_concat(hex(key), '') FROM customer_keys WHERE key_id IN (SELECT value FROM json_each(?))",
    )
    .raw();
  const wal = keysWalSync(filePath);
  const made = newKeys(db, select, wal.synced);
  const remove = db.prepare<[string, string, string]>(
    'DELETE FROM customer_keys WHERE (customer = ? OR (key_id = ? AND customer IS NULL)) AND serial = ?',
  );
  const keep = db.prepare<[string, string, string]>(
    'INSERT OR IGNORE INTO erasures (customer, serial, erased_at) VALUES (?, ?, ?)',
  );
  // The key goes and the erasure is kept in one transaction: the store never lacks a key without
  // saying why (a restore re-applies these: api/backup/backup.ts).
  const removeAndKeep = db.transaction((customerId: string, serial: string) => {
    const erased = remove.run(customerId, customerId, serial).changes > 0;
    if (erased) keep.run(customerId, serial, new Date().toISOString());
    return erased;
  });

  return {
    identity: identityOf(secret),
    customerIdOf: customerIdWith(secret),
    async keyFor(customerId) {
      const found = select(customerId);
      if (found) return found;
      // Another process (or another booking this turn) may make the same customer's key at the
      // same moment: the first insert wins and every caller gets its key.
      return made(customerId);
    },
    async keysOf(keyIds) {
      const keys = new Map<string, Buffer>();
      const [ids, hex] = selectMany.get(JSON.stringify([...keyIds]))!;
      if (!ids || !hex) return keys;
      // Every key is 32 bytes (newKey), so the i-th is at i * 32; each is a view of one buffer.
      const all = Buffer.from(hex, 'hex');
      const found = JSON.parse(ids) as string[];
      if (all.length !== found.length * 32) throw new Error('A customer key is not 32 bytes');
      found.forEach((id, i) => keys.set(id, all.subarray(i * 32, i * 32 + 32)));
      return keys;
    },
    async serialOf(customerId) {
      return select(customerId)?.serial ?? null;
    },
    async erase(customerId, serial) {
      const erased = removeAndKeep(customerId, serial);
      // The deleted row's page is zeroed (secure_delete); its frames in the WAL go with the truncation.
      if (erased) db.pragma('wal_checkpoint(TRUNCATE)');
      return erased;
    },
    async close() {
      await wal.close();
      db.close();
    },
  };
}

/**
 * The key made for a customer who has none, once it is in the store; or the key another process
 * (or another booking this turn) made for them at the same moment.
 * @param select the customer's current key
 * @param synced resolves once the WAL is on disk
 */
export function newKeys(
  db: Database.Database,
  select: (customerId: string) => CustomerKey | undefined,
  synced: () => Promise<void>,
) {
  const insert = db.prepare<[string, string, Buffer, string]>(
    'INSERT OR IGNORE INTO customer_keys (key_id, customer, key, serial) VALUES (?, ?, ?, ?)',
  );
  // New customers' keys arriving in one turn of the event loop go in one transaction (a
  // transaction per key was 40 µs a booking in a profile of a rush of new customers).
  let queued: Array<{
    customerId: string;
    made: CustomerKey;
    resolve: (key: CustomerKey) => void;
    reject: (error: unknown) => void;
  }> = [];
  const insertAll = db.transaction((items: typeof queued) =>
    items.map(({ customerId, made }) =>
      // Ignored when the customer has a current key already (another process, or an earlier
      // item of this turn): theirs is every caller's.
      insert.run(made.id, customerId, made.key, made.serial).changes > 0 ? made : select(customerId)!,
    ),
  );
  const flushInserts = () => {
    const items = queued;
    queued = [];
    try {
      const keys = insertAll(items);
      const written = keys.some((key, i) => key === items[i].made) ? synced() : undefined;
      items.forEach((item, i) => item.resolve(keys[i] === item.made ? { ...item.made, written } : keys[i]));
    } catch (error) {
      for (const item of items) item.reject(error);
    }
  };

  return (customerId: string) =>
    new Promise<CustomerKey>((resolve, reject) => {
      if (queued.length === 0) setImmediate(flushInserts);
      queued.push({ customerId, made: newKey(), resolve, reject });
    });
}

/** keys.db opened (its tables made or brought up to date) and its secret, made by the first process. */
function openKeysFile(filePath: string) {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  // customer: the customer id whose current key this is; null in a row made before generations,
  // whose key id is that customer id. One current key per customer (the unique index), so two
  // processes making a customer's key at once agree on one. A store made before generations gets
  // the column here, once (an immediate transaction: a second process opening it waits, then
  // finds it there).
  db.transaction(() => {
    db.exec(`
      CREATE TABLE IF NOT EXISTS secret (id INTEGER PRIMARY KEY CHECK (id = 1), value BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS customer_keys (key_id TEXT PRIMARY KEY, key BLOB NOT NULL, serial TEXT NOT NULL, customer TEXT);
    `);
    const columns = db.prepare("SELECT name FROM pragma_table_info('customer_keys')").pluck().all();
    if (!columns.includes('customer')) db.exec('ALTER TABLE customer_keys ADD COLUMN customer TEXT');
    createRest(db);
  }).immediate();
  // The first process on a new store makes the secret; every later one (and every other process)
  // reads the same. A full checkpoint puts it in the database file before anything uses it.
  db.prepare('INSERT OR IGNORE INTO secret (id, value) VALUES (1, ?)').run(randomBytes(32));
  db.pragma('wal_checkpoint(FULL)');
  const secret = (db.prepare('SELECT value FROM secret WHERE id = 1').get() as { value: Buffer }).value;
  return { db, secret };
}

/**
 * The erasure record beside the keys (rule: erasure): which key (customer id, serial) was
 * destroyed and when, nothing about the person. A backup carries it, and a restore re-applies
 * those newer than the backup (api/backup/backup.ts). The index makes the store's unique one.
 */
function createRest(db: Database.Database) {
  db.exec(`
    CREATE UNIQUE INDEX IF NOT EXISTS customer_keys_customer ON customer_keys (customer);
    CREATE TABLE IF NOT EXISTS erasures (customer TEXT NOT NULL, serial TEXT NOT NULL, erased_at TEXT NOT NULL, PRIMARY KEY (customer, serial));
  `);
}

/** A key store's whole content, as a backup holds it (binary values in base64). */
export interface KeyStoreDump {
  secret: string;
  keys: Array<{ key_id: string; customer: string | null; key: string; serial: string }>;
  erasures: KeptErasure[];
}

/** An erasure kept beside the keys or in the erasure journal (api/erasure/journal.ts). */
export interface KeptErasure {
  customer: string;
  serial: string;
  erased_at: string;
}

/** Every row of keys.db, read in one read transaction; null when the file has no secret yet. */
export function dumpSqliteKeyStore(filePath: string): KeyStoreDump | null {
  const db = new Database(filePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.transaction(() => {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
      if (!tables.includes('secret')) return null;
      const secret = db.prepare('SELECT value FROM secret WHERE id = 1').pluck().get() as Buffer | undefined;
      if (!secret) return null;
      const columns = db.prepare("SELECT name FROM pragma_table_info('customer_keys')").pluck().all();
      const keys = db
        .prepare(
          `SELECT key_id, ${columns.includes('customer') ? 'customer' : 'NULL AS customer'}, key, serial FROM customer_keys ORDER BY rowid`,
        )
        .all() as Array<{ key_id: string; customer: string | null; key: Buffer; serial: string }>;
      const erasures = tables.includes('erasures')
        ? (db.prepare('SELECT customer, serial, erased_at FROM erasures ORDER BY erased_at').all() as KeptErasure[])
        : [];
      return {
        secret: secret.toString('base64'),
        keys: keys.map((k) => ({ ...k, key: k.key.toString('base64') })),
        erasures,
      };
    })();
  } finally {
    db.close();
  }
}

/** Writes a dump into a new keys.db file (which must not exist), synced to disk when it returns. */
export function writeSqliteKeyStore(filePath: string, dump: KeyStoreDump): void {
  const db = new Database(filePath);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = FULL');
    db.transaction(() => {
      db.exec(`
        CREATE TABLE secret (id INTEGER PRIMARY KEY CHECK (id = 1), value BLOB NOT NULL);
        CREATE TABLE customer_keys (key_id TEXT PRIMARY KEY, key BLOB NOT NULL, serial TEXT NOT NULL, customer TEXT);
      `);
      createRest(db);
      db.prepare('INSERT INTO secret (id, value) VALUES (1, ?)').run(Buffer.from(dump.secret, 'base64'));
      const key = db.prepare('INSERT INTO customer_keys (key_id, customer, key, serial) VALUES (?, ?, ?, ?)');
      for (const k of dump.keys) key.run(k.key_id, k.customer, Buffer.from(k.key, 'base64'), k.serial);
      const erasure = db.prepare('INSERT OR IGNORE INTO erasures (customer, serial, erased_at) VALUES (?, ?, ?)');
      for (const e of dump.erasures) erasure.run(e.customer, e.serial, e.erased_at);
    })();
  } finally {
    db.close();
  }
}
