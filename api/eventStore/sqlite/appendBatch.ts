// The embedded event store's writes: each append checked against its expected revision and
// written, and a turn's appends in one transaction (sqlite.ts says why, and what an append whose
// events are stored already answers).
import type Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from '../../../domain/eventStore.js';

export interface QueuedAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export type Outcome = { ok: AppendResult } | { error: unknown };

/**
 * Writes a batch of appends in one IMMEDIATE transaction: per append its outcome, and the position
 * of the first row the batch inserted (null: none). Throws when the commit itself fails.
 */
export type WriteBatch = (items: QueuedAppend[]) => { outcomes: Outcome[]; first: number | null };

export function appendBatch(db: Database.Database): WriteBatch {
  const lastOfStream = db.prepare<[string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const byEventId = db.prepare<[string], { stream: string; revision: number; position: number }>(
    'SELECT stream, revision, position FROM events WHERE event_id = ?',
  );
  const insert = db.prepare<[string, number, string, string, string, string]>(
    'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );

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
    items.map((item): Outcome => {
      try {
        return { ok: writeOneAlone(item) };
      } catch (error) {
        return { error };
      }
    }),
  );

  return (items) => {
    batchFirst = null;
    // IMMEDIATE takes the write lock before the first read: with a deferred BEGIN, another
    // process committing between our read and our write fails the batch with SQLITE_BUSY at
    // once (the busy timeout cannot help a stale snapshot).
    const outcomes = writeBatch.immediate(items);
    return { outcomes, first: batchFirst };
  };
}
