// SMS (rule: sms-notices), off unless configured: a reactor of its own writes the ready SMS as
// work items, and every reactor process sends them through 46elks, one lease per item.
import fp from 'fastify-plugin';
import { processOwner } from '../../../../projections/leasedRunner.js';
import { elksSender } from '../../../sms/elks.js';
import { smsReactor } from '../../../sms/reactor.js';
import { SmsItemSender } from '../../../sms/sender.js';
import { deliveryReportUrl } from '../../../sms/deliveryReports.js';

export const sms = fp(
  async (app) => {
    const { config, events, docs, services, now } = app;
    // rule kiosk-identity: every SMS starts with the kiosk's name as it is now, read after each write
    // of this process and each minute (another process's change).
    let kioskName = (await services.settings.current()).kiosk_name;
    const readKioskName = () =>
      void services.settings.current().then(
        (s) => (kioskName = s.kiosk_name),
        () => {},
      );
    app.bus.onAppend(readKioskName);
    const kioskNameTimer = setInterval(readKioskName, 60_000);
    kioskNameTimer.unref();
    const sender =
      config.runReactors && config.sms
        ? new SmsItemSender({
            events,
            docs,
            sender: elksSender(config.sms),
            owner: processOwner(),
            leaseMs: config.itemLeaseMs,
            get kioskName() {
              return kioskName;
            },
            // 46elks posts delivery reports back (rule: sms-delivery-reports).
            deliveryReportUrl: deliveryReportUrl(config.publicUrl, app.cookieSecret),
            // The kiosk's clock stamps when each went: the statistics count them per month.
            now,
          })
        : null;
    const reactor = sender
      ? smsReactor({ events, docs, now, onItems: () => sender.wake(), leaseTtlMs: config.reactorLeaseTtlMs })
      : null;
    await reactor?.start();
    await sender?.start();
    app.bus.onAppend(() => reactor?.wake());
    app.addHook('onClose', async () => {
      clearInterval(kioskNameTimer);
      await reactor?.stop();
      await sender?.stop();
    });
  },
  { name: 'sms', dependencies: ['services', 'http'] },
);
