// The read models: every process follows them; the one holding the projections' lease writes
// them (projections/runner.ts, projections/leasedRunner.ts).
import fp from 'fastify-plugin';
import { ProjectionRunner } from '../../../projections/runner.js';
import { LeasedRunner, processOwner, releaseDeadPredecessors } from '../../../projections/leasedRunner.js';
import { PROJECTIONS_HEAD, allProjections } from '../../../projections/index.js';
import { projectionTestDelays } from '../../testHooks.js';
import { CACHED_COLLECTIONS } from './stores.js';

declare module 'fastify' {
  interface FastifyInstance {
    projections: ProjectionRunner;
  }
}

/**
 * The lease whose holder writes the read models, and its term. Short: after a crash the read
 * models stand still until it runs out (a restarted kiosk shows stale pages meanwhile), while a
 * holder that misses a renewal only hands the writing to another process.
 */
const PROJECTIONS_LEASE = 'projections';
const PROJECTIONS_LEASE_TTL_MS = 3000;

export const projections = fp(
  async (app) => {
    const { events, docs } = app;
    // Its poll is short: the appends of other processes are seen by polling.
    const projections = new ProjectionRunner(events, docs, allProjections, {
      head: PROJECTIONS_HEAD,
      follow: true,
      pollIntervalMs: 50,
      onFollowed: (collections) => docs.forget(collections),
      // Taking the lease over: what this process cached while following may be older than the
      // stored checkpoints it starts from (projections/runner.ts, takeLead).
      onLead: () => docs.forget(CACHED_COLLECTIONS),
      testDelays: projectionTestDelays(),
    });
    await projections.start();
    // A restart after a crash frees what the dead process held (reactors, timers, mail items) at
    // once, instead of every lease running out first.
    const freed = await releaseDeadPredecessors(docs, processOwner());
    if (freed > 0)
      console.error(`Freed ${freed} leases of an earlier process of this host that stopped without ending them`);
    const projector = new LeasedRunner({
      docs,
      name: PROJECTIONS_LEASE,
      ttlMs: PROJECTIONS_LEASE_TTL_MS,
      // Giving the lease up waits for the last commit (follow() resolves once it landed): the next
      // holder starts from the stored checkpoints, which must hold everything this one wrote.
      create: () => ({ start: async () => projections.lead(), stop: () => projections.follow(), wake: () => {} }),
      log: (message, error) => console.error(message, error),
    });
    await projector.start();
    app.decorate('projections', projections);
    app.watched.projections(projections);
    // The lease first, then the runner after its current page is committed with its checkpoint.
    app.addHook('onClose', async () => {
      await projector.stop();
      await projections.stop();
    });
  },
  { name: 'projections', dependencies: ['stores', 'watched'] },
);
