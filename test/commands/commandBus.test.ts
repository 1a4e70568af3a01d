// The command bus keeps only the most recently used streams in memory; a stream it dropped is
// read again from the store, so its decisions still see every earlier event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandBus } from '../../api/commands/commandBus.js';
import { openSqliteEventStore, type SqliteEventStore } from '../../api/eventStore/sqlite.js';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';

// A set of names where each name may be added once: a decision that needs the whole history.
type Added = DomainEvent<'Added', { name: string }>;
const uniqueNames: Decider<{ add: string }, Added, Set<string>> = {
  initialState: () => new Set(),
  evolve: (names, event) => names.add(event.data.name),
  decide: ({ add }, names) => {
    if (names.has(add)) throw new DomainError(`${add} finns redan`);
    return [{ type: 'Added', data: { name: add } }];
  },
};

const meta = { actor: 'test', now: new Date('2026-11-23T08:00:00Z') };

describe('the command bus stream cache', () => {
  let dir: string;
  let store: SqliteEventStore;
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bus-'));
    store = openSqliteEventStore(join(dir, 'events.db'));
    return store;
  };

  it('holds at most maxCachedStreams streams and reads a dropped one again before deciding', async () => {
    const bus = new CommandBus(open(), { maxCachedStreams: 2 });
    for (const stream of ['s-1', 's-2', 's-3', 's-4']) await bus.handle(stream, uniqueNames, { add: 'a' }, meta);
    expect(bus.cachedStreams).toBe(2);

    // s-1 was dropped first: its history comes back from the store.
    await expect(bus.handle('s-1', uniqueNames, { add: 'a' }, meta)).rejects.toThrow('a finns redan');
    const { state, revision } = await bus.load('s-1', uniqueNames);
    expect([...state]).toEqual(['a']);
    expect(revision).toBe(0);
    expect(bus.cachedStreams).toBe(2);
  });

  it('holds at most maxCachedRecords records between the cached states: events, or what the decider weighs', async () => {
    const bus = new CommandBus(open(), { maxCachedRecords: 5 });
    for (const name of ['a', 'b', 'c']) await bus.handle('big', uniqueNames, { add: name }, meta);
    for (const name of ['a', 'b']) await bus.handle('small', uniqueNames, { add: name }, meta);
    expect(bus.cachedStreams).toBe(2); // 3 + 2 events
    expect(bus.cacheUse()).toMatchObject({ streams: 2, records: 5, max_records: 5 });
    await bus.handle('small', uniqueNames, { add: 'c' }, meta);
    // 6 events: the least recently used stream goes, and comes back from the store when asked.
    expect(bus.cachedStreams).toBe(1);
    expect(bus.cacheUse().records).toBe(3);
    await expect(bus.handle('big', uniqueNames, { add: 'a' }, meta)).rejects.toThrow('a finns redan');

    // A decider that weighs its state: a name added again (idempotent here) weighs nothing more.
    const weighed: typeof uniqueNames = { ...uniqueNames, weight: (names) => names.size * 2 };
    const other = new CommandBus(store, { maxCachedRecords: 5 });
    await other.handle('w-1', weighed, { add: 'a' }, meta);
    await other.handle('w-2', weighed, { add: 'a' }, meta);
    expect(other.cacheUse().records).toBe(4);
    await other.handle('w-3', weighed, { add: 'a' }, meta);
    // 6 > 5: w-1, the least recently used, is dropped.
    expect(other.cacheUse()).toMatchObject({ streams: 2, records: 4 });
  });

  it('decides concurrent commands on more streams than it caches as if it cached them all', async () => {
    const bus = new CommandBus(open(), { maxCachedStreams: 1 });
    const streams = Array.from({ length: 8 }, (_, i) => `s-${i}`);
    // Every stream gets 'x' twice and 'y' once, all at the same time.
    const results = await Promise.allSettled(
      streams.flatMap((stream) => [
        bus.handle(stream, uniqueNames, { add: 'x' }, meta),
        bus.handle(stream, uniqueNames, { add: 'x' }, meta),
        bus.handle(stream, uniqueNames, { add: 'y' }, meta),
      ]),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual(
      Array(8).fill('DomainError: x finns redan'),
    );
    for (const stream of streams)
      expect((await store.readStream(stream, 0)).map((e) => (e.data as { name: string }).name)).toEqual(['x', 'y']);
    expect(bus.cachedStreams).toBe(1);
  });

  it('decides on its cached state without reading, yet never on a state another writer moved', async () => {
    const store = open();
    const here = new CommandBus(store);
    const there = new CommandBus(store); // another process on the same log
    await here.handle('s', uniqueNames, { add: 'a' }, meta);
    // 'there' adds 'b' behind the back of here's cached state.
    await there.handle('s', uniqueNames, { add: 'b' }, meta);
    // An append on the stale state fails on its revision and is decided again: 'b' is refused.
    await expect(here.handle('s', uniqueNames, { add: 'b' }, meta)).rejects.toThrow('b finns redan');
    await there.handle('s', uniqueNames, { add: 'c' }, meta);
    // A refusal is only answered after checking the state was current: 'c' is now there.
    await expect(here.handle('s', uniqueNames, { add: 'c' }, meta)).rejects.toThrow('c finns redan');
    await here.handle('s', uniqueNames, { add: 'd' }, meta);
    expect((await store.readStream('s', 0)).map((e) => (e.data as { name: string }).name)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('answers a refusal only after checking that no other writer moved the stream', async () => {
    type Changed = DomainEvent<'Added' | 'Removed', { name: string }>;
    const toggles: Decider<{ add?: string; remove?: string }, Changed, Set<string>> = {
      initialState: () => new Set(),
      evolve: (names, event) =>
        event.type === 'Added' ? names.add(event.data.name) : (names.delete(event.data.name), names),
      decide: ({ add, remove }, names) => {
        if (add !== undefined) {
          if (names.has(add)) throw new DomainError(`${add} finns redan`);
          return [{ type: 'Added', data: { name: add } }];
        }
        if (!names.has(remove!)) throw new DomainError(`${remove} finns inte`);
        return [{ type: 'Removed', data: { name: remove! } }];
      },
    };
    const store = open();
    const here = new CommandBus(store);
    const there = new CommandBus(store);
    await here.handle('t', toggles, { add: 'a' }, meta);
    await there.handle('t', toggles, { remove: 'a' }, meta);
    // On here's cached state 'a' is still there; the store says it was removed.
    await here.handle('t', toggles, { add: 'a' }, meta);
    expect((await store.readStream('t', 0)).map((e) => e.type)).toEqual(['Added', 'Removed', 'Added']);
  });
});
