// One contract for every EventStore adapter (SQLite, EventStoreDB): the semantics the command
// bus and the projections rely on.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../../domain/eventStore.js';

export type OpenEventStore = () => Promise<{ store: EventStore; cleanup(): Promise<void> }>;

const event = (type = 'Tested', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', timestamp: '2026-11-23T08:00:00.000Z', correlationId: randomUUID() },
});

const stream = (name = 'contract') => `${name}-${randomUUID()}`;

async function expectConflict(promise: Promise<unknown>, actual: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect((error as WrongExpectedRevisionError).actual).toBe(actual);
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

export function eventStoreContract(name: string, open: OpenEventStore) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      await cleanup();
    });

    describe('append', () => {
      it('creates a stream with no_stream and reads it back in order with data and metadata', async () => {
        const s = stream();
        const events = [event('A', { å: 'ä', n: 1 }), event('B', { list: [1, 2] }), event('C', null)];
        const result = await store.append(s, events, 'no_stream');
        expect(result.nextRevision).toBe(2);
        const read = await store.readStream(s);
        expect(read.map((e) => [e.type, e.revision, e.id])).toEqual(events.map((e, i) => [e.type, i, e.id]));
        expect(read[0]!.data).toEqual({ å: 'ä', n: 1 });
        expect(read[0]!.metadata).toMatchObject({ actor: 'test', timestamp: '2026-11-23T08:00:00.000Z' });
        expect(read[2]!.streamName).toBe(s);
        expect(result.position).toBe(read[2]!.position);
      });

      it('refuses no_stream when the stream exists', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        await expectConflict(store.append(s, [event()], 'no_stream'), 0);
      });

      it('refuses stream_exists when the stream is missing, accepts it when present', async () => {
        const s = stream();
        await expectConflict(store.append(s, [event()], 'stream_exists'), -1);
        await store.append(s, [event()], 'any');
        expect((await store.append(s, [event()], 'stream_exists')).nextRevision).toBe(1);
      });

      it('accepts the exact current revision and refuses a stale one', async () => {
        const s = stream();
        await store.append(s, [event(), event()], 'no_stream');
        expect((await store.append(s, [event()], 1)).nextRevision).toBe(2);
        await expectConflict(store.append(s, [event()], 1), 2);
        expect(await store.readStream(s)).toHaveLength(3);
      });

      it('appends with any whatever the revision', async () => {
        const s = stream();
        await store.append(s, [event()], 'any');
        await store.append(s, [event()], 'any');
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1]);
      });

      it('is idempotent for events it already holds', async () => {
        const s = stream();
        const events = [event('A'), event('B')];
        const first = await store.append(s, events, 'no_stream');
        const again = await store.append(s, events, 'no_stream');
        expect(again.nextRevision).toBe(first.nextRevision);
        expect(await store.readStream(s)).toHaveLength(2);
      });

      it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const results = await Promise.allSettled([store.append(s, [event('X')], 0), store.append(s, [event('Y')], 0)]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(s)).toHaveLength(2);
      });
    });

    describe('readStream', () => {
      it('reads from a revision and gives [] for a missing stream', async () => {
        const s = stream();
        await store.append(s, [event('A'), event('B'), event('C')], 'no_stream');
        expect((await store.readStream(s, 1)).map((e) => e.type)).toEqual(['B', 'C']);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });
    });

    describe('global order', () => {
      it('orders all streams by strictly increasing positions and pages through them', async () => {
        const before = await store.headPosition();
        const a = stream('a');
        const b = stream('b');
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1'), event('B2')], 'no_stream');
        await store.append(a, [event('A2')], 0);
        const mine = (await store.readAll(before, 10_000)).filter((e) => e.streamName === a || e.streamName === b);
        expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
        const positions = mine.map((e) => e.position);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
        expect(new Set(positions).size).toBe(4);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(positions[3]!);

        const firstPage = await store.readAll(before, 2);
        expect(firstPage).toHaveLength(2);
        const rest = await store.readAll(firstPage[1]!.position, 10_000);
        expect(rest[0]!.position).toBeGreaterThan(firstPage[1]!.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from a position, then delivers live events in order', async () => {
        const s = stream();
        await store.append(s, [event('old')], 'no_stream');
        const middle = (await store.append(s, [event('caught-up-1'), event('caught-up-2')], 0)).position;
        const start = (await store.readStream(s))[0]!.position;
        const subscription = store.subscribeToAll(start);
        const iterator = subscription[Symbol.asyncIterator]();
        const mine = async (n: number) => {
          const out: RecordedEvent[] = [];
          while (out.length < n) {
            const [e] = await take(iterator, 1);
            if (!e) break;
            if (e.streamName === s) out.push(e);
          }
          return out;
        };
        expect((await mine(2)).map((e) => e.type)).toEqual(['caught-up-1', 'caught-up-2']);
        await store.append(s, [event('live-1')], 2);
        await store.append(s, [event('live-2')], 3);
        const live = await mine(2);
        expect(live.map((e) => e.type)).toEqual(['live-1', 'live-2']);
        expect(live[0]!.position).toBeGreaterThan(middle);
        await subscription.close();
      });
    });
  });
}
