import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { documentStoreContract } from './documentStore.contract.js';

const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-rm-'));
  return { file: join(dir, 'read-models.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
};

documentStoreContract('SQLite', async () => {
  const { file, remove } = tempFile();
  const store = openSqliteDocumentStore(file);
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describe('the SQLite read-model store', () => {
  // Whatever a test opens is closed and removed even when it fails halfway.
  const opened: Array<{ close(): unknown }> = [];
  const removals: Array<() => void> = [];
  const fresh = () => {
    const temp = tempFile();
    removals.push(temp.remove);
    return temp.file;
  };
  const open = (file: string): DocumentStore => {
    const store = openSqliteDocumentStore(file);
    opened.push(store);
    return store;
  };
  const raw = (file: string) => {
    const db = new Database(file);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
    for (const remove of removals.splice(0)) remove();
  });

  it('applies commits in the order they were made when a large one (on the writer thread) is still under way', async () => {
    const file = fresh();
    const store = open(file);
    const many = (v: number) =>
      Array.from({ length: 600 }, (_, i) => ({ op: 'put' as const, collection: 'c', doc: { id: `d${i}`, v } }));
    const first = store.commit(many(1), { projection: 'p', position: 1 });
    // Made while the first is under way: after it, and before the large one made after it.
    const doc = { id: 'd0', v: 2 };
    const second = store.commit(
      [
        { op: 'put', collection: 'c', doc },
        { op: 'delete', collection: 'c', id: 'd1' },
        { op: 'delete', collection: 'c', id: 'd2' },
      ],
      { projection: 'p', position: 2 },
    );
    doc.v = 99; // the JSON was made when the commit was
    const third = store.commit(many(3).slice(1), { projection: 'p', position: 3 });
    const reset = store.reset(['c'], 'q');
    const fourth = store.commit([{ op: 'put', collection: 'c', doc: { id: 'after', v: 4 } }]);
    const seen: string[] = [];
    await Promise.all([first, second, third, reset, fourth].map((done, i) => done.then(() => seen.push(String(i)))));
    expect(seen).toEqual(['0', '1', '2', '3', '4']);
    // The reset cleared what came before it, only that.
    expect(await store.count('c')).toBe(1);
    expect(await store.get('c', 'after')).toEqual({ id: 'after', v: 4 });
    expect(await store.getCheckpoint('p')).toBe(3);
    await store.commit(many(5).slice(0, 300));
    await store.commit([{ op: 'delete', collection: 'c', id: 'd0' }]);
    expect(await store.get('c', 'd1')).toEqual({ id: 'd1', v: 5 });
    expect(await store.get('c', 'd0')).toBeNull();
    await store.close();
    // Closed with the writer thread: the process is not kept alive, the file reopens.
    expect(await open(file).count('c')).toBe(300);
  });

  it('keeps documents, checkpoints and indexes across close and reopen', async () => {
    const file = fresh();
    const first = open(file);
    await first.ensureIndex('c', 'v');
    await first.commit([{ op: 'put', collection: 'c', doc: { id: 'a', v: 'ä', ok: true } }], {
      projection: 'p',
      position: 9,
    });
    await first.close();
    const second = open(file);
    expect(await second.get('c', 'a')).toEqual({ id: 'a', v: 'ä', ok: true });
    expect(await second.getCheckpoint('p')).toBe(9);
    expect((await second.find('c', { v: 'ä', ok: true })).map((d) => d.id)).toEqual(['a']);
    await second.ensureIndex('c', 'v');
    expect(indexesOn(raw(file))).toHaveLength(1);
  });

  it('lets finished leases and claims go after their retention, and abandoned ones a retention after they ran out', async () => {
    const file = fresh();
    const store = openSqliteDocumentStore(file, { leaseRetentionMs: 100 });
    opened.push(store);
    expect(await store.lease('mail', 'sent', 'a', 60_000)).toBe('ours');
    await store.endLease('mail', 'sent', 'a', 'done');
    expect(await store.lease('mail', 'abandoned', 'a', 1)).toBe('ours');
    expect(await store.lease('reactor', 'mail_v1', 'a', 60_000)).toBe('ours');
    // Within the retention a finished claim still says done.
    expect(await store.lease('mail', 'sent', 'b', 60_000)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.lease('reactor', 'mail_v1', 'a', 60_000)).toBe('ours'); // purges on the way
    const rows = raw(file).prepare('SELECT scope, id FROM leases ORDER BY scope, id').all();
    expect(rows).toEqual([{ scope: 'reactor', id: 'mail_v1' }]);
  });

  it('is in WAL mode, so a second connection reads while one writes', async () => {
    const file = fresh();
    const writer = open(file);
    const reader = open(file);
    await writer.commit([{ op: 'put', collection: 'c', doc: { id: 'a' } }], { projection: 'p', position: 1 });
    expect(await reader.get('c', 'a')).toEqual({ id: 'a' });
    expect(await reader.getCheckpoint('p')).toBe(1);
    expect(raw(file).pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('applies neither writes nor checkpoint when one write fails', async () => {
    const store = open(fresh());
    await store.commit([{ op: 'put', collection: 'c', doc: { id: 'before', v: 1 } }], { projection: 'p', position: 2 });
    const unserialisable = { id: 'bad', n: 1n } as unknown as { id: string };
    await expect(
      store.commit(
        [
          { op: 'put', collection: 'c', doc: { id: 'good' } },
          { op: 'put', collection: 'c', doc: { id: 'before', v: 2 } },
          { op: 'delete', collection: 'c', id: 'before' },
          { op: 'put', collection: 'c', doc: unserialisable },
        ],
        { projection: 'p', position: 5 },
      ),
    ).rejects.toThrow();
    expect(await store.get('c', 'good')).toBeNull();
    expect(await store.get('c', 'before')).toEqual({ id: 'before', v: 1 });
    expect(await store.getCheckpoint('p')).toBe(2);
    // The store stays usable after the rolled-back transaction.
    await store.commit([{ op: 'put', collection: 'c', doc: { id: 'after' } }], { projection: 'p', position: 6 });
    expect(await store.getCheckpoint('p')).toBe(6);
  });

  it('rolls back a batch with a document without an id', async () => {
    const store = open(fresh());
    const noId = { v: 1 } as unknown as { id: string };
    await expect(
      store.commit(
        [
          { op: 'put', collection: 'c', doc: { id: 'good' } },
          { op: 'put', collection: 'c', doc: noId },
        ],
        { projection: 'p', position: 5 },
      ),
    ).rejects.toThrow();
    expect(await store.count('c')).toBe(0);
    expect(await store.getCheckpoint('p')).toBe(0);
  });

  it('keeps each collection in a table of its own with its own expression indexes', async () => {
    const file = fresh();
    const store = open(file);
    await store.ensureIndex('bookings_v1', 'booking_date');
    await store.ensureIndex('bookings_v1', 'booking_date');
    // Names that would collide if joined with '_' alone.
    await store.ensureIndex('a_b', 'c');
    await store.ensureIndex('a', 'b_c');
    await store.ensureIndex('bookings_v1', 'id'); // the primary key serves it
    const sql = indexesOn(raw(file));
    expect(sql).toHaveLength(3);
    expect(sql).toContainEqual(
      `CREATE INDEX "docs:bookings_v1:booking_date" ON "docs:bookings_v1" (json_extract(doc, '$.booking_date'))`,
    );
    expect(sql).toContainEqual(`CREATE INDEX "docs:a_b:c" ON "docs:a_b" (json_extract(doc, '$.c'))`);
    expect(sql).toContainEqual(`CREATE INDEX "docs:a:b_c" ON "docs:a" (json_extract(doc, '$.b_c'))`);
  });

  it('clears a collection on reset without touching the others', async () => {
    const store = open(fresh());
    await store.ensureIndex('c', 'v');
    const docs = (collection: string) =>
      Array.from({ length: 50 }, (_, i) => ({ op: 'put' as const, collection, doc: { id: `d${i}`, v: i % 5 } }));
    await store.commit(
      [...docs('c'), ...docs('keep')],
      [
        { projection: 'p', position: 4 },
        { projection: 'q', position: 4 },
      ],
    );
    await store.reset(['c', 'never_written'], 'p');
    expect(await store.count('c')).toBe(0);
    expect(await store.find('c', { v: 1 })).toEqual([]);
    expect(await store.count('keep')).toBe(50);
    expect(await store.getCheckpoint('p')).toBe(0);
    expect(await store.getCheckpoint('q')).toBe(4);
    await store.commit([{ op: 'put', collection: 'c', doc: { id: 'again', v: 1 } }]);
    expect((await store.find('c', { v: 1 })).map((d) => d.id)).toEqual(['again']);
  });

  it('sees a collection another connection created after it opened', async () => {
    const file = fresh();
    const reader = open(file);
    expect(await reader.get('late', 'a')).toBeNull();
    expect(await reader.count('late')).toBe(0);
    const writer = open(file);
    await writer.ensureIndex('late', 'v');
    await writer.commit([{ op: 'put', collection: 'late', doc: { id: 'a', v: 1 } }]);
    expect(await reader.get('late', 'a')).toEqual({ id: 'a', v: 1 });
    expect((await reader.find('late', { v: 1 })).map((d) => d.id)).toEqual(['a']);
  });

  it('answers queries on indexed fields over many rows as a scan would', async () => {
    const store = open(fresh());
    await store.ensureIndex('c', 'day');
    await store.ensureIndex('c', 'flag');
    const writes = Array.from({ length: 300 }, (_, i) => ({
      op: 'put' as const,
      collection: 'c',
      doc: { id: `d${i}`, day: i % 30, flag: i % 2 === 0 },
    }));
    await store.commit([...writes, { op: 'put', collection: 'other', doc: { id: 'x', day: 5, flag: true } }]);
    expect((await store.find('c', { day: 5 })).map((d) => d.id)).toEqual([
      'd125',
      'd155',
      'd185',
      'd215',
      'd245',
      'd275',
      'd35',
      'd5',
      'd65',
      'd95',
    ]);
    expect(
      (await store.find('c', { day: 5, flag: false }, { sort: [['day', -1]], limit: 2 })).map((d) => d.id),
    ).toEqual(['d125', 'd155']);
    expect(await store.count('c', { day: { $gte: 28 }, flag: true })).toBe(10);
    expect(await store.count('c', { flag: true, day: { $in: [1, 2, 4] } })).toBe(20);
    expect(await store.count('c', { day: { $in: [] } })).toBe(0);
  });

  it('moves the documents of the older one-table layout into per-collection tables, checkpoints kept', async () => {
    const file = fresh();
    const db = raw(file);
    db.exec(`CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id));
             CREATE INDEX "docs:c:day" ON docs (json_extract(doc, '$.day')) WHERE collection = 'c';
             CREATE TABLE checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL);
             INSERT INTO docs VALUES ('c', 'a', '{"id":"a","day":1}'), ('c', 'b', '{"id":"b","day":2}'), ('mail_log_v1', 'm', '{"id":"m"}');
             INSERT INTO checkpoints VALUES ('c_v1', 7), ('mail_v1', 9);`);
    const store = open(file);
    await store.ensureIndex('c', 'day');
    expect((await store.find('c', { day: 1 })).map((d) => d.id)).toEqual(['a']);
    expect(await store.get('mail_log_v1', 'm')).toEqual({ id: 'm' });
    expect(await store.getCheckpoint('c_v1')).toBe(7);
    expect(await store.getCheckpoint('mail_v1')).toBe(9);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'docs'").get()).toBeUndefined();
    expect(indexesOn(db)).toEqual([`CREATE INDEX "docs:c:day" ON "docs:c" (json_extract(doc, '$.day'))`]);
    // Opening again finds nothing left to move.
    await store.close();
    expect(await open(file).count('c')).toBe(2);
  });

  it('rejects a limit that is not a whole number', async () => {
    const store = open(fresh());
    await expect(store.find('c', {}, { limit: -1 })).rejects.toThrow();
    await expect(store.find('c', {}, { limit: 1.5 })).rejects.toThrow();
  });
});

/** The read-model indexes we made (SQLite's own primary-key indexes have no sql). */
function indexesOn(db: Database.Database): string[] {
  return (
    db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'docs:%' AND sql IS NOT NULL")
      .all() as Array<{ sql: string }>
  ).map((r) => r.sql);
}
