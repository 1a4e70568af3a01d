// Abuse limits per client address (docs/configuration.md). The counters live in the
// read-model database every API process shares (SQLite in DATA_DIR by default, MongoDB in
// production), so N processes give a client the limit once, not N times. A limit of 0 turns it
// off (tests and benchmarks that need throughput).
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { msg } from '../../domain/messages.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { everyInterval, type Periodic } from '../periodic.js';

export interface Limits {
  loginAttemptsPerMinute: number;
  bookingsPerMinute: number;
  lookupsPerMinute: number;
}

/** A refusal the error handler answers with 429, its Swedish text and the plugin's Retry-After. */
export class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(message: string) {
    super(message);
    this.name = 'RateLimited';
  }
}

export interface Limiters {
  /** POST /admin/login */
  login?: onRequestHookHandler;
  /** POST /bookings and POST /notifications/subscribe, counted together. */
  bookings?: onRequestHookHandler;
  /** Lookup, public cancel and bonus-code checks, counted together: each guesses at a secret. */
  lookups?: onRequestHookHandler;
}

/**
 * @fastify/rate-limit's store interface over DocumentStore.countHit: the counters live in the
 * database all processes share. Keys name their group (see registerRateLimits).
 */
function sharedCounters(docs: DocumentStore): FastifyRateLimitStoreCtor {
  return class SharedCounters implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      docs.countHit(key, timeWindow).then(
        ({ count, resetInMs }) => done(null, { current: count, ttl: Math.max(0, resetInMs) }),
        (error: Error) => done(error),
      );
    }

    child() {
      return new SharedCounters();
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, limits: Limits, docs: DocumentStore): Promise<Limiters> {
  await app.register(rateLimit, { global: false, store: sharedCounters(docs) });
  // One handler per limit, attached to each route of the group; its counters are the client's
  // address (IPv6 by /64, as the plugin counts by default) within the group.
  const limiter = (group: string, max: number, message: string): onRequestHookHandler | undefined =>
    max > 0
      ? app.rateLimit({
          max,
          timeWindow: 60_000,
          keyGenerator: (request) => `${group}:${normalizeIP(request.ip, 64)}`,
          errorResponseBuilder: () => new RateLimited(message),
        })
      : undefined;
  return {
    login: limiter('login', limits.loginAttemptsPerMinute, msg.tooManyLogins),
    bookings: limiter('bookings', limits.bookingsPerMinute, msg.tooManyRequests),
    lookups: limiter('lookups', limits.lookupsPerMinute, msg.tooManyRequests),
  };
}

/** Route options that run the limiter first (before the body is read), or nothing when it is off. */
export const limitedBy = (limiter: onRequestHookHandler | undefined) => (limiter ? { onRequest: limiter } : {});

/** How often each process purges the counters, and how long after its window one is kept. */
export const COUNTER_PURGE_MS = 3_600_000;

/**
 * Purges the ended counters now and every hour (DocumentStore.purgeCounters): a counter names a
 * client's address, so none is kept more than about two hours after its window, never a day.
 * Every process may run it: deleting what another deleted already is nothing.
 */
export function purgeCountersPeriodically(
  docs: DocumentStore,
  log: (message: string, error?: unknown) => void,
): Periodic {
  const purge = async () => docs.purgeCounters(COUNTER_PURGE_MS);
  const periodic = everyInterval(COUNTER_PURGE_MS, purge, (error) => log('purging rate-limit counters failed:', error));
  periodic.runNow();
  return periodic;
}
