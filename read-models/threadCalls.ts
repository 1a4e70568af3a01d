// A worker thread that answers each message posted to it, as calls: the calls under way by
// number, the thread holding the process open only while one is, and every call failed at once
// when the thread fails or ends. The read-model writer (read-models/sqlite/writerThread.ts) and
// the sealed event store's opener (api/eventStore/openerThread.ts) are such threads.
//
// The thread runs a typed module file given by URL: the .ts source under tsx and Vitest (Node
// strips its types), the compiled .js from dist/. No module loader of ours is involved, so it
// runs the same whatever flags started this process. It answers each message `{ n, ...call }`
// with `{ n, error?, ...answer }`, and ends on 'close'.
import { Worker } from 'node:worker_threads';

export interface ThreadCalls<Call, Answer> {
  call(message: Call): Promise<Answer>;
  /** Calls under way. */
  busy(): number;
  close(): Promise<void>;
}

/**
 * Starts the thread. `answerOf` reads a call's answer from the thread's message (it may throw:
 * that call fails); `what` names the thread in the error when it ends under a call.
 */
export function threadCalls<Call extends object, Answer>(
  file: URL,
  what: string,
  answerOf: (message: Record<string, unknown>) => Answer,
  workerData?: unknown,
): ThreadCalls<Call, Answer> {
  const worker = new Worker(file, { execArgv: [], workerData });
  const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  let next = 0;
  let failed: Error | null = null;
  const fail = (error: Error) => {
    failed ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('message', (m: Record<string, unknown> & { n: number; error?: string }) => {
    const w = waiting.get(m.n);
    waiting.delete(m.n);
    // Idle, it must not keep the process alive (a script that returns without closing its store).
    if (waiting.size === 0) worker.unref();
    if (!w) return;
    if (m.error !== undefined) {
      w.reject(new Error(m.error));
      return;
    }
    let answer: Answer;
    try {
      answer = answerOf(m);
    } catch (error) {
      w.reject(error as Error);
      return;
    }
    w.resolve(answer);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error(`the ${what} thread exited`)));
  worker.unref();
  return {
    busy: () => waiting.size,
    call(message) {
      if (failed) return Promise.reject(failed);
      const n = next++;
      worker.ref();
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(n, { resolve, reject });
        worker.postMessage({ ...message, n });
      });
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
