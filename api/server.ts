// The composition root: a Fastify app (api/app.ts) composed of plugins, as fastify/demo's is:
// the external ones (the configuration, the stores the configuration names, the mail relay, the
// projections, the command bus, the HTTP layer: api/plugins/external), then the application's (the
// services with a first start's seed, the reactors, the timers: api/plugins/app), then the routes
// (api/routes/index.ts). Each plugin opens what it owns and closes it in an onClose hook; Fastify
// runs those in reverse order of registration, so a shutdown stops in order (close() below).
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { EventStore } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { ProjectionRunner } from '../projections/runner.js';
import { missingRequiredSellerFields, type RequiredSellerField } from '../domain/settings/seller.js';
import type { Config } from './config.js';
import type { Services } from './services/index.js';
import type { AppendFaults } from './eventStore/appendFaults.js';
import type { Sweep } from './timers/bookingTimers.js';
// The application's plugins first: the zod schemas take their ids in the order their modules load,
// and the OpenAPI document lists them in that order (as before these plugins).
import { application } from './plugins/app/index.js';
import { createApp } from './app.js';
import { external } from './plugins/external/index.js';
import type { WatchedParts } from './plugins/external/watched.js';
import type { Sweeps } from './plugins/app/timers.js';
import { routes } from './routes/index.js';

export interface Server {
  app: FastifyInstance;
  services: Services;
  events: EventStore;
  docs: DocumentStore;
  projections: ProjectionRunner;
  /** The booking timers (reminders, pending expiry): one sweep now. */
  timers: { sweep(): Promise<Sweep> };
  /** The retention sweep (rule: personal-data-retention): one sweep now, answering the customers this process erased. */
  retention: Sweeps['retention'];
  /** The bonus-code settlement sweep (rule: bonus-code-settlement): one sweep now. */
  bonusUses: Sweeps['bonusUses'];
  /** The hygiene sweep (api/timers/hygiene.ts): one sweep now. */
  hygiene: Sweeps['hygiene'];
  /** The scheduled backups (BACKUP_DIR, in a process that runs the reactors), or null. */
  backups: Sweeps['backups'];
  /** What the watchdog (api/watchdog.ts, started by api/main.ts) looks at: the stores' probes and this process's loops. */
  watched: Pick<WatchedParts, 'stores' | 'loops'>;
  /**
   * Admin credentials when a password was generated on this start (print once), and the seller's
   * required details still blank (rule: seller-first: the start's console names them).
   */
  bootstrap: { email: string; generatedPassword: string | null; sellerMissing: RequiredSellerField[] };
  close(): Promise<void>;
}

/** How long a shutdown waits for open requests before it closes their connections. */
const DRAIN_MS = 5000;

export interface ServerOptions {
  /** Replaces the system clock (tests). */
  now?: () => Date;
  /** Receives the log instead of standard output (tests). */
  logStream?: DestinationStream;
  /** Makes chosen appends of the command bus fail (tests of unknown append outcomes). */
  appendFaults?: AppendFaults;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  // Bookings, e-mail addresses and the session secret live here: only this user may read them.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const app = createApp(config, options.logStream);
  let stopping = false;
  const now = options.now ?? (() => new Date());
  await app.register(external, { config, now, appendFaults: options.appendFaults });
  await app.register(application);
  await app.register(routes, { stopping: () => stopping });

  const { services, sweeps } = app;
  let closing: Promise<void> | null = null;
  return {
    app,
    services,
    events: app.events,
    docs: app.docs,
    projections: app.projections,
    timers: { sweep: () => sweeps.timers.sweep() },
    retention: { sweep: () => sweeps.retention.sweep() },
    bonusUses: { sweep: () => sweeps.bonusUses.sweep() },
    hygiene: { sweep: () => sweeps.hygiene.sweep() },
    backups: sweeps.backups && { round: (force) => sweeps.backups!.round(force) },
    watched: { stores: app.watched.stores, loops: app.watched.loops },
    bootstrap: {
      ...app.bootstrap,
      sellerMissing: missingRequiredSellerFields((await services.settings.current()).seller),
    },
    /**
     * Stops in order: no new connections and every in-flight request answered (their
     * read-your-writes waits still have running projections), then (the plugins' onClose hooks,
     * in reverse order of registration) the timers, the reactors and senders, the projections
     * after their current page is committed with its checkpoint, the mail relay, the stores.
     */
    close() {
      stopping = true;
      closing ??= (async () => {
        // server.close() reaps the keep-alive connections idle at that moment only; one whose
        // request was in flight would stay open until its keep-alive timeout. Reap them as
        // their answers go out.
        const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
        // Streams that never end by themselves (the admin's live view, a slow client) are cut
        // after a drain period; their clients reconnect to another process.
        const cut = setTimeout(() => app.server.closeAllConnections?.(), DRAIN_MS);
        try {
          await app.close();
        } finally {
          clearInterval(reaper);
          clearTimeout(cut);
        }
      })();
      return closing;
    },
  };
}
