// keys.db's WAL fsynced off the event loop (see openSqliteKeyStore): one fsync at a time, callers
// arriving while it runs sharing the next one.
import { close as closeFd, fsync, openSync } from 'node:fs';

export function keysWalSync(filePath: string) {
  // One fsync of the WAL at a time; callers arriving while it runs share the next one.
  let walFd: number | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const fsyncWal = () =>
    new Promise<void>((resolve, reject) => {
      try {
        walFd ??= openSync(`${filePath}-wal`, 'r');
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      fsync(walFd, (error) => (error ? reject(error) : resolve()));
    });
  const synced = (): Promise<void> => {
    if (!running) {
      running = fsyncWal().finally(() => (running = null));
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return synced();
      });
    return next;
  };

  return {
    synced,
    /** Once the running fsync is done: the WAL file closed. */
    async close() {
      await running?.catch(() => {});
      if (walFd !== null) closeFd(walFd, () => {});
    },
  };
}
