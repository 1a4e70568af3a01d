// The event store contract against the embedded SQLite adapter (a fresh file per test), plus what
// only this adapter promises: a real file that survives a restart, other processes on the same
// file, and group commit.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from '../../domain/eventStore.js';
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

const event = (type: string, data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', timestamp: '2026-11-23T08:00:00.000Z' },
});

/** A fresh store on a fresh file, removed after the test body ran (also when it failed). */
async function withStore<T>(body: (store: ReturnType<typeof openSqliteEventStore>, file: string) => Promise<T>) {
  const { file, remove } = tempFile();
  const store = openSqliteEventStore(file, { pollIntervalMs: 20 });
  try {
    return await body(store, file);
  } finally {
    await store.close();
    remove();
  }
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function take(iterator: AsyncIterator<RecordedEvent>, n: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  while (out.length < n) {
    const next = await iterator.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('the SQLite event store', () => {
  it('is a WAL-mode file whose positions start at 1 on an empty store', () =>
    withStore(async (store, file) => {
      expect(await store.headPosition()).toBe(0);
      const result = await store.append('s', [event('A')], 'no_stream');
      expect(result).toEqual({ nextRevision: 0, position: 1 });
      expect(await store.headPosition()).toBe(1);
      const raw = new Database(file, { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(raw.prepare('SELECT stream, revision, type FROM events').all()).toEqual([
          { stream: 's', revision: 0, type: 'A' },
        ]);
      } finally {
        raw.close();
      }
    }));

  it('keeps its events, revisions and positions across close and reopen', async () => {
    const { file, remove } = tempFile();
    try {
      const first = openSqliteEventStore(file);
      await first.append('s', [event('A'), event('B')], 'no_stream');
      const before = await first.append('t', [event('C')], 'no_stream');
      await first.close();

      const second = openSqliteEventStore(file);
      expect((await second.readStream('s')).map((e) => [e.type, e.revision])).toEqual([
        ['A', 0],
        ['B', 1],
      ]);
      expect(await second.headPosition()).toBe(before.position);
      await expect(second.append('s', [event('D')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const after = await second.append('s', [event('D')], 1);
      expect(after.nextRevision).toBe(2);
      expect(after.position).toBeGreaterThan(before.position);
      await second.close();
    } finally {
      remove();
    }
  });

  it('writes the appends already accepted when closed, and refuses appends after close', async () => {
    const { file, remove } = tempFile();
    try {
      const store = openSqliteEventStore(file);
      const pending = store.append('s', [event('accepted')], 'no_stream');
      await store.close();
      expect((await pending).nextRevision).toBe(0);
      await expect(store.append('s', [event('too-late')], 0)).rejects.toThrow(/closed/);
      const reopened = openSqliteEventStore(file);
      expect((await reopened.readStream('s')).map((e) => e.type)).toEqual(['accepted']);
      await reopened.close();
    } finally {
      remove();
    }
  });

  it('shows a second process on the same file the first one’s appends (polling)', async () => {
    const { file, remove } = tempFile();
    const writer = openSqliteEventStore(file);
    const reader = openSqliteEventStore(file, { pollIntervalMs: 20 });
    const subscription = reader.subscribeToAll(0);
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      await writer.append('shared', [event('one')], 'no_stream');
      expect((await within(5_000, 'the first event via polling', take(iterator, 1))).map((e) => e.type)).toEqual([
        'one',
      ]);
      // Now live: nothing local wakes the reader, only its poll can find these.
      await writer.append('shared', [event('two'), event('three')], 0);
      const next = await within(5_000, 'two more events via polling', take(iterator, 2));
      expect(next.map((e) => [e.type, e.revision])).toEqual([
        ['two', 1],
        ['three', 2],
      ]);
      expect(next[1].position).toBe(await writer.headPosition());
    } finally {
      await subscription.close();
      await writer.close();
      await reader.close();
      remove();
    }
  });

  it('wakes its own live subscriptions on append, without waiting for the poll', async () => {
    const { file, remove } = tempFile();
    // A poll this slow never fires during the test: only the local wake-up can deliver.
    const store = openSqliteEventStore(file, { pollIntervalMs: 600_000 });
    const subscription = store.subscribeToAll(0);
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      const first = iterator.next();
      await new Promise((resolve) => setTimeout(resolve, 20)); // the subscription is live and asleep
      await store.append('s', [event('A')], 'no_stream');
      expect((await within(5_000, 'the local wake-up', first)).value?.type).toBe('A');
      const second = iterator.next();
      await store.append('s', [event('B')], 0);
      expect((await within(5_000, 'the local wake-up', second)).value?.type).toBe('B');
    } finally {
      await subscription.close();
      await store.close();
      remove();
    }
  });

  it('lets several processes append to one stream of one file without a lost or failed append', async () => {
    const { file, remove } = tempFile();
    const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
    const child = join(dirname(file), 'appender.mts');
    // Each process runs 8 concurrent appenders, so batches of different processes race for the
    // write lock; a batch that read under a stale snapshot would fail with SQLITE_BUSY.
    writeFileSync(
      child,
      `import { randomUUID } from 'node:crypto';
       import { openSqliteEventStore } from ${JSON.stringify(join(repo, 'api/eventStore/sqlite.ts'))};
       const [file, who] = process.argv.slice(2);
       const store = openSqliteEventStore(file);
       const failures = [];
       await Promise.all(Array.from({ length: 8 }, async (_, w) => {
         for (let i = 0; i < 60; i++) {
           const e = { id: randomUUID(), type: who, data: { w, i }, metadata: { actor: who, timestamp: '2026-11-23T08:00:00.000Z' } };
           await store.append('shared', [e], 'any').catch((error) => failures.push(String(error)));
         }
       }));
       await store.close();
       console.log(JSON.stringify(failures));`,
    );
    try {
      await openSqliteEventStore(file).close(); // the schema exists before the processes race
      const run = promisify(execFile);
      const outputs = await Promise.all(
        ['p1', 'p2', 'p3'].map((who) =>
          run(process.execPath, ['--import', 'tsx', child, file, who], { cwd: repo, timeout: 60_000 }),
        ),
      );
      expect(outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()!))).toEqual([[], [], []]);
      const store = openSqliteEventStore(file);
      const events = await store.readStream('shared');
      await store.close();
      expect(events).toHaveLength(3 * 8 * 60);
      expect(events.every((e, i) => e.revision === i)).toBe(true);
      for (const who of ['p1', 'p2', 'p3']) expect(events.filter((e) => e.type === who)).toHaveLength(480);
    } finally {
      remove();
    }
  });

  it('ends its subscriptions when the store closes', async () => {
    const { file, remove } = tempFile();
    const store = openSqliteEventStore(file);
    try {
      await store.append('s', [event('A')], 'no_stream');
      const types: string[] = [];
      const loop = (async () => {
        for await (const e of store.subscribeToAll(0)) types.push(e.type);
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await store.close();
      await within(5_000, 'the subscription to end with the store', loop);
      expect(types).toEqual(['A']);
    } finally {
      remove();
    }
  });

  describe('group commit', () => {
    it('commits 200 concurrent appends to 200 streams in far fewer transactions, all successful', () =>
      withStore(async (store) => {
        const before = store.commits;
        const results = await Promise.allSettled(
          Array.from({ length: 200 }, (_, i) => store.append(`s-${i}`, [event('A')], 'no_stream')),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(200);
        expect(store.commits - before).toBeGreaterThan(0);
        expect(store.commits - before).toBeLessThan(10);
        const positions = results.map((r) => (r as PromiseFulfilledResult<{ position: number }>).value.position);
        expect(new Set(positions).size).toBe(200);
        expect(await store.headPosition()).toBe(200);
      }));

    it('checks appends to one stream in one batch in arrival order, each seeing the ones before it', () =>
      withStore(async (store) => {
        const before = store.commits;
        const [first, second, stale, third] = await Promise.allSettled([
          store.append('s', [event('A')], 'no_stream'),
          store.append('s', [event('B')], 0),
          store.append('s', [event('C')], 0),
          store.append('s', [event('D')], 'stream_exists'),
        ]);
        expect(store.commits - before).toBe(1);
        expect(first).toMatchObject({ status: 'fulfilled', value: { nextRevision: 0 } });
        expect(second).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1 } });
        expect(stale.status).toBe('rejected');
        expect((stale as PromiseRejectedResult).reason).toMatchObject({ actual: 1, expected: 0 });
        expect(third).toMatchObject({ status: 'fulfilled', value: { nextRevision: 2 } });
        expect((await store.readStream('s')).map((e) => e.type)).toEqual(['A', 'B', 'D']);
      }));

    it('fails an append that cannot be stored alone, keeping the rest of its batch', () =>
      withStore(async (store) => {
        const results = await Promise.allSettled([
          store.append('a', [event('A')], 'no_stream'),
          // A BigInt cannot be written as JSON: this append throws inside the batch transaction.
          store.append('b', [event('ok'), event('B', { n: 1n })], 'no_stream'),
          store.append('c', [event('C')], 'no_stream'),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect(await store.readStream('b')).toEqual([]);
        expect((await store.readStream('c')).map((e) => e.type)).toEqual(['C']);
      }));

    it('answers the same append twice in one batch once, storing it once', () =>
      withStore(async (store) => {
        const events = [event('A'), event('B')];
        const [one, two] = await Promise.all([
          store.append('s', events, 'no_stream'),
          store.append('s', events, 'no_stream'),
        ]);
        expect(two).toEqual(one);
        expect(await store.readStream('s')).toHaveLength(2);
      }));
  });

  it('refuses a partial overlap with stored events as a conflict and writes nothing', () =>
    withStore(async (store) => {
      const a = event('A');
      await store.append('s', [a], 'no_stream');
      const error = await store.append('s', [a, event('B')], 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(0);
      // The same id in another stream is no retry of that append either.
      await expect(store.append('other', [a], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream('s')).map((e) => e.type)).toEqual(['A']);
      expect(await store.readStream('other')).toEqual([]);
    }));
});
