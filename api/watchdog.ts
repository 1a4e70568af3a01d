// Ends a process that can no longer do its work, so that the restart policy (deploy/compose.yaml:
// `restart: unless-stopped`) starts a fresh one. Docker Compose restarts a container whose process
// exits, never one that is merely unhealthy: a process stuck on a dead connection or a wedged loop
// would otherwise stay up, and a wedged worker would stop all mail and push without anyone noticing.
//
// Two faults, each with a bound (deploy/README.md, "Restarts"):
// - a store gone: the event store or the read-model store has not answered a probe for longer than
//   STORE_UNREACHABLE_EXIT_MS; exit code 69 (EX_UNAVAILABLE in sysexits.h);
// - a loop wedged: a projection runner, a reactor or a sender this process runs has had a step under
//   way or failing for longer than REACTOR_STALL_EXIT_MS (projections/stall.ts); exit code 70
//   (EX_SOFTWARE). An idle loop is never stalled, and one whose lease another process holds is not
//   this process's to watch.
// Either bound 0 turns its check off. Nothing is lost by the exit: appends are durable, projections
// and reactors resume from their checkpoints, and a restarted container frees its predecessor's
// leases at start (projections/leasedRunner.ts).
import type { Watched } from '../projections/stall.js';

export const EXIT_STORE_UNREACHABLE = 69;
export const EXIT_STALLED = 70;

export interface WatchdogOptions {
  /** One probe per store: resolves when it answers. */
  stores: { name: string; probe: () => Promise<unknown> }[];
  loops: () => Watched[];
  storeUnreachableExitMs: number;
  stallExitMs: number;
  /** How often to look (default: a quarter of the shorter bound, between 100 ms and 5 s). */
  intervalMs?: number;
  /** Ends the process; the message is its last log line. */
  exit: (code: number, message: string) => void;
  now?: () => number;
}

export interface Watchdog {
  /** The longest stall of a loop this process runs now, ms (for /api/ready). */
  stalledMs(): number;
  stop(): void;
}

export function startWatchdog(o: WatchdogOptions): Watchdog {
  const now = o.now ?? Date.now;
  const bounds = [o.storeUnreachableExitMs, o.stallExitMs].filter((ms) => ms > 0);
  const intervalMs = o.intervalMs ?? Math.min(5000, Math.max(100, Math.floor(Math.min(...bounds, 20_000) / 4)));
  // When each store last answered a probe, and which probes are still under way: a probe that
  // hangs (a dead connection) is not started again, and its store's silence grows until the bound.
  const answered = new Map(o.stores.map((store) => [store.name, now()]));
  const probing = new Set<string>();
  let ended = false;

  const end = (code: number, message: string) => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    o.exit(code, message);
  };

  const probeStores = () => {
    for (const store of o.stores) {
      if (probing.has(store.name)) continue;
      probing.add(store.name);
      store
        .probe()
        .then(
          () => answered.set(store.name, now()),
          () => {},
        )
        .finally(() => probing.delete(store.name));
    }
  };

  // Silence is measured when the timer runs: a store that blocks this thread (an embedded one
  // waiting on a lock) is counted for the whole wait, and a probe that never settles still ends it.
  const checkStores = () => {
    if (o.storeUnreachableExitMs <= 0) return;
    for (const store of o.stores) {
      const silentMs = now() - answered.get(store.name)!;
      if (silentMs > o.storeUnreachableExitMs)
        end(
          EXIT_STORE_UNREACHABLE,
          `Watchdog: the ${store.name} has not answered for ${seconds(silentMs)} s ` +
            `(STORE_UNREACHABLE_EXIT_MS=${o.storeUnreachableExitMs}); exiting with code ${EXIT_STORE_UNREACHABLE} so the restart policy starts a fresh process`,
        );
    }
  };

  const checkLoops = () => {
    if (o.stallExitMs <= 0) return;
    for (const loop of o.loops()) {
      const stalled = loop.stalledMs(now());
      if (stalled !== null && stalled > o.stallExitMs)
        end(
          EXIT_STALLED,
          `Watchdog: ${loop.name} has made no progress for ${seconds(stalled)} s while it had work ` +
            `(REACTOR_STALL_EXIT_MS=${o.stallExitMs}); exiting with code ${EXIT_STALLED} so the restart policy starts a fresh process`,
        );
    }
  };

  const timer = setInterval(() => {
    checkLoops();
    checkStores();
    if (!ended && o.storeUnreachableExitMs > 0) probeStores();
  }, intervalMs);
  timer.unref();

  return {
    stalledMs: () => Math.max(0, ...o.loops().map((loop) => loop.stalledMs(now()) ?? 0)),
    stop: () => {
      ended = true;
      clearInterval(timer);
    },
  };
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
