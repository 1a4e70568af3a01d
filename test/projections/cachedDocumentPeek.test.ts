// The read-model cache's synchronous peek (the polled availability query answers from it): what
// get would answer when the cache holds it, undefined when a read is needed, and never a document
// a commit has changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedDocumentStore } from '../../read-models/cachedDocumentStore.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';

describe('the read-model cache peek', () => {
  let dir: string;
  let store: ReturnType<typeof openSqliteDocumentStore>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-peek-'));
    store = openSqliteDocumentStore(join(dir, 'read-models.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers what get answered, until a commit or forget changes it', async () => {
    const docs = cachedDocumentStore(store, ['days'], 3);
    expect(docs.peek!('days', '2026-12-09')).toBeUndefined();
    expect(await docs.get('days', '2026-12-09')).toBeNull();
    expect(docs.peek!('days', '2026-12-09')).toBeNull();
    await docs.commit([{ op: 'put', collection: 'days', doc: { id: '2026-12-09', n: 1 } }]);
    expect(docs.peek!('days', '2026-12-09')).toBeUndefined();
    const day = await docs.get('days', '2026-12-09');
    expect(docs.peek!('days', '2026-12-09')).toBe(day);
    // Not a cached collection: always a read.
    await docs.get('bookings', 'b1');
    expect(docs.peek!('bookings', 'b1')).toBeUndefined();
    docs.forget(new Set(['days']));
    expect(docs.peek!('days', '2026-12-09')).toBeUndefined();
  });

  it('holds at most its bound and counts what it holds', async () => {
    const docs = cachedDocumentStore(store, ['days'], 3);
    for (const id of ['a', 'b', 'c']) await docs.get('days', id);
    expect(docs.cacheUse()).toEqual({ entries: 3, max_entries: 3 });
    await docs.get('days', 'a');
    expect(docs.cacheUse().entries).toBe(3);
    await docs.get('days', 'd');
    expect(docs.cacheUse().entries).toBe(1);
    expect(docs.peek!('days', 'a')).toBeUndefined();
    await docs.commit([{ op: 'delete', collection: 'days', id: 'd' }]);
    expect(docs.cacheUse().entries).toBe(0);
  });
});
