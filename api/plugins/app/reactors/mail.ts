// Mail (api/mail/): the reactor (leased: one process) turns events into outbox items; every
// reactor process sends them (api/mail/sender.ts). With RUN_REACTORS=0 this process never sends
// mail; another (deploy/: the worker) does.
import fp from 'fastify-plugin';
import { processOwner } from '../../../../projections/leasedRunner.js';
import { mailReactor } from '../../../mail/reactor.js';
import { MailSender } from '../../../mail/sender.js';
import { MailBackPressure } from '../../../outbox/mailBackPressure.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's mail sender (RUN_REACTORS), or null: other reactors wake it for a mail sent now. */
    mailSender: MailSender | null;
    /** Holds new web bookings back while the mail is far behind (issue 48; POST /api/bookings). */
    mailBackPressure: MailBackPressure;
  }
}

export const mail = fp(
  async (app) => {
    const { config, events, docs, projections } = app;
    await app.services.mails.ensureIndexes();
    const backPressure = new MailBackPressure(app.services.mails, { limit: config.mailBacklogLimit });
    const sender = config.runReactors
      ? new MailSender({
          docs,
          mailer: app.mailer,
          owner: processOwner(),
          publicUrl: config.publicUrl,
          timeZone: config.timeZone,
          readModelsAt: () => projections.position(),
          events,
          leaseMs: config.itemLeaseMs,
          onLeft: () => backPressure.left(),
        })
      : null;
    const reactor = config.runReactors
      ? mailReactor({
          events,
          docs,
          publicUrl: config.publicUrl,
          timeZone: config.timeZone,
          // A notice goes by SMS instead of mail only where SMS is configured (rule: notice-channel).
          smsConfigured: config.sms !== null,
          onItems: (urgent, count) => {
            backPressure.written(count);
            sender?.wake(urgent);
          },
          leaseTtlMs: config.reactorLeaseTtlMs,
        })
      : null;
    await reactor?.start();
    await sender?.start();
    app.bus.onAppend(() => reactor?.wake());
    // A booking's read models land after its append: an item waiting on them is looked at again.
    projections.onApplied(() => sender?.wake());
    app.decorate('mailSender', sender);
    app.decorate('mailBackPressure', backPressure);
    app.watched.reactor('the mail reactor', reactor);
    app.watched.sender('the mail sender', sender);
    app.addHook('onClose', async () => {
      await reactor?.stop();
      await sender?.stop();
    });
  },
  { name: 'mail', dependencies: ['services'] },
);
