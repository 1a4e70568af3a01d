// The timers of this process (api/timers/, api/backup/schedule.ts, the waitlist's and the rate
// limits'): each sweeps now and then, one process at a time where a lease says so, and all stop
// before the reactors when the server closes.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { startBookingTimers, type BookingTimers } from '../../timers/bookingTimers.js';
import { startMoveRecovery } from '../../services/reschedule.js';
import { startRetention, type Retention } from '../../timers/retention.js';
import { startScheduledBackups, type ScheduledBackups } from '../../backup/schedule.js';
import {
  SETTLEMENT_INTERVAL_MS,
  startBonusUseSettlement,
  type BonusUseSettlement,
} from '../../timers/bonusUseSettlement.js';
import { HYGIENE_INTERVAL_MS, ensureHygieneIndexes, startHygiene, type Hygiene } from '../../timers/hygiene.js';
import { purgeCountersPeriodically } from '../../http/rateLimits.js';
import { startOfferTimer } from '../../waitlist/offerTimer.js';

/** The sweeps a test (or the Server's answer) runs now. */
export interface Sweeps {
  timers: Pick<BookingTimers, 'sweep'>;
  retention: Pick<Retention, 'sweep'>;
  bonusUses: Pick<BonusUseSettlement, 'sweep'>;
  hygiene: Pick<Hygiene, 'sweep'>;
  backups: Pick<ScheduledBackups, 'round'> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    sweeps: Sweeps;
  }
}

const log = (message: string, error?: unknown) => console.error(message, error);

export const timers = fp(
  async (app) => {
    const { config, docs, services } = app;
    const settings = () => services.settings.current();
    // Reminders and pending expiry (api/timers/bookingTimers.ts): every process sweeps now and then,
    // as the kiosk-day streams decide each step once; the lease of each sweep only keeps several
    // processes from sending the same commands.
    const bookingTimers = startBookingTimers({
      docs,
      bookings: services.bookings,
      settings,
      clock: app.clock,
      intervalMs: config.timerIntervalMs,
      leaseTtlMs: config.reactorLeaseTtlMs,
      log,
    });
    // Moves to another date cut off between their two steps (a crash, a lost process) are finished
    // or undone (rule: reschedule): once the read models have caught up at start, then every minute.
    const moveRecovery = startMoveRecovery({
      service: services.reschedule,
      ready: async () => app.projections.waitFor(await app.events.headPosition(), 60_000),
      log,
    });
    // Customers past the retention setting are erased (api/timers/retention.ts): now and then in
    // every process, each once, decided by the customer's stream.
    const retention = startRetention({
      docs,
      customers: services.customers,
      settings,
      clock: app.clock,
      intervalMs: config.retentionIntervalMs,
      log,
    });
    const backups = scheduledBackups(app);
    // Bonus-code uses whose booking's outcome is known are kept or given back (api/timers/bonusUseSettlement.ts).
    const bonusUses = startBonusUseSettlement({
      docs,
      bonusCodes: services.bonusCodes,
      intervalMs: SETTLEMENT_INTERVAL_MS,
      log,
    });
    // Expired sessions and the logs' old finished items go by age (api/timers/hygiene.ts).
    await ensureHygieneIndexes(docs);
    const hygiene = startHygiene({
      docs,
      mailer: app.mailer,
      settings,
      clock: app.clock,
      intervalMs: HYGIENE_INTERVAL_MS,
      log,
    });
    // Rate-limit counters name clients' addresses: the ended ones go every hour (api/http/rateLimits.ts).
    const counterPurge = purgeCountersPeriodically(docs, log);
    // The waitlist's lapses, and offers of capacity no kiosk-day event freed (more capacity, longer
    // hours), decided by the day streams (api/waitlist/offerTimer.ts).
    const offerTimer = startOfferTimer({
      docs,
      intervalMs: config.waitlistOfferIntervalMs,
      openDates: () => services.waitlist.openDates(),
      offer: (date) => services.waitlist.decideOffers(date),
      log,
    });

    app.decorate('sweeps', { timers: bookingTimers, retention, bonusUses, hygiene, backups });
    app.addHook('onClose', async () => {
      for (const timer of [
        bookingTimers,
        moveRecovery,
        offerTimer,
        counterPurge,
        retention,
        bonusUses,
        hygiene,
        backups,
      ])
        await timer?.stop();
    });
  },
  { name: 'timers', dependencies: ['services'] },
);

/**
 * Scheduled backups (api/backup/schedule.ts): in a process that runs the reactors (the worker, or
 * the single process of the embedded default), one at a time across processes (a lease).
 */
function scheduledBackups({ config, store }: FastifyInstance): ScheduledBackups | null {
  const { backupDir, backupPassphrase } = config;
  if (!backupDir || !backupPassphrase || !config.runReactors) return null;
  return startScheduledBackups({
    config: { ...config, backupDir, backupPassphrase },
    // The wall clock, not the kiosk's: the backups' age is read from their files' times.
    docs: store,
    log,
  });
}
