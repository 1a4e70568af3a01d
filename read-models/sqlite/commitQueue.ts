// The order of the embedded store's writes: large commits go to the writer thread (writer.ts),
// and whatever comes after one waits its turn behind it.
import type { Checkpoint, Write } from '../documentStore.js';
import { tableOf } from './tables.js';
import { startWriter, type Writer, type WriterCommit } from './writer.js';

/** A write as the put and delete statements bind it: id, JSON (null: delete) and position. */
export type Row = [id: string, doc: string | null, pos: number | null];

export const rowOf = (write: Write): Row => {
  if (write.op === 'put') {
    const id = write.doc.id;
    if (typeof id !== 'string') throw new Error(`Document in ${write.collection} without a string id`);
    const pos = write.doc._pos;
    return [id, JSON.stringify(write.doc), typeof pos === 'number' ? pos : null];
  }
  if (typeof write.position === 'number')
    return [write.id, JSON.stringify({ id: write.id, _pos: write.position, _deleted: true }), write.position];
  return [write.id, null, null];
};

export interface CommitQueue {
  /** Whether work is queued behind the writer thread (later work must then queue too). */
  readonly writing: boolean;
  /** Resolves once nothing is queued any more. */
  settled(): Promise<void>;
  /** Runs the work after whatever is queued. */
  enqueue(work: () => void | Promise<void>): Promise<void>;
  /** Hands a large commit to the writer thread, after whatever is queued. */
  commitInWriter(rows: Row[], collections: string[], checkpoints: Checkpoint[]): Promise<void>;
  /** Waits for the queue, then ends the writer thread. */
  close(): Promise<void>;
}

// The writer thread (see WRITER_MIN_WRITES), started with the first large commit, and the last
// piece of work queued behind it. While the thread has a commit, every later commit and reset
// queues behind it (its JSON made at once, so the caller may change its documents), so they
// apply in the order they were made; with nothing queued a small commit runs at once, as ever.
export function commitQueue(filePath: string): CommitQueue {
  let writer: Writer | null = null;
  let writing: Promise<void> | null = null;
  const settled = async () => {
    while (writing) await writing.catch(() => {});
  };
  const enqueue = (work: () => void | Promise<void>): Promise<void> => {
    const done = (writing ?? Promise.resolve()).catch(() => {}).then(work);
    const current: Promise<void> = (writing = done.finally(() => {
      if (writing === current) writing = null;
    }));
    current.catch(() => {});
    return done;
  };

  const commitInWriter = (rows: Row[], collections: string[], checkpoints: Checkpoint[]): Promise<void> => {
    const tables: string[] = [];
    const tableIndex = new Map<string, number>();
    const c: Omit<WriterCommit, 'n'> = {
      tables,
      ops: [],
      table: [],
      ids: [],
      docs: [],
      pos: [],
      checkpoints: checkpoints.map((cp) => [cp.projection, cp.position]),
    };
    rows.forEach(([id, doc, pos], i) => {
      const collection = collections[i];
      let t = tableIndex.get(collection);
      if (t === undefined) {
        tableIndex.set(collection, (t = tables.length));
        tables.push(`"${tableOf(collection)}"`);
      }
      c.ops.push(doc === null ? 1 : 0);
      c.table.push(t);
      c.ids.push(id);
      c.docs.push(doc);
      c.pos.push(pos);
    });
    writer ??= startWriter(filePath);
    const started = writer;
    return enqueue(() => started.commit(c));
  };

  return {
    get writing() {
      return writing !== null;
    },
    settled,
    enqueue,
    commitInWriter,
    async close() {
      await settled();
      await writer?.close();
      writer = null;
    },
  };
}
