// The routes, after the external and application plugins: the public calls and the admin's under
// /api (SPEC section 7), the pages (the Vike UI, when served), and the operations' health and
// readiness. Registered on the root (fastify-plugin): the UI's catch-all and the routes sit where
// the HTTP layer's error handling and OpenAPI document see them.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { missingRequiredSellerFields } from '../../domain/settings/seller.js';
import { certificateExpiresSoon } from '../../domain/settings/swishPrepay.js';
import { SWISH_SETTINGS } from '../../projections/swishSettings.js';
import { registerUi } from '../http/ui.js';
import { anyDiskLow, backupOverdue } from '../opsAlerts.js';
import { pushOutboxHealth } from '../push/outboxHealth.js';
import { getHeapStatistics } from 'node:v8';
import type { ReadinessDeps } from '../readiness.js';
import { adminRoutes } from './admin/index.js';
import { operationsRoutes } from './operations.js';
import { publicRoutes } from './public/index.js';

/** The read models the anonymous pages are built from (the booking page's +data). */
// The Swish prepay rule too (issue 49): the booking page says before its order button how it is paid.
const PAGE_COLLECTIONS = [
  COLLECTIONS.days,
  COLLECTIONS.pizzas,
  COLLECTIONS.settings,
  COLLECTIONS.closures,
  SWISH_SETTINGS,
];

export interface RoutesOptions {
  /** Whether the server is shutting down (GET /api/ready answers 503 then). */
  stopping: () => boolean;
}

export const routes = fp<RoutesOptions>(
  async (app, options) => {
    const { config, projections, limiters } = app;
    const deps: AppDeps = {
      services: app.services,
      docs: app.docs,
      cookieSecret: app.cookieSecret,
      publicUrl: config.publicUrl,
      vapidPublicKey: app.vapidPublicKey,
      smsEnabled: config.sms !== null,
      swish:
        config.swish && app.swish && app.swishPayments && app.swishRefunds
          ? { config: config.swish, client: app.swish, payments: app.swishPayments, refunds: app.swishRefunds }
          : null,
      secureCookies: config.production,
      onApplied: (listener) => projections.onApplied(listener),
    };
    await app.register(publicRoutes, { prefix: '/api', deps, limiters });
    await app.register(adminRoutes, { prefix: '/api/admin', deps, limiters });
    // Anonymous pages show the open days, the menu and the settings, on the kiosk's date and time.
    if (config.serveUi)
      await registerUi(app, {
        dev: config.uiDev,
        pageVersion: () => `${projections.changesOf(PAGE_COLLECTIONS)}|${Math.floor(app.now().getTime() / 60_000)}`,
      });
    await app.register(operationsRoutes, { prefix: '/api', readiness: readinessOf(app, options.stopping) });
  },
  { name: 'routes', dependencies: ['http', 'application'] },
);

/** What GET /api/ready reports on (api/readiness.ts): the stores, the projections, the loops, the alerts. */
function readinessOf(app: FastifyInstance, stopping: () => boolean): ReadinessDeps {
  const { config, services } = app;
  const startedAt = new Date();
  return {
    events: app.events,
    docs: app.store,
    projectionPosition: () => app.projections.position(),
    mail: () => services.mails.health(),
    push: () => pushOutboxHealth(app.store, app.now()),
    stalledMs: app.watched.stalledMs,
    memoryBounds: () => {
      const bus = app.bus.cacheUse();
      const readModels = app.docs.cacheUse();
      return [
        { name: 'command_streams', used: bus.streams, bound: bus.max_streams },
        { name: 'command_records', used: bus.records, bound: bus.max_records },
        { name: 'read_model_cache', used: readModels.entries, bound: readModels.max_entries },
        {
          name: 'heap_mb',
          used: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
          bound: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
        },
      ];
    },
    sellerMissing: async () => missingRequiredSellerFields((await services.settings.current()).seller).length > 0,
    // rule go-live: what a new public install still lacks before web orders open.
    notReadyForOrders: async () => (await services.goLive.status()).missing,
    // backup_overdue and disk_low (api/opsAlerts.ts): the wall clock, as the backups' files are dated.
    backupOverdue:
      config.backupDir && config.backupPassphrase
        ? () =>
            backupOverdue({
              backupDir: config.backupDir!,
              intervalMs: config.backupIntervalMs,
              startedAt,
              now: new Date(),
            })
        : undefined,
    diskLow: () =>
      anyDiskLow([config.dataDir, ...(config.backupDir ? [config.backupDir] : [])], {
        percent: config.alertDiskFreePercent,
        mb: config.alertDiskFreeMb,
      }),
    // rule swish-certificate: the kiosk's clock, as the admin page counts the days left.
    swishCertificateExpiring: config.swish
      ? () => certificateExpiresSoon(config.swish!.certificate.validTo, app.now())
      : undefined,
    alert: { lag: config.alertLag, dueSeconds: config.alertDueSeconds },
    stopping,
    maxLag: config.readyMaxLag,
  };
}
