// Liveness and readiness, for load balancers and orchestrators (GET /api/health, /api/ready).
//
// Ready means this process can answer requests with current data: the event store and the
// read-model store both answer, and the projections are at most maxLag events behind the log
// (read-your-writes waits for them, so a process far behind would answer slowly or stale).
// A process that is shutting down is not ready, so traffic drains away before it stops.
import type { EventStore, Position } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { MailHealth } from './mail/outbox.js';

export interface ReadinessDeps {
  events: EventStore;
  docs: DocumentStore;
  /** Position every projection has applied. */
  projectionPosition: () => Position;
  /** The outbox's state (api/mail/outbox.ts): reported, never a reason to be unready. */
  mail: () => Promise<MailHealth>;
  stopping: () => boolean;
  /** Events the projections may be behind and still be ready. */
  maxLag: number;
  /** How long each store may take to answer. */
  timeoutMs?: number;
}

export interface Readiness {
  ready: boolean;
  event_store: 'ok' | 'unreachable';
  read_models: 'ok' | 'unreachable';
  /** Events not yet applied by every projection; null when the event store did not answer. Counted up to maxLag + 1. */
  projection_lag: number | null;
  stopping: boolean;
  /** Mail trouble never takes the site down, but monitoring sees it; null when the store did not answer. */
  mail: MailHealth | null;
}

export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  // Positions are not event counts (EventStoreDB's are log offsets): count the events after the
  // projections' position, reading no more than it takes to exceed the limit.
  const [lag, readModels, mail] = await Promise.all([
    within(timeoutMs, async () => (await deps.events.readAll(deps.projectionPosition(), deps.maxLag + 1)).length),
    within(timeoutMs, () => deps.docs.getCheckpoint('days_v1')),
    within(timeoutMs, () => deps.mail()),
  ]);
  const stopping = deps.stopping();
  return {
    ready: !stopping && lag.ok && readModels.ok && lag.value <= deps.maxLag,
    event_store: lag.ok ? 'ok' : 'unreachable',
    read_models: readModels.ok ? 'ok' : 'unreachable',
    projection_lag: lag.ok ? lag.value : null,
    stopping,
    mail: mail.ok ? mail.value : null,
  };
}

async function within<T>(ms: number, check: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: false }>((resolve) => (timer = setTimeout(() => resolve({ ok: false }), ms)));
  try {
    return await Promise.race([
      check().then(
        (value) => ({ ok: true as const, value }),
        () => ({ ok: false as const }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
