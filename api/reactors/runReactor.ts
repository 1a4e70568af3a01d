// The one setup every reactor shares (mail, push, SMS, erasure, the waitlist's offers). A reactor
// is a projection with side effects: it follows the event log from a checkpoint of its own, in
// one process at a time. So it runs under a lease named after it (projections/leasedRunner.ts:
// another process takes over once the holder stops or dies), each term of holding it starts a
// runner on the checkpoint the last holder left, and a reactor that has never run starts at the
// head of the log (projections/reactorCheckpoint.ts: reactors act on the world, so they never
// replay history). The checkpoint is stored after every page. What a reactor does for one event
// must still be safe to do again: a crash between its work and the checkpoint's commit hands the
// same page to the next holder.
import type { EventStore } from '../../domain/eventStore.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { Projection } from '../../projections/projection.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { LeasedRunner, processOwner } from '../../projections/leasedRunner.js';
import { startAtHead } from '../../projections/reactorCheckpoint.js';

export interface ReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  /** What it does per event; its name is the reactor's checkpoint and lease. */
  reactor: Projection;
  /** Events per page: the checkpoint is committed after each page. */
  pageSize: number;
  /** How often it looks at the log when nobody wakes it. */
  pollIntervalMs: number;
  /** After each page's commit (e.g. to wake the senders of the work items it wrote). */
  onCommitted?: () => void;
  /** This process in the lease (default host:pid:random). */
  owner?: string;
  /** The lease's term (REACTOR_LEASE_TTL_MS; tests shorten it). */
  leaseTtlMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** The reactor under its lease; start() it, wake() it after appends, stop() it on shutdown. */
export function runReactor(o: ReactorOptions): LeasedRunner {
  const name = o.reactor.name;
  return new LeasedRunner({
    docs: o.docs,
    name,
    owner: o.owner ?? processOwner(),
    ttlMs: o.leaseTtlMs,
    async create() {
      await startAtHead(o.events, o.docs, name);
      return new ProjectionRunner(o.events, o.docs, [o.reactor], {
        pageSize: o.pageSize,
        pollIntervalMs: o.pollIntervalMs,
        onCommitted: o.onCommitted,
        // Its work is done when the page is: a restart starts after it, not at its last write.
        checkpointEveryPage: true,
        log: o.log,
      });
    },
    log: o.log ?? ((message, error) => console.error(message, error ?? '')),
  });
}
