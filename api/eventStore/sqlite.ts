// The embedded event store: one SQLite file (better-sqlite3) in WAL mode. An append's promise
// resolves only once its rows are on disk (fsync), so it survives a power loss.
//
// Durability off the event loop: with synchronous=FULL SQLite fsyncs the WAL inside COMMIT, on
// the main thread; a CPU profile of 32 clients booking showed the event loop stalled there for
// the fsync of every batch while requests waited unread. So SQLite commits with
// synchronous=NORMAL (the WAL frames are written, not synced; checkpoints still sync), and this
// module fsyncs the WAL file on libuv's thread pool before it resolves the batch's appends.
// While one fsync runs, later batches commit and share the next one. Rows written but not yet
// synced are invisible to this store's readAll and subscriptions, so no projection or reactor
// acts on an event a crash could still take back.
//
// Group commit: appends arriving in the same turn of the event loop are written in ONE
// transaction (one fsync), each checked against its own expected revision in arrival order, so a
// conflict fails only its own append. One fsync per append would cap a Friday rush near the
// disk's fsync rate; batching lets 32 concurrent clients share each one.
//
// Idempotence: an append whose events are ALL stored in that stream already (by event id) writes
// nothing and answers the stored result, whatever its expected revision, so a client retrying
// after a lost answer gets the answer it missed. A PARTIAL overlap (some ids stored, some new), or
// ids stored in another stream, is refused as a conflict: it can only come from a client that
// re-decided on stale state, and the command bus answers a conflict by reading again and deciding
// afresh. EventStoreDB also answers a partial overlap with a wrong-expected-version error.
import { EventEmitter } from 'node:events';
import { close as closeFd, fsync, openSync } from 'node:fs';
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

type Row = [
  position: number,
  stream: string,
  revision: number,
  eventId: string,
  type: string,
  data: string,
  metadata: string,
];

interface QueuedAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export interface SqliteEventStoreOptions {
  /** How often a live subscription looks for events appended by other processes (ms). */
  pollIntervalMs?: number;
  /** Events a subscription reads per query while catching up. */
  pageSize?: number;
}

export interface SqliteEventStore extends EventStore {
  /** Transactions committed by appends so far: fewer than appends when group commit works. */
  readonly commits: number;
}

// Rows come back as arrays (.raw()): a projection rebuild reads hundreds of thousands of events,
// and skipping a keyed object per row is a measurable share of that.
const toRecorded = (row: Row): RecordedEvent => ({
  id: row[3],
  type: row[4],
  data: JSON.parse(row[5]) as RecordedEvent['data'],
  metadata: JSON.parse(row[6]) as RecordedEvent['metadata'],
  streamName: row[1],
  revision: row[2],
  position: row[0],
});

const COLUMNS = 'position, stream, revision, event_id, type, data, metadata';

export function openSqliteEventStore(filePath: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
  const pollMs = options.pollIntervalMs ?? 250;
  const pageSize = options.pageSize ?? 500;

  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  // Synced by syncWal below, off the event loop (see the top of this file).
  db.pragma('synchronous = NORMAL');
  // Another process on the same file (a second API process, a CLI) may hold the write lock for a
  // moment; waiting beats failing a whole batch with SQLITE_BUSY.
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
  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const readStreamRows = db
    .prepare<[string, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
    )
    .raw(true);
  const readAllRows = db
    .prepare<[number, number, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? AND position < ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const head = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');

  // The first position this store wrote that is not yet known to be on disk (Infinity: none).
  // Rows of other processes are not bounded: each process syncs its own before answering.
  let unsyncedFrom = Infinity;
  const readAll = (afterPosition: Position, maxCount: number) =>
    readAllRows
      .all(afterPosition, Number.isFinite(unsyncedFrom) ? unsyncedFrom : Number.MAX_SAFE_INTEGER, maxCount)
      .map(toRecorded);
  // The position of the first row the current batch inserted.
  let batchFirst: number | null = null;

  /** Checks and writes one append inside the batch transaction; throws to fail only this one. */
  function writeOne(item: QueuedAppend): AppendResult {
    const { stream, events, expected } = item;
    const stored = events.map((e) => byEventId.get(e.id));
    if (stored.length > 0 && stored.every((found) => found?.stream === stream)) {
      const last = stored.reduce((a, b) => (b!.revision > a!.revision ? b : a))!;
      return { nextRevision: last.revision, position: last.position };
    }
    const last = lastOfStream.get(stream);
    const actual = last?.revision ?? -1;
    if (stored.some((found) => found)) throw new WrongExpectedRevisionError(stream, expected, actual);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === -1) ||
      (expected === 'stream_exists' && actual !== -1) ||
      (typeof expected === 'number' && expected === actual);
    if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
    let revision = actual;
    let position = last?.position ?? 0;
    for (const event of events) {
      revision += 1;
      const info = insert.run(
        stream,
        revision,
        event.id,
        event.type,
        JSON.stringify(event.data ?? null),
        JSON.stringify(event.metadata),
      );
      position = Number(info.lastInsertRowid);
      batchFirst ??= position;
    }
    return { nextRevision: revision, position };
  }

  // Nested inside the batch this runs as a SAVEPOINT: a failing append rolls back alone.
  const writeOneAlone = db.transaction(writeOne);

  const writeBatch = db.transaction((items: QueuedAppend[]) =>
    items.map((item): { ok: AppendResult } | { error: unknown } => {
      try {
        return { ok: writeOneAlone(item) };
      } catch (error) {
        return { error };
      }
    }),
  );

  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  let queue: QueuedAppend[] = [];
  let flushScheduled = false;
  let commits = 0;
  let closed = false;
  let closing: Promise<void> | null = null;

  // Group fsync: batches committed while an fsync runs wait for the next one, together.
  let walFd: number | null = null;
  let syncing = false;
  let waiting: Array<(error: Error | null) => void> = [];
  let waitingFirst = Infinity; // first position the waiting batches wrote
  let syncIdle: (() => void) | null = null;

  function syncWal() {
    if (syncing) return;
    if (waiting.length === 0) {
      syncIdle?.();
      return;
    }
    syncing = true;
    const settles = waiting;
    waiting = [];
    unsyncedFrom = waitingFirst;
    waitingFirst = Infinity;
    try {
      walFd ??= openSync(`${filePath}-wal`, 'r');
    } catch (error) {
      done(error as Error);
      return;
    }
    fsync(walFd, done);
    function done(error: Error | null) {
      syncing = false;
      // Everything this fsync covered is durable; what committed meanwhile still waits.
      unsyncedFrom = waitingFirst;
      for (const settle of settles) settle(error);
      if (!error) appended.emit('append');
      syncWal();
    }
  }

  function flush() {
    flushScheduled = false;
    const items = queue;
    queue = [];
    if (items.length === 0) return;
    let outcomes: ReturnType<typeof writeBatch>;
    batchFirst = null;
    try {
      // IMMEDIATE takes the write lock before the first read: with a deferred BEGIN, another
      // process committing between our read and our write fails the batch with SQLITE_BUSY at
      // once (the busy timeout cannot help a stale snapshot).
      outcomes = writeBatch.immediate(items);
      commits += 1;
    } catch (error) {
      // The commit itself failed (disk full, lock timeout): nothing of the batch is stored.
      for (const item of items) item.reject(error);
      return;
    }
    if (batchFirst !== null) waitingFirst = Math.min(waitingFirst, batchFirst);
    // Also a batch that wrote nothing new waits: an idempotent retry may answer rows an earlier,
    // still unsynced batch wrote.
    waiting.push((syncError) => {
      outcomes.forEach((outcome, i) => {
        if (syncError) items[i].reject(syncError);
        else if ('ok' in outcome) items[i].resolve(outcome.ok);
        else items[i].reject(outcome.error);
      });
    });
    syncWal();
  }

  const store: SqliteEventStore = {
    get commits() {
      return commits;
    },

    // One queue, written in arrival order by one transaction per turn (see flush).
    keepsIssueOrder: true,

    append(stream, events, expected) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ stream, events, expected, resolve, reject });
        if (flushScheduled) return;
        flushScheduled = true;
        // setImmediate runs after pending I/O callbacks: requests already read off the sockets,
        // and appenders whose previous append just resolved, queue theirs before the batch is
        // written.
        setImmediate(flush);
      });
    },

    async readStream(stream, fromRevision = 0) {
      return readStreamRows.all(stream, fromRevision).map(toRecorded);
    },

    async readAll(afterPosition, maxCount) {
      return readAll(afterPosition, maxCount);
    },

    async headPosition() {
      return head.get()?.position ?? 0;
    },

    subscribeToAll(afterPosition: Position): Subscription {
      let position = afterPosition;
      let active = true;
      // Set by every committed batch of this instance; tells the loop to read again at once
      // instead of sleeping, when the batch landed while we were handing out the last page.
      let notified = false;
      let wake: (() => void) | null = null;
      const onAppend = () => {
        notified = true;
        wake?.();
      };
      appended.on('append', onAppend);
      const stop = () => {
        active = false;
        appended.off('append', onAppend);
        wake?.();
      };
      appended.once('close', stop);

      async function* iterate(): AsyncGenerator<RecordedEvent> {
        try {
          while (active) {
            notified = false;
            // Positions are only ever handed out inside a write transaction and SQLite has one
            // writer at a time, so a committed row can never appear below one already read:
            // reading "after the last delivered position" has no gaps and no repeats.
            const page = readAll(position, pageSize);
            for (const event of page) {
              position = event.position;
              yield event;
              if (!active) return;
            }
            if (page.length === pageSize || notified) continue;
            // Live: an append through this instance wakes us; other processes' appends are found
            // by the poll.
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
          appended.off('close', stop);
        }
      }

      const iterator = iterate();
      return {
        [Symbol.asyncIterator]: () => iterator,
        async close() {
          stop();
          appended.off('close', stop);
        },
      };
    },

    close() {
      closing ??= (async () => {
        closed = true;
        // Appends already accepted are written now rather than on the scheduled turn, so
        // nothing a caller was promised is lost; the scheduled flush then finds an empty queue.
        flush();
        if (syncing || waiting.length > 0) await new Promise<void>((resolve) => (syncIdle = resolve));
        appended.emit('close');
        appended.removeAllListeners();
        if (walFd !== null) closeFd(walFd, () => {});
        db.close();
      })();
      return closing;
    },
  };
  return store;
}
