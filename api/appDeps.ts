// What the HTTP app is built from (the composition root, api/server.ts, makes it): the
// application services, the read models, and the HTTP settings. Routes import their options from
// here, so nothing under api/routes or api/http imports the app back.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { Services } from './services/index.js';
import type { Limiters, Limits } from './http/rateLimits.js';
import type { AppliedSource } from './http/eventStream.js';
import type { UiOptions } from './http/ui.js';

export type { Limiters };

export interface AppDeps {
  services: Services;
  docs: DocumentStore;
  cookieSecret: string;
  /** The site's public base (PUBLIC_URL): an Origin the admin calls accept besides the Host. */
  publicUrl: string;
  /** The VAPID public key browsers subscribe to web push with (GET /notifications/vapid-public-key). */
  vapidPublicKey: string;
  /** Secure cookies: on in production, where the kiosk is served over HTTPS. */
  secureCookies: boolean;
  /** Requests allowed per client address and minute (0: no limit). */
  limits: Limits;
  /** Log request lines (LOG_REQUESTS=1); errors are logged either way. */
  logger?: boolean;
  /** Log the client's address in request lines (LOG_IPS=1); without it no IP address is logged. */
  logIps?: boolean;
  /** Where the log goes (tests); standard output otherwise. */
  logStream?: DestinationStream;
  /**
   * A client that trickles or stalls its request holds a connection and its memory: the whole
   * request must arrive within requestTimeoutMs, and a silent connection closes after
   * connectionTimeoutMs (ms; 0 = no limit).
   */
  requestTimeoutMs?: number;
  connectionTimeoutMs?: number;
  /** SMS notices are configured (rule: sms-notices): the booking form offers the tick. */
  smsEnabled?: boolean;
  /** Behind reverse proxies: how many hops (or which addresses) to trust in X-Forwarded-For. */
  trustProxy?: false | number | string[];
  /** Pages of events the projections have applied (the admin's live stream). */
  onApplied?: AppliedSource;
  /** Serve the Vike UI after /api (when built, or through Vite in dev); off for API-only apps. */
  ui?: UiOptions | false;
}

/** What every route plugin is given. */
export interface RouteOptions {
  deps: AppDeps;
  limiters: Limiters;
}

/** A route plugin: its routes declare zod schemas (fastify-type-provider-zod types the handlers). */
export type RoutePlugin = FastifyPluginAsyncZod<RouteOptions>;
