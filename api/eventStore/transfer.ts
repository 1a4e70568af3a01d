// Moving the event log between stores (npm run events:export / events:import): one event per line
// as JSON (NDJSON) in global order. Backup, restore, and the way from the embedded SQLite store to
// EventStoreDB (or back): the ids travel with the events, so an imported log is the same log, and
// positions are the source's (the target hands out its own, in the same order).
import {
  createReadStream,
  createWriteStream,
  fchmodSync,
  openSync,
  fsyncSync,
  closeSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { EventMetadata, EventStore, NewEvent, Position, RecordedEvent } from '../../domain/eventStore.js';
import { openSqliteEventStore } from './sqlite.js';
import { KEY_STORE_STREAM } from '../keys/identity.js';

export interface ExportedEvent {
  position: Position;
  stream: string;
  revision: number;
  id: string;
  type: string;
  /** The metadata timestamp, repeated at the top for people reading the file. */
  time: string;
  data: unknown;
  metadata: EventMetadata;
}

/** One event as an export or a backup writes it: a line of NDJSON. */
export const exportedLine = (e: RecordedEvent): ExportedEvent => ({
  position: e.position,
  stream: e.streamName,
  revision: e.revision,
  id: e.id,
  type: e.type,
  time: e.metadata.timestamp,
  data: e.data,
  metadata: e.metadata,
});

export interface TransferOptions {
  /** Called with the number of events done so far, now and then on long runs. */
  progress?: (events: number) => void;
  progressEveryMs?: number;
  /** Wraps the new store the events go into (the import seals personal data: api/eventStore/sealed.ts). */
  seal?: (store: EventStore) => EventStore;
  /** Keep the stream `keystore` (a restore, whose key store comes with the events: api/backup). */
  keepKeyStoreStream?: boolean;
}

const PAGE = 2000;
/** Events of one stream in one append at most (one transaction, one request). */
const MAX_APPEND = 500;
/** Appends gathered before they are written (together, where the store keeps their order). */
const PIPELINE = 500;

function progressReporter(options: TransferOptions) {
  const every = options.progressEveryMs ?? 2000;
  let last = Date.now();
  return (done: number) => {
    if (options.progress && Date.now() - last >= every) {
      last = Date.now();
      options.progress(done);
    }
  };
}

/** Writes every event to file; answers how many and the position of the last one. */
export async function exportEvents(
  events: EventStore,
  file: string,
  options: TransferOptions = {},
): Promise<{ events: number; position: Position }> {
  // The export holds customers' personal data in plain text (it is opened for auditors): readable
  // by this user only, also when it overwrites a file that was not.
  const fd = openSync(file, 'w', 0o600);
  fchmodSync(fd, 0o600);
  const out = createWriteStream(file, { encoding: 'utf8', fd });
  const report = progressReporter(options);
  let count = 0;
  let position = 0;
  try {
    for (;;) {
      const page = await events.readAll(position, PAGE);
      if (page.length === 0) break;
      let chunk = '';
      for (const e of page) chunk += JSON.stringify(exportedLine(e)) + '\n';
      if (!out.write(chunk)) await once(out, 'drain');
      count += page.length;
      position = page[page.length - 1].position;
      report(count);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  // A backup is only a backup once it is on disk.
  syncPath(file);
  return { events: count, position };
}

export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

/**
 * Appends every event of file to an empty store, in file order, keeping ids, streams, revisions,
 * data and metadata. Consecutive events of one stream go in one append expecting the revision
 * before them, so a file that does not fit (a gap, a stream out of order) fails instead of
 * writing a different history. Refuses a store that already holds events.
 */
export async function importEvents(
  events: EventStore,
  input: string | Iterable<ExportedEvent> | AsyncIterable<ExportedEvent>,
  options: TransferOptions = {},
): Promise<{ events: number; position: Position }> {
  if ((await events.headPosition()) > 0)
    throw new ImportRefusedError('The event store already holds events: import needs an empty store.');
  const report = progressReporter(options);
  let count = 0;
  let position = 0;
  let lastSourcePosition = 0;
  type Run = { stream: string; firstRevision: number; events: NewEvent[] };
  let run: Run | null = null;
  const ready: Run[] = [];

  const append = (r: Run) =>
    events.append(r.stream, r.events, r.firstRevision === 0 ? 'no_stream' : r.firstRevision - 1);
  const flush = async () => {
    const runs = ready.splice(0);
    if (runs.length === 0) return;
    if (events.keepsIssueOrder) {
      // Issued in one turn, stored in this order in one transaction: one fsync for the lot.
      const results = await Promise.all(runs.map(append));
      position = results[results.length - 1].position;
    } else {
      for (const r of runs) position = (await append(r)).position;
    }
    count += runs.reduce((n, r) => n + r.events.length, 0);
    report(count);
  };

  const source = typeof input === 'string' ? readExportFile(input) : numbered(input);
  for await (const { event: e, lineNo } of source) {
    if (e.position <= lastSourcePosition)
      throw new ImportRefusedError(`Line ${lineNo}: positions must grow (${e.position} after ${lastSourcePosition}).`);
    lastSourcePosition = e.position;
    // The key store's identity belongs to the store the events were sealed in, not to their
    // history: the import seals them under this DATA_DIR's key store, whose identity the next
    // start records (api/keys/identity.ts). A restore brings that very key store: it keeps it.
    if (e.stream === KEY_STORE_STREAM && !options.keepKeyStoreStream) continue;
    const next = { id: e.id, type: e.type, data: e.data, metadata: e.metadata };
    if (
      run &&
      run.stream === e.stream &&
      run.firstRevision + run.events.length === e.revision &&
      run.events.length < MAX_APPEND
    ) {
      run.events.push(next);
      continue;
    }
    if (run) ready.push(run);
    if (ready.length >= PIPELINE) await flush();
    run = { stream: e.stream, firstRevision: e.revision, events: [next] };
  }
  if (run) ready.push(run);
  await flush();
  return { events: count, position };
}

/**
 * importEvents into the embedded store's file, all or nothing: the events go into a new file
 * beside it, which replaces the (empty) target only once the whole import succeeded. Appended
 * straight into the target, a refused append in the middle of a batch would leave the appends
 * before it, and those after it in the same batch, written: a different history. A crash before
 * the rename leaves the target as it was (the half-made file is removed by the next import).
 * Run it with the servers on that DATA_DIR stopped.
 */
export async function importEventsIntoSqliteFile(
  target: string,
  file: string | Iterable<ExportedEvent> | AsyncIterable<ExportedEvent>,
  options: TransferOptions = {},
): Promise<{ events: number; position: Position }> {
  const existing = openSqliteEventStore(target);
  try {
    if ((await existing.headPosition()) > 0)
      throw new ImportRefusedError('The event store already holds events: import needs an empty store.');
  } finally {
    await existing.close();
  }
  const temp = `${target}.importing`;
  const removeTemp = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(temp + suffix, { force: true });
  };
  removeTemp();
  closeSync(openSync(temp, 'a', 0o600));
  const events = (options.seal ?? ((store: EventStore) => store))(openSqliteEventStore(temp));
  let result: { events: number; position: Position };
  try {
    result = await importEvents(events, file, options);
  } catch (error) {
    await events.close();
    removeTemp();
    throw error;
  }
  // Closing the last connection checkpoints the WAL into the file and removes it.
  await events.close();
  syncPath(temp);
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  renameSync(temp, target);
  syncPath(dirname(target));
  return result;
}

function syncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The events of an export file, each with its line number (blank lines skipped). */
async function* readExportFile(file: string): AsyncGenerator<{ event: ExportedEvent; lineNo: number }> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const text of lines) {
    lineNo += 1;
    if (text.trim() === '') continue;
    yield { event: parseLine(text, lineNo), lineNo };
  }
}

async function* numbered(
  events: Iterable<ExportedEvent> | AsyncIterable<ExportedEvent>,
): AsyncGenerator<{ event: ExportedEvent; lineNo: number }> {
  let lineNo = 0;
  for await (const event of events) yield { event, lineNo: ++lineNo };
}

function parseLine(text: string, lineNo: number): ExportedEvent {
  let e: ExportedEvent;
  try {
    e = JSON.parse(text) as ExportedEvent;
  } catch {
    throw new ImportRefusedError(`Line ${lineNo}: not JSON.`);
  }
  const fine =
    e !== null &&
    typeof e === 'object' &&
    typeof e.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.stream === 'string' &&
    Number.isInteger(e.revision) &&
    e.revision >= 0 &&
    typeof e.position === 'number' &&
    e.metadata !== null &&
    typeof e.metadata === 'object' &&
    typeof e.metadata.actor === 'string' &&
    typeof e.metadata.timestamp === 'string';
  if (!fine)
    throw new ImportRefusedError(
      `Line ${lineNo}: not an exported event (id, type, stream, revision, position, metadata).`,
    );
  return e;
}
