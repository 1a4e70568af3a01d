// The production event store: EventStoreDB (KurrentDB) over gRPC with @eventstore/db-client,
// chosen by EVENTSTORE_URL. It passes the same contract suite as the SQLite adapter
// (test/contract/eventStoreDb.test.ts runs it wherever a server or a Docker engine is available).
//
// Positions: EventStoreDB orders $all by a (commit, prepare) pair. Our port wants one growing
// number per event; the prepare position is one (every event is its own prepare record, and
// prepare positions grow with $all order for ordinary appends). To resume after a number, the
// adapter needs the full pair again: it remembers the pairs it has seen, and for a number it has
// not seen (a checkpoint from an earlier process) it resumes at (p, p) and skips events at or
// before p, so nothing is delivered twice and nothing after p is missed.
import {
  ANY,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type Position as EsdbPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../../domain/eventStore.js';

const PAGE = 1000;

export function openEventStoreDb(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const known = new Map<number, EsdbPosition>();

  const remember = (position: EsdbPosition | undefined): number => {
    if (!position) return 0;
    const n = Number(position.prepare);
    if (known.size > 100_000) known.clear();
    known.set(n, position);
    return n;
  };

  const fromPosition = (after: Position) =>
    after <= 0 ? START : (known.get(after) ?? { commit: BigInt(after), prepare: BigInt(after) });

  const toRecorded = (resolved: ResolvedEvent): RecordedEvent | null => {
    const e = resolved.event;
    if (!e || e.type.startsWith('$') || e.streamId.startsWith('$')) return null;
    return {
      id: e.id,
      type: e.type,
      data: e.data,
      metadata: (e.metadata ?? {}) as unknown as EventMetadata,
      streamName: e.streamId,
      revision: Number(e.revision),
      position: remember(e.position),
    };
  };

  const expectedOf = (expected: ExpectedRevision): AppendExpectedRevision =>
    expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : expected === 'any' ? ANY : BigInt(expected);

  async function readAll(afterPosition: Position, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    // Over-read by a page: system events and the resume event itself are skipped below.
    const events = client.readAll({ fromPosition: fromPosition(afterPosition), direction: FORWARDS, maxCount: maxCount + PAGE });
    for await (const resolved of events) {
      const recorded = toRecorded(resolved);
      if (!recorded || recorded.position <= afterPosition) continue;
      out.push(recorded);
      if (out.length >= maxCount) break;
    }
    return out;
  }

  return {
    async append(streamName, events, expected) {
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((e) => jsonEvent({ id: e.id, type: e.type, data: (e.data ?? null) as never, metadata: e.metadata as never })),
          { expectedRevision: expectedOf(expected) },
        );
        return { nextRevision: Number(result.nextExpectedRevision), position: remember(result.position) };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
          throw new WrongExpectedRevisionError(streamName, expected, actual);
        }
        throw error;
      }
    },

    async readStream(streamName, fromRevision = 0) {
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, { fromRevision: BigInt(fromRevision), direction: FORWARDS })) {
          const recorded = toRecorded(resolved);
          if (recorded) out.push(recorded);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return out;
    },

    readAll,

    subscribeToAll(afterPosition: Position): Subscription {
      const subscription = client.subscribeToAll({ fromPosition: fromPosition(afterPosition), filter: excludeSystemEvents() });
      async function* iterate(): AsyncGenerator<RecordedEvent> {
        for await (const resolved of subscription) {
          const recorded = toRecorded(resolved);
          if (recorded && recorded.position > afterPosition) yield recorded;
        }
      }
      const iterator = iterate();
      return {
        [Symbol.asyncIterator]: () => iterator,
        async close() {
          await subscription.unsubscribe();
        },
      };
    },

    async headPosition() {
      // Newest first, stopping at the first event of ours (system events are skipped).
      for await (const resolved of client.readAll({ fromPosition: END, direction: 'backwards' })) {
        const recorded = toRecorded(resolved);
        if (recorded) return recorded.position;
      }
      return 0;
    },

    async close() {
      await client.dispose();
    },
  };
}
