import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import type { NewEvent } from '../../domain/eventStore.js';
import { eventStoreContract } from './eventStore.contract.js';

const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-es-'));
  return { file: join(dir, 'events.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
};

eventStoreContract('SQLite', async () => {
  const { file, remove } = tempFile();
  const store = openSqliteEventStore(file, { pollIntervalMs: 50 });
  return { store, cleanup: async () => (await store.close(), remove()) };
});

const event = (type: string): NewEvent => ({ id: randomUUID(), type, data: {}, metadata: { actor: 'test', timestamp: new Date().toISOString() } });

describe('the SQLite event store', () => {
  it('keeps its events across close and reopen', async () => {
    const { file, remove } = tempFile();
    const first = openSqliteEventStore(file);
    await first.append('s', [event('A'), event('B')], 'no_stream');
    await first.close();
    const second = openSqliteEventStore(file);
    expect((await second.readStream('s')).map((e) => e.type)).toEqual(['A', 'B']);
    await second.close();
    remove();
  });

  it('commits concurrent appends together (group commit), each checked on its own', async () => {
    const { file, remove } = tempFile();
    const store = openSqliteEventStore(file);
    const before = store.commits;
    const results = await Promise.allSettled([
      ...Array.from({ length: 200 }, (_, i) => store.append(`s-${i}`, [event('A')], 'no_stream')),
      store.append('s-0', [event('late')], 5), // conflicts: fails alone
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(200);
    expect(results[200]!.status).toBe('rejected');
    expect(store.commits - before).toBeLessThan(10);
    await store.close();
    remove();
  });

  it('shows a second process on the same file the first one’s appends', async () => {
    const { file, remove } = tempFile();
    const writer = openSqliteEventStore(file);
    const reader = openSqliteEventStore(file, { pollIntervalMs: 20 });
    const subscription = reader.subscribeToAll(0);
    const iterator = subscription[Symbol.asyncIterator]();
    await writer.append('shared', [event('from-writer')], 'no_stream');
    const next = await iterator.next();
    expect(next.value?.type).toBe('from-writer');
    await subscription.close();
    await writer.close();
    await reader.close();
    remove();
  });
});
