// The projection runner's side of a lease hand-over, in one process with two runners on one real
// SQLite store (as two API processes are): a leader that gives the lease up resolves follow()
// only once its last commit has landed, and a runner that takes over drops its cached documents
// before its first write, so it never builds on a document older than the checkpoint it starts from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { cachedDocumentStore } from '../../read-models/cachedDocumentStore.js';
import { ProjectionRunner, type RunnerOptions } from '../../projections/runner.js';
import type { Projection } from '../../projections/projection.js';
import type { EventStore } from '../../domain/eventStore.js';
import type { Doc } from '../../read-models/documentStore.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const HEAD = 'test_head';
const counter: Projection = {
  name: 'counter_v1',
  collections: ['counters'],
  eventTypes: new Set(['Counted']),
  apply: (event, batch) =>
    batch.update<Doc & { n: number }>('counters', 'c', event, (current) => ({ id: 'c', n: (current?.n ?? 0) + 1 })),
};

function stores() {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-leader-change-'));
  dirs.push(dir);
  const events = openSqliteEventStore(join(dir, 'events.db'));
  const store = openSqliteDocumentStore(join(dir, 'read-models.db'));
  return { events, store };
}

const count = (events: EventStore) =>
  events.append(
    'counter',
    [
      {
        id: randomUUID(),
        type: 'Counted',
        data: {},
        metadata: { actor: 'system', timestamp: new Date().toISOString() },
      },
    ],
    'any',
  );

describe('a projection runner handing the lease over', () => {
  it('resolves follow() only once the last commit of its lead has landed', async () => {
    const { events, store } = stores();
    const runner = new ProjectionRunner(events, store, [counter], {
      head: HEAD,
      follow: true,
      pollIntervalMs: 20,
      testDelays: { commitMs: 400 },
    });
    await runner.start();
    runner.lead();
    // The page holding the event was read: its commit is now on its way (400 ms late).
    const read = vi.spyOn(events, 'readAll');
    const { position } = await count(events);
    runner.wake();
    await expect
      .poll(async () => {
        for (const result of read.mock.results)
          if ((await (result.value as ReturnType<EventStore['readAll']>)).some((e) => e.position === position))
            return true;
        return false;
      })
      .toBe(true);
    await runner.follow();
    // Given up: everything it projected is stored, so the next leader starts after it.
    expect(await store.getCheckpoint(HEAD)).toBe(position);
    expect((await store.get<Doc & { n: number }>('counters', 'c'))?.n).toBe(1);
    await runner.stop();
    await events.close();
    await store.close();
  });

  it('drops its cached documents before its first write as the new leader', async () => {
    const { events, store } = stores();
    // Two processes: each its own cache in front of the one store.
    const processOf = (options: RunnerOptions) => {
      const docs = cachedDocumentStore(store, ['counters']);
      const all = new Set(['counters']);
      const runner = new ProjectionRunner(events, docs, [counter], {
        head: HEAD,
        pollIntervalMs: 20,
        onFollowed: (collections) => docs.forget(collections),
        onLead: () => docs.forget(all),
        ...options,
      });
      return { docs, runner };
    };
    const a = processOf({});
    // b follows far behind (it looks at a's head only every 60 s), as a loaded follower may.
    const b = processOf({ follow: true, testDelays: { followMs: 60_000 } });
    await a.runner.start();
    await b.runner.start();

    await a.runner.waitFor((await count(events)).position);
    // b reads (and caches) the counter as it is now: 1.
    expect((await b.docs.get<Doc & { n: number }>('counters', 'c'))?.n).toBe(1);
    await a.runner.waitFor((await count(events)).position);
    expect((await store.get<Doc & { n: number }>('counters', 'c'))?.n).toBe(2);

    // a gives the lease up, b takes it over and projects the next event from the stored checkpoint.
    await a.runner.follow();
    b.runner.lead();
    await b.runner.waitFor((await count(events)).position);
    expect((await store.get<Doc & { n: number }>('counters', 'c'))?.n).toBe(3);

    await a.runner.stop();
    await Promise.race([b.runner.stop(), new Promise((resolve) => setTimeout(resolve, 100))]);
    await events.close();
    await store.close();
  });
});
