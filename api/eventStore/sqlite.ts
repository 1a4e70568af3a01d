// The embedded event store: one SQLite file (better-sqlite3) in WAL mode with synchronous=FULL,
// so an append whose promise has resolved survives a power loss.
//
// Group commit: appends arriving in the same turn of the event loop are written in ONE
// transaction (one fsync), each checked against its own expected revision in arrival order, so a
// conflict fails only its own append. One fsync per append would cap a Friday rush near the
// disk's fsync rate; batching lets 32 concurrent clients share each one.
import { EventEmitter } from 'node:events';
import Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../../domain/eventStore.js';

interface Row {
  position: number;
  stream: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

interface QueuedAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export interface SqliteEventStore extends EventStore {
  /** Transactions committed by appends so far (shows group commit at work). */
  readonly commits: number;
}

const toRecorded = (row: Row): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: JSON.parse(row.data),
  metadata: JSON.parse(row.metadata),
  streamName: row.stream,
  revision: row.revision,
  position: row.position,
});

export function openSqliteEventStore(filePath: string, options: { pollIntervalMs?: number } = {}): SqliteEventStore {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      stream   TEXT    NOT NULL,
      revision INTEGER NOT NULL,
      event_id TEXT    NOT NULL UNIQUE,
      type     TEXT    NOT NULL,
      data     TEXT    NOT NULL,
      metadata TEXT    NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
  `);

  const lastOfStream = db.prepare<[string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const byEventId = db.prepare<[string], { stream: string; revision: number; position: number }>(
    'SELECT stream, revision, position FROM events WHERE event_id = ?',
  );
  const insert = db.prepare('INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const readStreamRows = db.prepare<[string, number], Row>('SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision');
  const readAllRows = db.prepare<[number, number], Row>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  let queue: QueuedAppend[] = [];
  let flushScheduled = false;
  let flushing: Promise<void> = Promise.resolve();
  let commits = 0;
  let closed = false;

  /** Checks and writes one append inside the batch transaction; throws to fail only this one. */
  function writeOne(item: QueuedAppend): AppendResult {
    const ids = item.events.map((e) => byEventId.get(e.id));
    if (ids.length > 0 && ids.every((found) => found && found.stream === item.stream)) {
      // Idempotent retry: every event is stored already.
      const last = ids[ids.length - 1]!;
      return { nextRevision: last.revision, position: last.position };
    }
    if (ids.some((found) => found)) throw new WrongExpectedRevisionError(item.stream, item.expected, lastOfStream.get(item.stream)?.revision ?? -1);
    const last = lastOfStream.get(item.stream);
    const actual = last?.revision ?? -1;
    const { expected } = item;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === -1) ||
      (expected === 'stream_exists' && actual !== -1) ||
      (typeof expected === 'number' && expected === actual);
    if (!ok) throw new WrongExpectedRevisionError(item.stream, expected, actual);
    let revision = actual;
    let position = last?.position ?? 0;
    for (const event of item.events) {
      revision += 1;
      const info = insert.run(item.stream, revision, event.id, event.type, JSON.stringify(event.data ?? null), JSON.stringify(event.metadata));
      position = Number(info.lastInsertRowid);
    }
    return { nextRevision: revision, position };
  }

  const writeBatch = db.transaction((items: QueuedAppend[]) => {
    const outcomes: Array<{ ok: AppendResult } | { error: unknown }> = [];
    for (const item of items) {
      // A savepoint per append: a failing one rolls back alone, the batch goes on.
      try {
        outcomes.push({ ok: db.transaction(() => writeOne(item))() });
      } catch (error) {
        outcomes.push({ error });
      }
    }
    return outcomes;
  });

  function flush() {
    flushScheduled = false;
    const items = queue;
    queue = [];
    if (items.length === 0) return;
    let outcomes: ReturnType<typeof writeBatch>;
    try {
      outcomes = writeBatch(items);
      commits += 1;
    } catch (error) {
      for (const item of items) item.reject(error);
      return;
    }
    let anyWritten = false;
    outcomes.forEach((outcome, i) => {
      if ('ok' in outcome) {
        anyWritten = true;
        items[i]!.resolve(outcome.ok);
      } else items[i]!.reject(outcome.error);
    });
    if (anyWritten) appended.emit('append');
  }

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    // setImmediate runs after pending I/O callbacks: requests already read off the sockets get
    // to queue their appends before the batch is written.
    flushing = new Promise((resolve) =>
      setImmediate(() => {
        flush();
        resolve();
      }),
    );
  }

  const store: SqliteEventStore = {
    get commits() {
      return commits;
    },

    append(stream, events, expected) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ stream, events, expected, resolve, reject });
        scheduleFlush();
      });
    },

    async readStream(stream, fromRevision = 0) {
      return readStreamRows.all(stream, fromRevision).map(toRecorded);
    },

    async readAll(afterPosition, maxCount) {
      return readAllRows.all(afterPosition, maxCount).map(toRecorded);
    },

    async headPosition() {
      return head.get()?.position ?? 0;
    },

    subscribeToAll(afterPosition: Position): Subscription {
      let position = afterPosition;
      let active = true;
      let wake: (() => void) | null = null;
      const onAppend = () => wake?.();
      appended.on('append', onAppend);
      const pollMs = options.pollIntervalMs ?? 250;

      async function* iterate(): AsyncGenerator<RecordedEvent> {
        try {
          while (active) {
            const page = closed ? [] : readAllRows.all(position, 500).map(toRecorded);
            for (const event of page) {
              if (!active) return;
              position = event.position;
              yield event;
            }
            if (page.length === 500) continue;
            // Live: wait for an append through this instance, or poll for other processes'.
            await new Promise<void>((resolve) => {
              const timer = setTimeout(done, pollMs);
              function done() {
                clearTimeout(timer);
                wake = null;
                resolve();
              }
              wake = done;
            });
          }
        } finally {
          appended.off('append', onAppend);
        }
      }

      const iterator = iterate();
      return {
        [Symbol.asyncIterator]: () => iterator,
        async close() {
          active = false;
          wake?.();
          appended.off('append', onAppend);
        },
      };
    },

    async close() {
      if (closed) return;
      await flushing;
      if (queue.length > 0) flush();
      closed = true;
      appended.emit('append');
      db.close();
    },
  };
  return store;
}
