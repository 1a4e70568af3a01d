// Abuse limits per client address (README, "Configuration"). Counters live in this process's
// memory: with several API processes each one counts on its own, so a client can reach
// N × the limit at worst. A limit of 0 turns it off (tests and benchmarks that need throughput).
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { msg } from '../../domain/messages.js';

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

export async function registerRateLimits(app: FastifyInstance, limits: Limits): Promise<Limiters> {
  await app.register(rateLimit, { global: false });
  // One handler (one counter store) per group, attached to each route of the group.
  const limiter = (max: number, message: string): onRequestHookHandler | undefined =>
    max > 0
      ? (app.rateLimit({ max, timeWindow: 60_000, errorResponseBuilder: () => new RateLimited(message) }) as onRequestHookHandler)
      : undefined;
  return {
    login: limiter(limits.loginAttemptsPerMinute, msg.tooManyLogins),
    bookings: limiter(limits.bookingsPerMinute, msg.tooManyRequests),
    lookups: limiter(limits.lookupsPerMinute, msg.tooManyRequests),
  };
}

/** Route options that run the limiter first (before the body is read), or nothing when it is off. */
export const limitedBy = (limiter: onRequestHookHandler | undefined) => (limiter ? { onRequest: limiter } : {});
