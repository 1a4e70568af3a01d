// The embedded event store's group fsync (sqlite.ts: durability off the event loop): the WAL file
// fsynced on libuv's thread pool, batches committed while an fsync runs waiting for the next one,
// together.
import { close as closeFd, fsync, openSync } from 'node:fs';

export interface WalSync {
  /**
   * The first position this store wrote that is not yet known to be on disk (Infinity: none).
   * Rows of other processes are not bounded: each process syncs its own before answering.
   */
  readonly unsyncedFrom: number;
  /** Settles a committed batch (`first`: the first position it wrote, null: none) once the WAL is synced. */
  wait(first: number | null, settle: (error: Error | null) => void): void;
  /** While an fsync runs or batches wait for one: resolves once none does. Null when idle. */
  idle(): Promise<void> | null;
  /** Closes the WAL file (once idle). */
  close(): void;
}

/** @param onSynced called after every fsync that succeeded. */
export function walSync(filePath: string, onSynced: () => void): WalSync {
  let unsyncedFrom = Infinity;
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
      if (!error) onSynced();
      syncWal();
    }
  }

  return {
    get unsyncedFrom() {
      return unsyncedFrom;
    },
    wait(first, settle) {
      if (first !== null) waitingFirst = Math.min(waitingFirst, first);
      waiting.push(settle);
      syncWal();
    },
    idle() {
      return syncing || waiting.length > 0 ? new Promise<void>((resolve) => (syncIdle = resolve)) : null;
    },
    close() {
      if (walFd !== null) closeFd(walFd, () => {});
    },
  };
}
