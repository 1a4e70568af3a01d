// The mail relay (SMTP_URL), or the outbox directory under DATA_DIR without one. Closed after the
// reactors and projections, before the stores.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailer = fp(
  async (app) => {
    const { config } = app;
    const mailer = createMailer({
      smtpUrl: config.smtpUrl ?? undefined,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom ?? undefined,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
