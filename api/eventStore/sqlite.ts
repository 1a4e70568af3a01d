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
//
// Split by concern: the checked writes and the batch transaction (sqlite/appendBatch.ts), the
// group fsync (sqlite/walSync.ts), the subscriptions (sqlite/subscription.ts); here the file, the
// reads and the queue of appends.
import { EventEmitter } from 'node:events';
import Database from 'better-sqlite3';
import type { AppendResult, EventStore, Position, RecordedEvent, Subscription } from '../../domain/eventStore.js';
import { appendBatch, type QueuedAppend, type WriteBatch } from './sqlite/appendBatch.js';
import { subscribeToLog } from './sqlite/subscription.js';
import { walSync, type WalSync } from './sqlite/walSync.js';

type Row = [
  position: number,
  stream: string,
  revision: number,
  eventId: string,
  type: string,
  data: string,
  metadata: string,
];

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

  const db = openDatabase(filePath);
  const writeBatch = appendBatch(db);
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

  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const sync = walSync(filePath, () => appended.emit('append'));
  // Rows this store wrote are read only once they are known to be on disk (sync.unsyncedFrom).
  const readAll = (afterPosition: Position, maxCount: number) =>
    readAllRows
      .all(afterPosition, Number.isFinite(sync.unsyncedFrom) ? sync.unsyncedFrom : Number.MAX_SAFE_INTEGER, maxCount)
      .map(toRecorded);
  const appends = groupCommit(writeBatch, sync);
  let closed = false;
  let closing: Promise<void> | null = null;

  const store: SqliteEventStore = {
    get commits() {
      return appends.commits;
    },

    // One queue, written in arrival order by one transaction per turn (see groupCommit).
    keepsIssueOrder: true,

    append(stream, events, expected) {
      if (closed) return Promise.reject(new Error('event store is closed'));
      return appends.append({ stream, events, expected });
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
      return subscribeToLog({ readAll, appended, pollMs, pageSize }, afterPosition);
    },

    close() {
      closing ??= (async () => {
        closed = true;
        // Appends already accepted are written now rather than on the scheduled turn, so
        // nothing a caller was promised is lost; the scheduled flush then finds an empty queue.
        appends.flush();
        const idle = sync.idle();
        if (idle) await idle;
        appended.emit('close');
        appended.removeAllListeners();
        sync.close();
        db.close();
      })();
      return closing;
    },
  };
  return store;
}

function openDatabase(filePath: string): Database.Database {
  const db = new Database(filePath);
  db.pragma('journal_mode = WAL');
  // Synced by walSync, off the event loop (see the top of this file).
  db.pragma('synchronous = NORMAL');
  // Another process on the same file (a second API process, a CLI) may hold the write lock for a
  // moment; waiting beats failing a whole batch with SQLITE_BUSY.
  db.pragma('busy_timeout = 5000');
  // 2 MB of pages instead of better-sqlite3's 16 MB, which a busy kiosk's log fills: 14 MB of the
  // server's memory (the log of 40,000 bookings is 44 MB). Appends and the tails read the newest
  // pages; a scan of the whole log (rebuild, replay) reads each page once, in order: 49-50 ms of
  // CPU for the 40,000 bookings' log in pages of 2,000 with 2 MB, 53-70 ms with 16 MB (2026-12-07).
  db.pragma('cache_size = -2048');
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
  return db;
}

/**
 * Group commit (see the top of this file): the appends queued in one turn of the event loop,
 * written by one transaction, each answered once the WAL holding it is synced.
 */
function groupCommit(writeBatch: WriteBatch, sync: WalSync) {
  let queue: QueuedAppend[] = [];
  let flushScheduled = false;
  let commits = 0;

  function flush() {
    flushScheduled = false;
    const items = queue;
    queue = [];
    if (items.length === 0) return;
    let batch: ReturnType<WriteBatch>;
    try {
      batch = writeBatch(items);
      commits += 1;
    } catch (error) {
      // The commit itself failed (disk full, lock timeout): nothing of the batch is stored.
      for (const item of items) item.reject(error);
      return;
    }
    const { outcomes } = batch;
    // Also a batch that wrote nothing new waits: an idempotent retry may answer rows an earlier,
    // still unsynced batch wrote.
    sync.wait(batch.first, (syncError) => {
      outcomes.forEach((outcome, i) => {
        if (syncError) items[i].reject(syncError);
        else if ('ok' in outcome) items[i].resolve(outcome.ok);
        else items[i].reject(outcome.error);
      });
    });
  }

  return {
    get commits() {
      return commits;
    },
    flush,
    append(item: Omit<QueuedAppend, 'resolve' | 'reject'>) {
      return new Promise<AppendResult>((resolve, reject) => {
        queue.push({ ...item, resolve, reject });
        if (flushScheduled) return;
        flushScheduled = true;
        // setImmediate runs after pending I/O callbacks: requests already read off the sockets,
        // and appenders whose previous append just resolved, queue theirs before the batch is
        // written.
        setImmediate(flush);
      });
    },
  };
}
