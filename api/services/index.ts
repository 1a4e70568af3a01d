// The application services, one per stream (or group of streams that belong together), built
// once by the composition root (api/server.ts) and handed to the routes through AppDeps.
import type { DocumentStore } from '../../read-models/documentStore.js';
import { AccountingService } from './accounting.js';
import { AdminsService } from './admins.js';
import { BonusCodesService } from './bonusCodes.js';
import { BookingsService } from './bookings.js';
import { StaffOrdersService } from './staffOrders.js';
import { CalendarService } from './calendar.js';
import { ClosuresService } from './closures.js';
import { ClosuresInEffect } from './closuresInEffect.js';
import { CounterService } from './counter.js';
import { MailOutbox } from '../mail/outbox.js';
import { CustomersService } from './customers.js';
import type { ErasureParts } from '../erasure/erasure.js';
import { Commands, type ServiceContext } from './commands.js';
import { MenuService } from './menu.js';
import { PushService } from './push.js';
import { RescheduleService } from './reschedule.js';
import { SettingsService } from './settings.js';
import { SwishService, swishAskedFor } from './swish.js';
import { GoLiveService } from './goLive.js';
import { KioskService } from './kiosk.js';
import { VipService } from './vip.js';
import { WaitlistService } from './waitlist.js';

export type { ServiceContext };

/** @param erasure what erasing a customer deletes beside the read models (api/erasure). */
/** @param swishPayee the merchant's Swish number when Swish is set up (issue 49), else null. */
export function createServices(
  context: ServiceContext,
  docs: DocumentStore,
  erasure: Omit<ErasureParts, 'docs'>,
  swishPayee: string | null = null,
) {
  const commands = new Commands(context);
  const swish = new SwishService(commands);
  const settings = new SettingsService(commands);
  const menu = new MenuService(commands);
  const vip = new VipService(commands);
  // Every decision on a date reads the closures in effect from their stream (rule: closures).
  const inEffect = new ClosuresInEffect(commands);
  // The counter's evening (issue 29): sold out, daily stock, pause, delays.
  const counter = new CounterService(commands, menu, docs);
  const bookings = new BookingsService(
    commands,
    settings,
    menu,
    vip,
    inEffect,
    counter,
    swishPayee ? swishAskedFor(swish, docs, swishPayee) : undefined,
  );
  // Closing cancels the affected bookings through the bookings service (rule: closure-bookings).
  const closures = new ClosuresService(commands, docs, bookings);
  // The capacity a cancellation frees is offered by the waitlist's offer reactor (api/server.ts),
  // which follows the log: no service calls another when something happened.
  const waitlist = new WaitlistService(commands, settings, menu, vip, inEffect, docs);
  return {
    clock: context.clock,
    settings,
    menu,
    vip,
    closures,
    counter,
    admins: new AdminsService(commands, docs),
    bookings,
    staffOrders: new StaffOrdersService(commands, settings, menu, inEffect, counter),
    reschedule: new RescheduleService(commands, settings, inEffect, docs),
    waitlist,
    calendar: new CalendarService(commands, settings, inEffect, docs),
    bonusCodes: new BonusCodesService(commands),
    push: new PushService(commands),
    accounting: new AccountingService(commands, docs),
    customers: new CustomersService(commands, docs, bookings, erasure),
    /** The mail log and outbox (api/mail/outbox.ts): listed, resent, reported by /api/ready. */
    // Wall-clock time: when a mail is due is the relay's business, not the kiosk's day.
    mails: new MailOutbox(docs, () => new Date()),
    /** rule: go-live. The checklist before the first web order of a new public install. */
    goLive: new GoLiveService(commands, settings, docs),
    /** rule: kiosk-identity. The kiosk's name, tagline and logo. */
    kiosk: new KioskService(commands, settings),
    /** Swish (issue 49): the prepay rule (rule: swish-prepay) and the admin page's view of the setup. */
    swish,
  };
}

export type Services = ReturnType<typeof createServices>;
