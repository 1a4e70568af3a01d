// The sealed event store's opener thread as its pages use it: when a page goes there, and the
// thread started on demand and ended once idle (the thread itself is ../openerThread.ts).
import { threadCalls, type ThreadCalls } from '../../../read-models/threadCalls.js';
import { OPENER_THREAD, type OpenerBatch } from '../openerThread.js';

/**
 * Full pages (a reader far behind: see openAll) with at least this many sealed records are
 * decrypted on a thread of their own, while the reader goes on (projections/runner.ts folds the
 * previous page meanwhile). A CPU profile of a rebuild of 100,000 sealed bookings spent a quarter of the
 * main thread in decryption, 7 µs a record, nearly all of it Node's per-call cost of a decipher;
 * the thread takes only the ciphertexts and the keys, so it works the same around any adapter
 * and key store. Smaller reads (a live booking's) stay on the calling thread: no hop between
 * threads on the path a request waits on.
 */
export const OPENER_MIN_RECORDS = 256;
/** How long the opener thread may idle before it ends. */
const OPENER_IDLE_MS = 2000;

/** The thread's file (api/eventStore/openerThread.ts): the TypeScript source, or the compiled JavaScript in dist/. */
const OPENER_FILE = new URL(`../openerThread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * The thread's answer: per record in the batch's order, as one JSON array, its plaintext, null
 * (no key) or false (not opened, the reason in errors). Parsed by the caller, not in the answer:
 * an answer that does not parse is a page to open again here, not a failed thread.
 */
interface Opened {
  plain: string;
  errors: Record<number, string>;
}
type Opener = ThreadCalls<Omit<OpenerBatch, 'n'>, Opened>;

const startOpener = (): Opener =>
  threadCalls(
    OPENER_FILE,
    'event opener',
    (m) => ({
      plain: m.plain as string,
      errors: (m.errors ?? {}) as Record<number, string>,
    }),
    OPENER_THREAD,
  );

/** The opener thread, started for a page and ended once idle. */
export function threadOpener() {
  let opener: Opener | null = null;
  // The opener thread ends once it has had nothing to do for a while: a rebuild or a long
  // catch-up uses it, the server's evening after that does not, and an idle thread still holds
  // its heap (about 20 MB of the server's memory in the bench).
  let idle: NodeJS.Timeout | null = null;
  const openOnThread = async (batch: Omit<OpenerBatch, 'n'>) => {
    if (idle) clearTimeout(idle);
    idle = null;
    const running = (opener ??= startOpener());
    try {
      return await running.call(batch);
    } catch (error) {
      // A thread that failed fails every later call: the next page starts a new one.
      if (opener === running) opener = null;
      throw error;
    } finally {
      if (running.busy() === 0 && opener === running) {
        idle = setTimeout(() => {
          idle = null;
          if (opener !== running || running.busy() > 0) return;
          opener = null;
          running.close().catch(() => {});
        }, OPENER_IDLE_MS);
        idle.unref();
      }
    }
  };

  return {
    open: openOnThread,
    async close() {
      if (idle) clearTimeout(idle);
      idle = null;
      await opener?.close();
      opener = null;
    },
  };
}
