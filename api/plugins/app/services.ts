// The application services (api/services/index.ts) over the bus and the read models, and a
// start's own writes: go-live's record, the first start's seed, the first admin.
import { mkdirSync } from 'node:fs';
import fp from 'fastify-plugin';
import { SETTINGS_STREAM } from '../../../domain/settings/settings.js';
import type { ErasureParts } from '../../erasure/erasure.js';
import { erasureJournalIn, keepErasure } from '../../erasure/journal.js';
import { createServices, type Services } from '../../services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** What erasing a customer deletes beside the read models (the customers' service and the erasure reactor). */
    erasure: Omit<ErasureParts, 'docs'>;
    /** The first admin, and the password generated for it on this start (printed once), or null. */
    bootstrap: { email: string; generatedPassword: string | null };
  }
}

export const services = fp(
  async (app) => {
    const { config, events, docs, mailer, projections } = app;
    // With BACKUP_DIR, every erasure is kept in the journal beside the backups before its key goes
    // (api/erasure/journal.ts): a restore of an older backup re-applies it.
    if (config.backupDir) mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
    const journal = config.backupDir ? erasureJournalIn(config.backupDir) : null;
    const erasure: Omit<ErasureParts, 'docs'> = {
      keys: events.keys,
      forgetMail: (id) => mailer.forget(id),
      keepErasure: journal ? async (kept: Parameters<typeof keepErasure>[1]) => keepErasure(journal, kept) : undefined,
    };
    const services = createServices(
      { bus: app.bus, clock: app.clock, publicUrl: config.publicUrl, waitForReadModels: (p) => projections.waitFor(p) },
      docs,
      erasure,
      config.swish?.payee ?? null,
    );

    // rule go-live: a first start (no settings yet) at a public address takes no web orders until the
    // owner has done the checklist; recorded before the seed, so a later start never closes a kiosk.
    services.goLive.useMailRelay(config.smtpUrl !== null);
    await services.goLive.recordStart(config.publicUrl, (await events.readStream(SETTINGS_STREAM)).length === 0);
    // A first start seeds default settings and the demo menu; later starts change nothing.
    await services.settings.seed(config.adminEmail);
    await services.menu.seed();
    app.decorate('bootstrap', await services.admins.bootstrap(config.adminEmail, config.adminPassword));
    app.decorate('services', services);
    app.decorate('erasure', erasure);
  },
  { name: 'services', dependencies: ['stores', 'mailer', 'projections', 'bus'] },
);
