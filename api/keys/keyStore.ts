// The customers' keys (rule: erasure): one AES-256 key per customer, kept apart from the event
// log, so that deleting a key erases that customer from every event without touching the log.
// The embedded default keeps them in DATA_DIR/keys.db (below); production in a MongoDB
// collection of its own (api/keys/mongoKeyStore.ts).
//
// A customer is known here only by a key id: an HMAC-SHA256 of their normalised e-mail under a
// secret kept in the same store, so the ids in the log and the stream names tell nothing about
// who they are, and no one holding only the log can test an address against them.
//
// Each key also has a serial, recorded by the erasure event: deleting "the key that held the
// data when the erasure was decided" then never deletes a newer key of the same customer (one who
// booked again), however often the erasure is replayed.
import { createHmac, randomBytes } from 'node:crypto';
import { close as closeFd, fsync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { normaliseEmail } from '../../domain/customers/personalData.js';

export interface CustomerKey {
  key: Buffer;
  serial: string;
  /** A key just made: resolves once it is on disk. Absent for a key that was there already. */
  written?: Promise<void>;
}

export interface KeyStore {
  /** The customer's key id (what the log and the streams name them by). */
  keyIdOf(email: string): string;
  /**
   * The customer's key, made on first use. A new key's `written` says when it is on disk: the
   * sealing layer lets the event's append run meanwhile and answers once both are durable, so a
   * new customer's booking waits for the two fsyncs side by side rather than one after the other.
   */
  keyFor(keyId: string): Promise<CustomerKey>;
  /** The keys that exist among these ids: an erased customer's is absent. */
  keysOf(keyIds: Iterable<string>): Promise<Map<string, Buffer>>;
  /** The serial of the customer's key, null when they have none (never sealed, or erased). */
  serialOf(keyId: string): Promise<string | null>;
  /** Deletes that key for good (no copy left in the file); false when it was gone already. */
  erase(keyId: string, serial: string): Promise<boolean>;
  close(): Promise<void>;
}

export const keyIdWith = (secret: Buffer) => (email: string) =>
  createHmac('sha256', secret).update(normaliseEmail(email)).digest('base64url').slice(0, 32);

export const newKey = (): CustomerKey => ({ key: randomPool(32), serial: randomPool(9).toString('base64url') });

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
 * keys.db: WAL, synchronous=NORMAL with the WAL fsynced off the event loop (as the event store
 * does: a bench of 32 clients, each booking a new customer, must not block the main thread on an
 * fsync per key). secure_delete overwrites a deleted key's
 * bytes in the file, and a checkpoint after each erasure truncates the WAL that still held it.
 */
export function openSqliteKeyStore(filePath: string): KeyStore {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('secure_delete = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS secret (id INTEGER PRIMARY KEY CHECK (id = 1), value BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS customer_keys (key_id TEXT PRIMARY KEY, key BLOB NOT NULL, serial TEXT NOT NULL);
  `);
  // The first process on a new store makes the secret; every later one (and every other process)
  // reads the same. A full checkpoint puts it in the database file before anything uses it.
  db.prepare('INSERT OR IGNORE INTO secret (id, value) VALUES (1, ?)').run(randomBytes(32));
  db.pragma('wal_checkpoint(FULL)');
  const secret = (db.prepare('SELECT value FROM secret WHERE id = 1').get() as { value: Buffer }).value;

  const select = db.prepare<[string], { key: Buffer; serial: string }>(
    'SELECT key, serial FROM customer_keys WHERE key_id = ?',
  );
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
  const insert = db.prepare<[string, Buffer, string]>(
    'INSERT OR IGNORE INTO customer_keys (key_id, key, serial) VALUES (?, ?, ?)',
  );
  // New customers' keys arriving in one turn of the event loop go in one transaction (a
  // transaction per key was 40 µs a booking in a profile of a rush of new customers).
  let queued: Array<{
    keyId: string;
    made: CustomerKey;
    resolve: (key: CustomerKey) => void;
    reject: (error: unknown) => void;
  }> = [];
  const insertAll = db.transaction((items: typeof queued) =>
    items.map(({ keyId, made }) => (insert.run(keyId, made.key, made.serial).changes > 0 ? made : select.get(keyId)!)),
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
  const remove = db.prepare<[string, string]>('DELETE FROM customer_keys WHERE key_id = ? AND serial = ?');

  // One fsync of the WAL at a time; callers arriving while it runs share the next one.
  let walFd: number | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const fsyncWal = () =>
    new Promise<void>((resolve, reject) => {
      try {
        walFd ??= openSync(`${filePath}-wal`, 'r');
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      fsync(walFd, (error) => (error ? reject(error) : resolve()));
    });
  const synced = (): Promise<void> => {
    if (!running) {
      running = fsyncWal().finally(() => (running = null));
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return synced();
      });
    return next;
  };

  return {
    keyIdOf: keyIdWith(secret),
    async keyFor(keyId) {
      const found = select.get(keyId);
      if (found) return found;
      // Another process (or another booking this turn) may make the same customer's key at the
      // same moment: the first insert wins and every caller gets its key.
      return new Promise<CustomerKey>((resolve, reject) => {
        if (queued.length === 0) setImmediate(flushInserts);
        queued.push({ keyId, made: newKey(), resolve, reject });
      });
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
    async serialOf(keyId) {
      return select.get(keyId)?.serial ?? null;
    },
    async erase(keyId, serial) {
      const erased = remove.run(keyId, serial).changes > 0;
      // The deleted row's page is zeroed (secure_delete); its frames in the WAL go with the truncation.
      if (erased) db.pragma('wal_checkpoint(TRUNCATE)');
      return erased;
    },
    async close() {
      await running?.catch(() => {});
      if (walFd !== null) closeFd(walFd, () => {});
      db.close();
    },
  };
}
