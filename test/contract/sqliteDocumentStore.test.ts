import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  it('keeps documents and checkpoints across close and reopen', async () => {
    const { file, remove } = tempFile();
    const first = openSqliteDocumentStore(file);
    await first.commit([{ op: 'put', collection: 'c', doc: { id: 'a', v: 'ä' } }], { projection: 'p', position: 9 });
    await first.close();
    const second = openSqliteDocumentStore(file);
    expect(await second.get('c', 'a')).toEqual({ id: 'a', v: 'ä' });
    expect(await second.getCheckpoint('p')).toBe(9);
    await second.close();
    remove();
  });

  it('applies neither writes nor checkpoint when one write fails', async () => {
    const { file, remove } = tempFile();
    const store = openSqliteDocumentStore(file);
    const unserialisable = { id: 'bad', n: 1n } as unknown as { id: string };
    await expect(
      store.commit(
        [
          { op: 'put', collection: 'c', doc: { id: 'good' } },
          { op: 'put', collection: 'c', doc: unserialisable },
        ],
        { projection: 'p', position: 5 },
      ),
    ).rejects.toThrow();
    expect(await store.get('c', 'good')).toBeNull();
    expect(await store.getCheckpoint('p')).toBe(0);
    await store.close();
    remove();
  });

  it('refuses collection and field names that could inject SQL', async () => {
    const { file, remove } = tempFile();
    const store = openSqliteDocumentStore(file);
    await expect(store.find("c'; DROP TABLE docs; --")).rejects.toThrow();
    await expect(store.find('c', { "x') OR 1=1 --": 1 })).rejects.toThrow();
    await store.close();
    remove();
  });
});
