// One contract for every EventStore adapter (SQLite, EventStoreDB): the semantics the command
// bus and the projections rely on. Stream names are unique per test, and global-order checks
// look only at this test's own streams, so the suite can run against a shared server that holds
// other data (and, for EventStoreDB, system events between ours).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../../domain/eventStore.js';

export type OpenEventStore = () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>;

const event = (type = 'Tested', data: unknown = { n: 1 }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'test', timestamp: '2026-11-23T08:00:00.000Z', correlationId: randomUUID() },
});

const stream = (name = 'contract') => `${name}-${randomUUID()}`;

/** Fails the test with a message instead of hanging it until the runner's timeout. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function conflictOf(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome))
    throw new Error(`expected a WrongExpectedRevisionError, the append resolved with ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(WrongExpectedRevisionError);
  return outcome.error as WrongExpectedRevisionError;
}

async function expectConflict(
  promise: Promise<unknown>,
  streamName: string,
  expected: ExpectedRevision,
  actual: number,
) {
  const error = await conflictOf(promise);
  expect(error.actual).toBe(actual);
  expect(error.streamName).toBe(streamName);
  expect(error.expected).toBe(expected);
}

/** Reads a subscription until `n` events of the given streams arrived (others are skipped). */
async function nextOf(iterator: AsyncIterator<RecordedEvent>, streams: string[], n: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  while (out.length < n) {
    const next = await iterator.next();
    if (next.done) break;
    if (streams.includes(next.value.streamName)) out.push(next.value);
  }
  return out;
}

const inOrder = (positions: number[]) => positions.every((p, i) => i === 0 || p > positions[i - 1]);

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

    describe('append with an expected revision', () => {
      it('creates a stream with no_stream and reads it back in order with data and metadata', async () => {
        const s = stream();
        const events = [
          event('A', { å: 'ä', n: 1, nested: { list: [1, 'två'] } }),
          event('B', { list: [1, 2] }),
          event('C', null),
        ];
        const result = await store.append(s, events, 'no_stream');
        expect(result.nextRevision).toBe(2);
        const read = await store.readStream(s);
        expect(read.map((e) => [e.type, e.revision, e.id, e.streamName])).toEqual(
          events.map((e, i) => [e.type, i, e.id, s]),
        );
        expect(read.map((e) => e.data)).toEqual([
          { å: 'ä', n: 1, nested: { list: [1, 'två'] } },
          { list: [1, 2] },
          null,
        ]);
        expect(read[0].metadata).toEqual(events[0].metadata);
        expect(inOrder(read.map((e) => e.position))).toBe(true);
        expect(read[0].position).toBeGreaterThan(0);
        // The append answers the position of its LAST event: what read-your-writes waits for.
        expect(result.position).toBe(read[2].position);
      });

      it('refuses no_stream when the stream exists, and writes nothing', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        await expectConflict(store.append(s, [event()], 'no_stream'), s, 'no_stream', 0);
        expect(await store.readStream(s)).toHaveLength(1);
      });

      it('refuses stream_exists when the stream is missing, accepts it when present', async () => {
        const s = stream();
        await expectConflict(store.append(s, [event()], 'stream_exists'), s, 'stream_exists', -1);
        expect(await store.readStream(s)).toEqual([]);
        await store.append(s, [event()], 'any');
        expect((await store.append(s, [event()], 'stream_exists')).nextRevision).toBe(1);
      });

      it('accepts the exact current revision and refuses a stale, a future or a missing one', async () => {
        const s = stream();
        await expectConflict(store.append(s, [event()], 0), s, 0, -1);
        await store.append(s, [event(), event()], 'no_stream');
        expect((await store.append(s, [event()], 1)).nextRevision).toBe(2);
        await expectConflict(store.append(s, [event()], 1), s, 1, 2);
        await expectConflict(store.append(s, [event()], 5), s, 5, 2);
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('appends with any whatever the revision, including to a missing stream', async () => {
        const s = stream();
        expect((await store.append(s, [event()], 'any')).nextRevision).toBe(0);
        expect((await store.append(s, [event(), event()], 'any')).nextRevision).toBe(2);
        expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });
    });

    describe('idempotence by event id', () => {
      it('answers a repeated append with the stored result and writes nothing', async () => {
        const s = stream();
        const events = [event('A'), event('B')];
        const first = await store.append(s, events, 'no_stream');
        const again = await store.append(s, events, 'no_stream');
        expect(again).toEqual(first);
        expect((await store.readStream(s)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      });

      it('answers a retry with its original expected revision after the stream moved on', async () => {
        const s = stream();
        await store.append(s, [event('first')], 'no_stream');
        const events = [event('A'), event('B')];
        const first = await store.append(s, events, 0);
        await store.append(s, [event('later')], 2);
        // The client lost the answer to its append and sends it again, unchanged.
        const retry = await store.append(s, events, 0);
        expect(retry).toEqual(first);
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['first', 'A', 'B', 'later']);
      });
    });

    describe('idempotence: what it does not cover', () => {
      it('refuses stored ids mixed with new events as a conflict, and writes nothing', async () => {
        const s = stream();
        const [a, b] = [event('A'), event('B')];
        await store.append(s, [a, b], 'no_stream');
        await conflictOf(store.append(s, [a, event('C')], 'no_stream'));
        expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B']);
      });
    });

    describe('readStream', () => {
      it('reads from a revision and gives [] for a missing stream or past the end', async () => {
        const s = stream();
        await store.append(s, [event('A'), event('B'), event('C')], 'no_stream');
        expect((await store.readStream(s, 1)).map((e) => [e.type, e.revision])).toEqual([
          ['B', 1],
          ['C', 2],
        ]);
        expect(await store.readStream(s, 3)).toEqual([]);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('keeps streams apart', async () => {
        const a = stream('a');
        const b = stream('b');
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1')], 'no_stream');
        await store.append(a, [event('A2')], 0);
        expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A1', 'A2']);
        expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B1']);
      });
    });

    describe('one global order', () => {
      it('orders all streams by strictly increasing positions, with the head at or past the newest', async () => {
        const before = await store.headPosition();
        const a = stream('a');
        const b = stream('b');
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1'), event('B2')], 'no_stream');
        const last = await store.append(a, [event('A2')], 0);
        const all = await store.readAll(before, 10_000);
        expect(inOrder(all.map((e) => e.position))).toBe(true);
        expect(all.every((e) => e.position > before)).toBe(true);
        const mine = all.filter((e) => e.streamName === a || e.streamName === b);
        expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
        expect(mine[3].position).toBe(last.position);
        // readStream and readAll agree on positions.
        expect((await store.readStream(b)).map((e) => e.position)).toEqual(mine.slice(1, 3).map((e) => e.position));
        expect(await store.headPosition()).toBeGreaterThanOrEqual(last.position);
      });

      it('pages through readAll: strictly after the given position, at most maxCount, nothing skipped', async () => {
        const before = await store.headPosition();
        const s = stream();
        for (let i = 0; i < 5; i++) await store.append(s, [event(`E${i}`)], i === 0 ? 'no_stream' : i - 1);
        const whole = (await store.readAll(before, 10_000)).filter((e) => e.streamName === s);
        expect(whole.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4']);

        const paged: RecordedEvent[] = [];
        let after = before;
        for (let pages = 0; pages < 1000; pages++) {
          const page = await store.readAll(after, 2);
          expect(page.length).toBeLessThanOrEqual(2);
          if (page.length === 0) break;
          expect(page[0].position).toBeGreaterThan(after);
          paged.push(...page);
          after = page[page.length - 1].position;
          if (paged.filter((e) => e.streamName === s).length === 5) break;
        }
        expect(paged.filter((e) => e.streamName === s)).toEqual(whole);

        const fromThird = (await store.readAll(whole[2].position, 10_000)).filter((e) => e.streamName === s);
        expect(fromThird.map((e) => e.type)).toEqual(['E3', 'E4']);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up from a middle position (skipping what came before), then delivers live events in order', async () => {
        const s = stream();
        await store.append(s, [event('old')], 'no_stream');
        const start = (await store.readStream(s))[0].position;
        const middle = (await store.append(s, [event('caught-up-1'), event('caught-up-2')], 0)).position;
        const subscription = store.subscribeToAll(start);
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          const caughtUp = await within(10_000, 'catch-up events', nextOf(iterator, [s], 2));
          expect(caughtUp.map((e) => e.type)).toEqual(['caught-up-1', 'caught-up-2']);
          await store.append(s, [event('live-1')], 2);
          await store.append(s, [event('live-2')], 3);
          const live = await within(10_000, 'live events', nextOf(iterator, [s], 2));
          expect(live.map((e) => e.type)).toEqual(['live-1', 'live-2']);
          expect(live[0].position).toBeGreaterThan(middle);
          expect(live[1].position).toBeGreaterThan(live[0].position);
        } finally {
          await subscription.close();
        }
      });

      it('delivers every event exactly once and in order while appends go on during catch-up', async () => {
        const before = await store.headPosition();
        const streams = [stream('x'), stream('y'), stream('z')];
        const revisions = new Map<string, number>();
        const appendRound = (round: number) =>
          Promise.all(
            streams.map(async (s) => {
              const revision = revisions.get(s) ?? -1;
              const result = await store.append(
                s,
                [event(`r${round}`), event(`r${round}b`)],
                revision === -1 ? 'no_stream' : revision,
              );
              revisions.set(s, result.nextRevision);
            }),
          );
        for (let round = 0; round < 5; round++) await appendRound(round);

        const subscription = store.subscribeToAll(before);
        const iterator = subscription[Symbol.asyncIterator]();
        try {
          const received: RecordedEvent[] = [];
          received.push(...(await within(10_000, 'the first events', nextOf(iterator, streams, 4))));
          // Appends while the subscription is still catching up (or just got live).
          const writing = (async () => {
            for (let round = 5; round < 10; round++) await appendRound(round);
          })();
          received.push(...(await within(20_000, 'all 60 events', nextOf(iterator, streams, 56))));
          await writing;

          expect(received).toHaveLength(60);
          expect(new Set(received.map((e) => e.id)).size).toBe(60);
          expect(inOrder(received.map((e) => e.position))).toBe(true);
          for (const s of streams) {
            const ofStream = received.filter((e) => e.streamName === s);
            expect(ofStream.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
          }
          const stored = (await store.readAll(before, 10_000)).filter((e) => streams.includes(e.streamName));
          expect(received.map((e) => e.id)).toEqual(stored.map((e) => e.id));
        } finally {
          await subscription.close();
        }
      });

      it('ends a pending for-await loop when closed', async () => {
        const s = stream();
        const subscription = store.subscribeToAll(await store.headPosition());
        const seen: string[] = [];
        let gotOne!: () => void;
        const firstArrived = new Promise<void>((resolve) => (gotOne = resolve));
        const loop = (async () => {
          for await (const e of subscription) {
            if (e.streamName !== s) continue;
            seen.push(e.type);
            gotOne();
          }
        })();
        await store.append(s, [event('live')], 'no_stream');
        await within(10_000, 'the live event', firstArrived);
        // The loop now waits for the next event; close must end it rather than leave it hanging.
        await subscription.close();
        await within(5_000, 'the for-await loop to end after close()', loop);
        expect(seen).toEqual(['live']);
      });
    });

    describe('concurrency', () => {
      it('lets exactly one of many concurrent appends with the same expected revision win', async () => {
        const s = stream();
        await store.append(s, [event()], 'no_stream');
        const contenders = Array.from({ length: 10 }, (_, i) => event(`X${i}`));
        const results = await Promise.allSettled(contenders.map((e) => store.append(s, [e], 0)));
        const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
            expect((r.reason as WrongExpectedRevisionError).actual).toBe(1);
          }
        }
        const read = await store.readStream(s);
        expect(read).toHaveLength(2);
        expect(read[1].id).toBe(contenders[won[0]].id);
      });

      it('fails only the conflicting one of concurrent appends to different streams', async () => {
        const streams = Array.from({ length: 5 }, () => stream('c'));
        const results = await Promise.allSettled([
          ...streams.map((s) => store.append(s, [event()], 'no_stream')),
          store.append(streams[0], [event('late')], 7),
        ]);
        expect(results.slice(0, 5).every((r) => r.status === 'fulfilled')).toBe(true);
        expect(results[5].status).toBe('rejected');
        for (const s of streams) expect(await store.readStream(s)).toHaveLength(1);
      });
    });
  });
}
