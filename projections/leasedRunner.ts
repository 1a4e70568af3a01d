// Runs a runner only while this process holds a lease on it in the read-model store, so that of
// several processes exactly one runs it at a time (reactors, whose side effects no position guard
// can undo). Every process asks for the lease every renewMs; the holder renews it, the others
// take it over once it expires (its holder stopped or died). Losing the lease (a renewal failed
// or came too late) stops the runner at its next checkpoint.
//
// The lease narrows overlap to the rare case of a holder paused past its expiry; the reactor's
// per-message claims (mail/reactor.ts) keep even that from sending a message twice.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DocumentStore } from '../read-models/documentStore.js';

export interface Startable {
  start(): Promise<void>;
  stop(): Promise<void>;
  wake(): void;
}

export interface LeasedRunnerOptions {
  docs: DocumentStore;
  /** The lease's name, e.g. the reactor's projection name. */
  name: string;
  /** Identifies this process in the store (default host:pid:random). */
  owner?: string;
  ttlMs?: number;
  renewMs?: number;
  /** A new runner per term of holding the lease, so it reads the checkpoint the last holder left. */
  create: () => Promise<Startable> | Startable;
  log?: (message: string, error?: unknown) => void;
}

export const LEASES = 'runners';

/**
 * This run of the program: every owner it makes carries it. Two servers inside one process (as
 * tests start them) share it and so never take each other for dead.
 */
const INCARNATION = randomUUID().slice(0, 8);

/** host:pid:incarnation-random: another for each runner, so two in one process still compete. */
export function processOwner(): string {
  return `${hostname()}:${process.pid}:${INCARNATION}-${randomUUID().slice(0, 8)}`;
}

/**
 * Whether a lease owner is an earlier, dead run of this host: the same host name and either a
 * process id no longer running, or this very process id with another incarnation (a container
 * restarted: it runs as the same pid, often 1). A process id reused by an unrelated process reads
 * as alive: its leases then simply run out.
 */
export function deadPredecessor(owner: string, self: string, isRunning = pidRunning): boolean {
  const [host, pid, run] = owner.split(':');
  const [ownHost, ownPid, ownRun] = self.split(':');
  if (host !== ownHost || !/^\d+$/.test(pid ?? '') || run === undefined) return false;
  if (pid === ownPid) return run.split('-')[0] !== ownRun?.split('-')[0];
  return !isRunning(Number(pid));
}

function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start: frees every lease (reactors, timers, mail items) held by a dead process of this host,
 * so a restart after a crash sends the next mail and runs the reactors at once instead of after
 * the dead claims run out (up to their lease terms). Answers how many leases it freed.
 */
export async function releaseDeadPredecessors(docs: DocumentStore, self: string): Promise<number> {
  let freed = 0;
  for (const owner of await docs.leaseOwners())
    if (deadPredecessor(owner, self)) freed += await docs.releaseLeasesOf(owner);
  return freed;
}

export class LeasedRunner {
  readonly owner: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private runner: Startable | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The renewal in progress: stop() waits for it, so no runner starts after stop. */
  private tick: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly o: LeasedRunnerOptions) {
    this.owner = o.owner ?? processOwner();
    this.ttlMs = o.ttlMs ?? 15_000;
    this.renewMs = o.renewMs ?? Math.floor(this.ttlMs / 3);
  }

  /** The runner this process runs now (it holds the lease), or null. */
  get current(): Startable | null {
    return this.runner;
  }

  /** Whether this process runs it now. */
  get active(): boolean {
    return this.runner !== null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await (this.tick = this.renew());
    this.timer = setInterval(() => {
      this.tick = this.tick.then(() => this.renew());
    }, this.renewMs);
  }

  wake(): void {
    this.runner?.wake();
  }

  /** Stops the runner at its checkpoint and frees the lease, so another process takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
    await this.stopRunner();
    await this.o.docs.endLease(LEASES, this.o.name, this.owner, 'release').catch(() => {});
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    let ours = false;
    try {
      ours = (await this.o.docs.lease(LEASES, this.o.name, this.owner, this.ttlMs)) === 'ours';
    } catch (error) {
      // Unsure whether we still hold it: stop, as another process may take it once it expires.
      this.o.log?.(`Lease ${this.o.name}: renewal failed`, error);
    }
    try {
      if (ours && !this.runner && !this.stopped) {
        const runner = await this.o.create();
        await runner.start();
        this.runner = runner;
      } else if (!ours) {
        await this.stopRunner();
      }
    } catch (error) {
      // Never rejects: the renewals chain on each other and must go on (the next one retries).
      this.o.log?.(`Lease ${this.o.name}: starting or stopping the runner failed`, error);
    }
  }

  private async stopRunner(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    await runner?.stop();
  }
}
