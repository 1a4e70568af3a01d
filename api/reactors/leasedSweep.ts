// The one setup the periodic sweeps share (the booking timers, hygiene, retention, bonus-code
// settlement, the waitlist's offer timer): every process sweeps now and then, but one at a time
// across processes.
// A sweep takes a lease first (a process finding it held by another skips its turn), asks again
// as it goes (the lease renewed; lost when this process stalled past its term, and then another
// sweeps: this one ends), and lets it go at the end, so the next turn may fall to any process.
// None of them needs the lease to be right (each step is decided by a stream, or deletes what is
// due): it spares the other processes the same reading and writing.
import type { DocumentStore } from '../../read-models/documentStore.js';
import { LEASES, processOwner } from '../../projections/leasedRunner.js';
import { everyInterval } from '../periodic.js';

/** What a sweep asks between its steps. */
export interface SweepTurn {
  /** Whether to go on: not stopped, and the lease still this process's (renewed by asking). */
  goOn(): Promise<boolean>;
  /** Whether the work was stopped (shutdown), without touching the lease. */
  stopped(): boolean;
}

export interface LeasedSweepOptions<T> {
  docs: Pick<DocumentStore, 'lease' | 'endLease'>;
  /** The lease's id (in the runners' scope, beside the reactors'). */
  lease: string;
  /** Its term, renewed at every goOn(). */
  leaseTtlMs: number;
  owner?: string;
  /** How often to sweep (0: never by itself; a test sweeps by hand). */
  intervalMs: number;
  /** What a turn answers when it did nothing (another process holds the lease). */
  nothing: () => T;
  sweep: (turn: SweepTurn) => Promise<T>;
  /** Names the sweep in the log when a round fails. */
  what: string;
  log: (message: string, error?: unknown) => void;
}

export interface LeasedSweep<T> {
  /**
   * One sweep now: one at a time across processes (another's under way, it does nothing) and in
   * this one (a call during this process's sweep, by hand beside the timer, joins it).
   */
  sweep(): Promise<T>;
  /** No sweep starts after this; resolves once one under way has ended. */
  stop(): Promise<void>;
}

export function everyLeasedSweep<T>(o: LeasedSweepOptions<T>): LeasedSweep<T> {
  const owner = o.owner ?? processOwner();
  const holding = async () => (await o.docs.lease(LEASES, o.lease, owner, o.leaseTtlMs)) === 'ours';
  let halted = false;
  const stopped = () => halted;
  const turn = async (): Promise<T> => {
    if (!(await holding())) return o.nothing();
    try {
      return await o.sweep({ goOn: async () => !stopped() && (await holding()), stopped });
    } finally {
      await o.docs.endLease(LEASES, o.lease, owner, 'release').catch(() => {});
    }
  };
  // The lease answers 'ours' to every sweep of this process: a second one under way at once would
  // only repeat the first's reading and commands, so it joins the first instead.
  let running: Promise<T> | null = null;
  const sweep = () => (running ??= turn().finally(() => (running = null)));
  const periodic =
    o.intervalMs > 0 ? everyInterval(o.intervalMs, sweep, (error) => o.log(`${o.what} failed:`, error)) : null;
  return {
    sweep,
    async stop() {
      halted = true;
      await periodic?.stop();
      await running?.catch(() => {});
    },
  };
}
