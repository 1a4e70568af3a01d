// A round of background work run every intervalMs in this process (move recovery, the waitlist's
// offers): one round at a time (a slow round is not overtaken; a tick during one is skipped), a
// failed round logged and tried again at the next tick, and stop() waiting for a round under way.
export interface Periodic {
  /** Runs a round now unless one is under way or the work has stopped. */
  runNow(): void;
  /** No round starts after this; resolves once a round under way has finished. */
  stop(): Promise<void>;
}

/** `round` may ask `stopped()` between steps of a long round, to end it early on shutdown. */
export function everyInterval(
  intervalMs: number,
  round: (stopped: () => boolean) => Promise<unknown>,
  onError: (error: unknown) => void,
): Periodic {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = () => {
    if (running || stopped) return;
    running = round(() => stopped)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(runNow, intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
