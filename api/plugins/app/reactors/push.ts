// Web push (rule: ready-notice): one VAPID key pair for every process on this store, and a
// reactor of its own, leased like the mail reactor, that writes the ready notices as work items:
// the reactor (leased: one process) turns Klar into notice items; every reactor process sends them.
import fp from 'fastify-plugin';
import { processOwner } from '../../../../projections/leasedRunner.js';
import { vapidKeys } from '../../../push/vapid.js';
import { PushNoticeSender } from '../../../push/noticeSender.js';
import { createPushSender } from '../../../push/sender.js';
import { pushReactor } from '../../../push/reactor.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The VAPID public key browsers subscribe to web push with. */
    vapidPublicKey: string;
  }
}

export const push = fp(
  async (app) => {
    const { config, events, docs, services } = app;
    const vapid = vapidKeys({
      dataDir: config.dataDir,
      publicKey: config.vapidPublicKey,
      privateKey: config.vapidPrivateKey,
      subject: config.vapidSubject,
    });
    app.decorate('vapidPublicKey', vapid.publicKey);
    const sender = config.runReactors
      ? new PushNoticeSender({
          events,
          docs,
          sender: createPushSender({ vapid }),
          dropSubscription: (id, status) => services.push.drop(id, status),
          owner: processOwner(),
          leaseMs: config.itemLeaseMs,
          // A notice no browser took, mailed instead: sent now, not at the mail senders' next look.
          onMail: () => app.mailSender?.wake(true),
        })
      : null;
    const reactor = config.runReactors
      ? pushReactor({ events, docs, onItems: () => sender?.wake(), leaseTtlMs: config.reactorLeaseTtlMs })
      : null;
    await reactor?.start();
    await sender?.start();
    app.bus.onAppend(() => reactor?.wake());
    app.watched.reactor('the push reactor', reactor);
    app.watched.sender('the push sender', sender);
    app.addHook('onClose', async () => {
      await reactor?.stop();
      await sender?.stop();
    });
  },
  { name: 'push', dependencies: ['services', 'mail'] },
);
