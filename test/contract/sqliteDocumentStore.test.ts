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

  it('keeps documents, checkpoints and indexes across close and reopen', async () => {
    const file = fresh();
    const first = open(file);
    await first.ensureIndex('c', 'v');
    await first.commit([{ op: 'put', collection: 'c', doc: { id: 'a', v: 'ä', ok: true } }], { projection: 'p', position: 9 });
    await first.close();
    const second = open(file);
    expect(await second.get('c', 'a')).toEqual({ id: 'a', v: 'ä', ok: true });
    expect(await second.getCheckpoint('p')).toBe(9);
    expect((await second.find('c', { v: 'ä', ok: true })).map((d) => d.id)).toEqual(['a']);
    await second.ensureIndex('c', 'v');
    expect(indexesOn(raw(file))).toHaveLength(1);
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

  it('builds partial expression indexes, one per collection and field', async () => {
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
    expect(sql).toContainEqual(expect.stringMatching(/ON docs \(json_extract\(doc, '\$\.booking_date'\)\) WHERE collection = 'bookings_v1'$/));
    expect(sql).toContainEqual(expect.stringMatching(/'\$\.c'\)\) WHERE collection = 'a_b'$/));
    expect(sql).toContainEqual(expect.stringMatching(/'\$\.b_c'\)\) WHERE collection = 'a'$/));
  });

  it('answers queries on indexed fields over many rows as a scan would', async () => {
    const store = open(fresh());
    await store.ensureIndex('c', 'day');
    await store.ensureIndex('c', 'flag');
    const writes = Array.from({ length: 300 }, (_, i) => ({ op: 'put' as const, collection: 'c', doc: { id: `d${i}`, day: i % 30, flag: i % 2 === 0 } }));
    await store.commit([...writes, { op: 'put', collection: 'other', doc: { id: 'x', day: 5, flag: true } }]);
    expect((await store.find('c', { day: 5 })).map((d) => d.id)).toEqual(['d125', 'd155', 'd185', 'd215', 'd245', 'd275', 'd35', 'd5', 'd65', 'd95']);
    expect((await store.find('c', { day: 5, flag: false }, { sort: [['day', -1]], limit: 2 })).map((d) => d.id)).toEqual(['d125', 'd155']);
    expect(await store.count('c', { day: { $gte: 28 }, flag: true })).toBe(10);
    expect(await store.count('c', { flag: true, day: { $in: [1, 2, 4] } })).toBe(20);
    expect(await store.count('c', { day: { $in: [] } })).toBe(0);
  });

  it('reuses an index made under an older naming scheme instead of adding a second one', async () => {
    const file = fresh();
    const db = raw(file);
    db.exec(`CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, UNIQUE (collection, id));
             CREATE INDEX docs_c_day ON docs (json_extract(doc, '$.day')) WHERE collection = 'c'`);
    const store = open(file);
    await store.ensureIndex('c', 'day');
    expect(indexesOn(db)).toHaveLength(1);
    await store.commit([{ op: 'put', collection: 'c', doc: { id: 'a', day: 1 } }]);
    expect((await store.find('c', { day: 1 })).map((d) => d.id)).toEqual(['a']);
  });

  it('rejects a limit that is not a whole number', async () => {
    const store = open(fresh());
    await expect(store.find('c', {}, { limit: -1 })).rejects.toThrow();
    await expect(store.find('c', {}, { limit: 1.5 })).rejects.toThrow();
  });
});

function indexesOn(db: Database.Database): string[] {
  return (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'docs' AND sql IS NOT NULL").all() as Array<{ sql: string }>).map((r) => r.sql);
}
