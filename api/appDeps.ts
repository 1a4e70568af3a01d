// What the routes are given (api/routes/index.ts makes it from the root's decorations): the
// application services, the read models, and the settings they answer with. Routes import their
// options from here, so nothing under api/routes or api/http imports the app back.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { Services } from './services/index.js';
import type { Limiters } from './http/rateLimits.js';
import type { AppliedSource } from './http/eventStream.js';
import type { SwishConfig } from './swish/config.js';
import type { SwishClient } from './swish/client.js';
import type { SwishPayments } from './swish/payments.js';
import type { SwishRefunds } from './swish/refunds.js';

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
  /** SMS notices are configured (rule: sms-notices): the booking form offers the tick. */
  smsEnabled?: boolean;
  /** Swish Handel (issue 49) when set up: its settings and client; null or absent: off. */
  swish?: { config: SwishConfig; client: SwishClient; payments: SwishPayments; refunds: SwishRefunds } | null;
  /** Pages of events the projections have applied (the admin's live stream). */
  onApplied?: AppliedSource;
}

/** What every route plugin is given. */
export interface RouteOptions {
  deps: AppDeps;
  limiters: Limiters;
}

/** A route plugin: its routes declare zod schemas (fastify-type-provider-zod types the handlers). */
export type RoutePlugin = FastifyPluginAsyncZod<RouteOptions>;
