// One directory sync shared by the writes that wait for it. A file renamed into a directory is
// only durable once the directory itself is synced (fsync(2): syncing the file "does not
// necessarily ensure that the entry in the directory containing the file has also reached
// disk"); until then a power loss can take the name away with the file under it. The outbox's
// sender writes up to eight mails at once (mail/sender.ts), and a directory sync costs as much
// as a file's: each caller waits for one sync that began after its own rename, and callers that
// arrive while one runs share the next, so a round of sends pays one or two syncs, not eight.
import { open } from 'node:fs/promises';

/** fsync(2) on a directory: what makes the names created and renamed in it durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A function that resolves once a call of `syncOnce` that began after it was called has
 * finished (and rejects with that call's error); calls made while one runs share the next.
 */
export function sharedSync(syncOnce: () => Promise<void>): () => Promise<void> {
  /** The sync under way, if any: it may have begun before a caller's write, so it does not count for them. */
  let running: Promise<void> | null = null;
  /** The sync that starts when the running one ends: every caller that came during it shares it. */
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const sync: Promise<void> = syncOnce().finally(() => {
      if (running === sync) running = null;
    });
    return (running = sync);
  };
  return () => {
    if (next) return next;
    if (!running) return start();
    next = running
      .catch(() => {})
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
