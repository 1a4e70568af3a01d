// What the watchdog (api/watchdog.ts, started by api/main.ts) looks at: the stores' probes, and
// the loops of this process it ends it for when they stall: the projections, and the reactors and
// senders while this process runs them (holds their lease). Each plugin adds what it owns.
import fp from 'fastify-plugin';
import { ProjectionRunner } from '../../../projections/runner.js';
import type { LeasedRunner } from '../../../projections/leasedRunner.js';
import type { Watched } from '../../../projections/stall.js';

export interface WatchedStore {
  name: string;
  probe: () => Promise<unknown>;
}

export interface WatchedParts {
  stores: WatchedStore[];
  /** Every loop watched: the projections first, then the reactors, then the senders. */
  loops: () => Watched[];
  /** The longest stall of those loops (GET /api/ready). */
  stalledMs: () => number;
  store(name: string, probe: () => Promise<unknown>): void;
  projections(runner: ProjectionRunner): void;
  /** A leased reactor: watched while this process holds its lease (runs its runner). */
  reactor(name: string, runner: LeasedRunner | null): void;
  sender(name: string, sender: { stalledMs(at?: number): number | null } | null): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    watched: WatchedParts;
  }
}

export function watchedParts(): WatchedParts {
  const stores: WatchedStore[] = [];
  const projections: Watched[] = [];
  const reactors: Watched[] = [];
  const senders: Watched[] = [];
  const loops = (): Watched[] => [...projections, ...reactors, ...senders];
  return {
    stores,
    loops,
    stalledMs: () => Math.max(0, ...loops().map((loop) => loop.stalledMs() ?? 0)),
    store: (name, probe) => void stores.push({ name, probe }),
    projections: (runner) =>
      void projections.push({ name: 'the projections', stalledMs: (at) => runner.stalledMs(at) }),
    reactor(name, runner) {
      if (!runner) return;
      reactors.push({
        name,
        stalledMs: (at) => (runner.current instanceof ProjectionRunner ? runner.current.stalledMs(at) : null),
      });
    },
    sender(name, sender) {
      if (sender) senders.push({ name, stalledMs: (at) => sender.stalledMs(at) });
    },
  };
}

export const watched = fp(
  async (app) => {
    app.decorate('watched', watchedParts());
  },
  { name: 'watched' },
);
