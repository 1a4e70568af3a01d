// The read-model writer: large commits go to a thread with a connection of its own
// (sqlite/writerThread.ts), so the next page is read and folded while SQLite writes this one.
import { threadCalls } from '../threadCalls.js';
import { PRAGMAS, PUT_CHECKPOINT, deleteSql, putSql } from './tables.js';

/**
 * Commits of at least this many writes (a rebuild's or a catch-up's pages) go to a writer thread
 * with a connection of its own, so the next page is read and folded while SQLite writes this one
 * (projections/runner.ts keeps one commit in flight). A CPU profile of a rebuild of 100,000
 * bookings had half its time in the commits' inserts, on the one thread that also reads and
 * folds. Smaller commits (a live booking's) stay on this thread: no hop between threads on the
 * path a request waits on.
 */
export const WRITER_MIN_WRITES = 256;

/** One commit as the writer thread takes it: per write a kind, the table, the id, the JSON and the position. */
export interface WriterCommit {
  n: number;
  tables: string[];
  ops: number[]; // 0 put, 1 delete
  table: number[];
  ids: string[];
  docs: (string | null)[];
  pos: (number | null)[];
  checkpoints: [string, number][];
}

/** What the thread opens: the file, its pragmas and its statements (tables.ts). */
export interface WriterSetup {
  file: string;
  pragmas: string[];
  sql: { put: string; del: string; checkpoint: string };
}

/** The thread's file beside this one: the TypeScript source, or the compiled JavaScript in dist/. */
const THREAD = new URL(`./writerThread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface Writer {
  commit(c: Omit<WriterCommit, 'n'>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the writer thread on the database file (a file: a :memory: database has no second connection). */
export function startWriter(file: string): Writer {
  const setup: WriterSetup = {
    file,
    pragmas: PRAGMAS,
    sql: { put: putSql('{table}'), del: deleteSql('{table}'), checkpoint: PUT_CHECKPOINT },
  };
  const thread = threadCalls<Omit<WriterCommit, 'n'>, void>(THREAD, 'read-model writer', () => undefined, setup);
  return { commit: (c) => thread.call(c), close: () => thread.close() };
}
