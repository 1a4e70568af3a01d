// The production event store: EventStoreDB / KurrentDB over gRPC with @eventstore/db-client,
// chosen by EVENTSTORE_URL. It passes the same contract suite as the SQLite adapter
// (test/contract/eventStoreDb.test.ts runs it wherever a server or a Docker engine is available).
//
// Positions. The server orders $all by a (commit, prepare) pair of log positions. Every event
// written through gRPC is a self-committed record, for which the server reports
// commit == prepare == the record's own log position (ResolvedEvent.CalculatePosition on the
// server): one number per event, unique, growing with $all order, and the same whether the event
// was read from its stream or from $all. That number is our Position. Only events of legacy
// multi-request transactions (TCP API, never used here) have commit != prepare.
//
// Resuming after position P therefore asks the server for (P, P), which is exactly that event's
// $all position: a read from there includes the event at P, a subscription starts after it. We
// skip everything at or below P on our side as well, so neither the inclusive/exclusive rule nor
// a server quirk can deliver an event twice, and nothing after P is skipped.
//
// System events ($-prefixed types, $-prefixed streams: projections' links, stats, metadata) are
// not ours: readAll and subscribeToAll leave them out.
import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position as EsdbPosition,
  type ReadPosition,
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

/** The event's log position as our Position, or undefined when the server gave none. */
function positionOf(position: EsdbPosition | undefined): number | undefined {
  if (!position) return undefined;
  const n = Number(position.commit);
  // Servers before 22.6 send no position on stream reads (0, or -1 as an unsigned 2^64-1).
  return n > 0 && n <= Number.MAX_SAFE_INTEGER ? n : undefined;
}

const at = (position: Position): ReadPosition =>
  position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };

const isSystem = (e: { type: string; streamId: string }) => e.type.startsWith('$') || e.streamId.startsWith('$');

function toRecorded(resolved: ResolvedEvent): RecordedEvent | null {
  const e = resolved.event;
  if (!e || isSystem(e)) return null;
  const position = positionOf(e.position);
  if (position === undefined)
    throw new Error(`EventStoreDB sent ${e.streamId}@${e.revision} without a log position (server older than 22.6?)`);
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: (e.metadata ?? {}) as unknown as EventMetadata,
    streamName: e.streamId,
    revision: Number(e.revision),
    position,
  };
}

const expectedOf = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream'
    ? NO_STREAM
    : expected === 'stream_exists'
      ? STREAM_EXISTS
      : expected === 'any'
        ? ANY
        : BigInt(expected);

/**
 * Failures after which an append may or may not have been stored: the connection dropped, the
 * deadline passed, the leader changed, the batch-append stream broke. Retrying the very same
 * append (same event ids, same expected revision) is safe: stored already, the server answers
 * it idempotently; not stored, it is stored now; someone else wrote meanwhile, a conflict.
 */
const ambiguous = (error: unknown) =>
  error instanceof UnavailableError ||
  error instanceof DeadlineExceededError ||
  error instanceof TimeoutError ||
  error instanceof CancelledError ||
  error instanceof NotLeaderError ||
  error instanceof UnknownError;

const APPEND_ATTEMPTS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains a bounded read: the server ends the call after maxCount, nothing is left open. */
async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of read) out.push(item);
  return out;
}

export function openEventStoreDb(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  async function positionOfRevision(streamName: string, revision: number): Promise<number> {
    if (revision < 0) return 0;
    const [resolved] = await collect(
      client.readStream(streamName, { fromRevision: BigInt(revision), direction: FORWARDS, maxCount: 1 }),
    );
    return positionOf(resolved?.event?.position) ?? 0;
  }

  async function readAll(afterPosition: Position, maxCount: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    if (maxCount <= 0) return out;
    // System events sit between ours (a projection writes links for every event), so one page
    // of the raw log may hold fewer than maxCount of ours: keep paging until we have maxCount or
    // reach the end. Returning a short page while more of ours follow would be fine; returning
    // an EMPTY one would make a poller believe it is at the end forever.
    const pageSize = Math.min(Math.max(maxCount + 1, 64), 4096);
    let cursor = afterPosition;
    for (;;) {
      const page = await collect(client.readAll({ fromPosition: at(cursor), direction: FORWARDS, maxCount: pageSize }));
      let advanced = false;
      for (const resolved of page) {
        const position = positionOf(resolved.event?.position);
        if (position === undefined || position <= cursor) continue;
        cursor = position;
        advanced = true;
        const recorded = toRecorded(resolved);
        if (!recorded) continue;
        out.push(recorded);
        if (out.length >= maxCount) return out;
      }
      if (page.length < pageSize || !advanced) return out;
    }
  }

  return {
    async append(streamName, events, expected) {
      let result;
      const proposed = events.map((e) =>
        jsonEvent({ id: e.id, type: e.type, data: (e.data ?? null) as JSONType, metadata: e.metadata }),
      );
      for (let attempt = 1; ; attempt++) {
        try {
          result = await client.appendToStream(streamName, proposed, { expectedRevision: expectedOf(expected) });
          break;
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) {
            const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
            throw new WrongExpectedRevisionError(streamName, expected, actual);
          }
          if (!ambiguous(error) || attempt >= APPEND_ATTEMPTS) throw error;
          await sleep(100 * 2 ** (attempt - 1));
        }
      }
      // Only reached with throwOnAppendFailure=false in the connection string.
      if (!result.success)
        throw new WrongExpectedRevisionError(streamName, expected, Number(result.nextExpectedRevision));
      const nextRevision = Number(result.nextExpectedRevision);
      // The port answers the position of the LAST event of the append (read-your-writes waits for
      // it). For one new event the reply's position is that event's. For several, and for an
      // idempotent replay (which may come back without a position), read the last event back
      // rather than rely on which record the reply points at.
      let position = events.length === 1 ? positionOf(result.position) : undefined;
      position ??= await positionOfRevision(streamName, nextRevision);
      return { nextRevision, position };
    },

    async readStream(streamName, fromRevision = 0) {
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, {
          fromRevision: BigInt(fromRevision),
          direction: FORWARDS,
        })) {
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
      return pollingSubscription(readAll, afterPosition);
    },

    async headPosition() {
      // Newest first, past the system events the projections keep writing.
      const pageSize = 256;
      let from: ReadPosition = END;
      for (;;) {
        const page: ResolvedEvent[] = await collect(
          client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: pageSize }),
        );
        for (const resolved of page) {
          const recorded = toRecorded(resolved);
          if (recorded) return recorded.position;
        }
        const oldest: EsdbPosition | undefined = page[page.length - 1]?.event?.position;
        if (page.length < pageSize || !oldest) return 0;
        from = oldest;
      }
    },

    async close() {
      await client.dispose();
    },
  };
}

/**
 * Catch-up then live, by paging readAll and polling at the end: the same thing the projection
 * runner does, with none of a gRPC subscription's failure modes (a listener per event, an error
 * emitted before anyone listens, a dropped stream to re-open at the right place). A failed read
 * is tried again from the last delivered position after a pause; the consumer sees each event
 * once, in order.
 */
function pollingSubscription(
  readAll: (after: Position, max: number) => Promise<RecordedEvent[]>,
  afterPosition: Position,
  pollMs = 250,
  pageSize = 500,
): Subscription {
  let closed = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let last = afterPosition;
    let failures = 0;
    while (!closed) {
      let page: RecordedEvent[];
      try {
        page = await readAll(last, pageSize);
        failures = 0;
      } catch (error) {
        // Transient trouble (a restart, a leader election): resume from the last position.
        if (!ambiguous(error) || ++failures > 20) throw error;
        await pause(Math.min(5000, 100 * 2 ** failures));
        continue;
      }
      for (const event of page) {
        if (closed) return;
        if (event.position <= last) continue;
        last = event.position;
        yield event;
      }
      if (page.length < pageSize && !closed) await pause(pollMs);
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      closed = true;
      wake?.();
    },
  };
}
