// The composition root: picks the store adapters from the configuration, wires command bus,
// projections, the reactors (api/reactors/runReactor.ts) and HTTP app, seeds a first start, and shuts everything down in order.
import { elksSender } from './sms/elks.js';
import { smsReactor } from './sms/reactor.js';
import { SmsItemSender } from './sms/sender.js';
import { deliveryReportUrl } from './sms/deliveryReports.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { EventStore } from '../domain/eventStore.js';
import type { Clock } from '../domain/shared/time.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import { cachedDocumentStore } from '../read-models/cachedDocumentStore.js';
import { COLLECTIONS } from '../read-models/shapes.js';
import { ProjectionRunner } from '../projections/runner.js';
import { LeasedRunner, processOwner, releaseDeadPredecessors } from '../projections/leasedRunner.js';
import { PROJECTIONS_HEAD, allProjections } from '../projections/index.js';
import { openEventStore, openReadModelStore } from './stores.js';
import { erasureReactor } from './erasure/erasure.js';
import { startRetention, type Retention } from './timers/retention.js';
import { startScheduledBackups, type ScheduledBackups } from './backup/schedule.js';
import { anyDiskLow, backupOverdue } from './opsAlerts.js';
import { erasureJournalIn, keepErasure } from './erasure/journal.js';
import { CommandBus } from './commands/commandBus.js';
import { createServices, type Services } from './services/index.js';
import { buildApp } from './app.js';
import { operationsRoutes } from './routes/operations.js';
import type { Config } from './config.js';
import { createMailer } from './mail/mailer.js';
import { mailReactor } from './mail/reactor.js';
import { MailSender } from './mail/sender.js';
import { startBookingTimers, type Sweep } from './timers/bookingTimers.js';
import { startMoveRecovery } from './services/reschedule.js';
import { vapidKeys } from './push/vapid.js';
import { PushNoticeSender } from './push/noticeSender.js';
import { createPushSender } from './push/sender.js';
import { pushReactor } from './push/reactor.js';
import { startOfferTimer } from './waitlist/offerTimer.js';
import { waitlistOfferReactor } from './waitlist/offerReactor.js';
import { purgeCountersPeriodically } from './http/rateLimits.js';
import { pushOutboxHealth } from './push/outboxHealth.js';
import type { Watched } from '../projections/stall.js';
import type { AppendFaults } from './eventStore/appendFaults.js';
import { HYGIENE_INTERVAL_MS, ensureHygieneIndexes, startHygiene, type Hygiene } from './timers/hygiene.js';
import {
  SETTLEMENT_INTERVAL_MS,
  startBonusUseSettlement,
  type BonusUseSettlement,
} from './timers/bonusUseSettlement.js';
import { projectionTestDelays } from './testHooks.js';
import { missingRequiredSellerFields, type RequiredSellerField } from '../domain/settings/seller.js';
import { SETTINGS_STREAM } from '../domain/settings/settings.js';

export interface Server {
  app: FastifyInstance;
  services: Services;
  events: EventStore;
  docs: DocumentStore;
  projections: ProjectionRunner;
  /** The booking timers (reminders, pending expiry): one sweep now. */
  timers: { sweep(): Promise<Sweep> };
  /** The retention sweep (rule: personal-data-retention): one sweep now, answering the customers this process erased. */
  retention: Pick<Retention, 'sweep'>;
  /** The bonus-code settlement sweep (rule: bonus-code-settlement): one sweep now. */
  bonusUses: Pick<BonusUseSettlement, 'sweep'>;
  /** The hygiene sweep (api/timers/hygiene.ts): one sweep now. */
  hygiene: Pick<Hygiene, 'sweep'>;
  /** The scheduled backups (BACKUP_DIR, in a process that runs the reactors), or null. */
  backups: Pick<ScheduledBackups, 'round'> | null;
  /** What the watchdog (api/watchdog.ts, started by api/main.ts) looks at: the stores' probes and this process's loops. */
  watched: { stores: { name: string; probe: () => Promise<unknown> }[]; loops: () => Watched[] };
  /**
   * Admin credentials when a password was generated on this start (print once), and the seller's
   * required details still blank (rule: seller-first: the start's console names them).
   */
  bootstrap: { email: string; generatedPassword: string | null; sellerMissing: RequiredSellerField[] };
  close(): Promise<void>;
}

/** The read models cached in each process: settings, days and closures are read by every availability query. */
const CACHED_COLLECTIONS: ReadonlySet<string> = new Set([COLLECTIONS.settings, COLLECTIONS.days, COLLECTIONS.closures]);

/** The read models the anonymous pages are built from (the booking page's +data). */
const PAGE_COLLECTIONS = [COLLECTIONS.days, COLLECTIONS.pizzas, COLLECTIONS.settings, COLLECTIONS.closures];

/**
 * The lease whose holder writes the read models, and its term. Short: after a crash the read
 * models stand still until it runs out (a restarted kiosk shows stale pages meanwhile), while a
 * holder that misses a renewal only hands the writing to another process.
 */
const PROJECTIONS_LEASE = 'projections';
const PROJECTIONS_LEASE_TTL_MS = 3000;

/** How long a shutdown waits for open requests before it closes their connections. */
const DRAIN_MS = 5000;

export interface ServerOptions {
  /** Replaces the system clock (tests). */
  now?: () => Date;
  /** Receives the log instead of standard output (tests). */
  logStream?: DestinationStream;
  /** Makes chosen appends of the command bus fail (tests of unknown append outcomes). */
  appendFaults?: AppendFaults;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  // Bookings, e-mail addresses and the session secret live here: only this user may read them.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Refused when the key store is not the one the log's sealed records need (api/keys/identity.ts).
  const events = await openEventStore(config, { keyStoreIdentity: 'record', now: options.now });
  const store = await openReadModelStore(config);
  const docs = cachedDocumentStore(store, [...CACHED_COLLECTIONS]);

  // Every process follows the read models; the one holding the projections' lease writes them
  // (projections/runner.ts). Its poll is short: the appends of other processes are seen by polling.
  const projections = new ProjectionRunner(events, docs, allProjections, {
    head: PROJECTIONS_HEAD,
    follow: true,
    pollIntervalMs: 50,
    onFollowed: (collections) => docs.forget(collections),
    // Taking the lease over: what this process cached while following may be older than the
    // stored checkpoints it starts from (projections/runner.ts, takeLead).
    onLead: () => docs.forget(CACHED_COLLECTIONS),
    testDelays: projectionTestDelays(),
  });
  await projections.start();
  // A restart after a crash frees what the dead process held (reactors, timers, mail items) at
  // once, instead of every lease running out first.
  const freed = await releaseDeadPredecessors(docs, processOwner());
  if (freed > 0)
    console.error(`Freed ${freed} leases of an earlier process of this host that stopped without ending them`);
  const projector = new LeasedRunner({
    docs,
    name: PROJECTIONS_LEASE,
    ttlMs: PROJECTIONS_LEASE_TTL_MS,
    // Giving the lease up waits for the last commit (follow() resolves once it landed): the next
    // holder starts from the stored checkpoints, which must hold everything this one wrote.
    create: () => ({ start: async () => projections.lead(), stop: () => projections.follow(), wake: () => {} }),
    log: (message, error) => console.error(message, error),
  });
  await projector.start();

  const bus = new CommandBus(options.appendFaults?.wrap(events) ?? events);
  bus.onAppend(() => projections.wake());
  const now = options.now ?? (() => new Date());
  const clock = (): Clock => ({ now: now(), timeZone: config.timeZone });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl ?? undefined,
    outboxDir: join(config.dataDir, 'outbox'),
    from: config.mailFrom ?? undefined,
  });
  // With BACKUP_DIR, every erasure is kept in the journal beside the backups before its key goes
  // (api/erasure/journal.ts): a restore of an older backup re-applies it.
  if (config.backupDir) mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
  const journal = config.backupDir ? erasureJournalIn(config.backupDir) : null;
  const keepErasureInJournal = journal
    ? async (erasure: Parameters<typeof keepErasure>[1]) => keepErasure(journal, erasure)
    : undefined;
  const services = createServices(
    { bus, clock, publicUrl: config.publicUrl, waitForReadModels: (p) => projections.waitFor(p) },
    docs,
    {
      keys: events.keys,
      forgetMail: (id) => mailer.forget(id),
      keepErasure: keepErasureInJournal,
    },
  );

  // rule go-live: a first start (no settings yet) at a public address takes no web orders until the
  // owner has done the checklist; recorded before the seed, so a later start never closes a kiosk.
  services.goLive.useMailRelay(config.smtpUrl !== null);
  await services.goLive.recordStart(config.publicUrl, (await events.readStream(SETTINGS_STREAM)).length === 0);
  // A first start seeds default settings and the demo menu; later starts change nothing.
  await services.settings.seed(config.adminEmail);
  await services.menu.seed();
  const bootstrap = await services.admins.bootstrap(config.adminEmail, config.adminPassword);

  // With RUN_REACTORS=0 this process never sends mail; another (deploy/: the worker) does. The
  // reactor (leased: one process) turns events into outbox items; every reactor process sends
  // them (api/mail/sender.ts).
  await services.mails.ensureIndexes();
  const mailSender = config.runReactors
    ? new MailSender({
        docs,
        mailer,
        owner: processOwner(),
        publicUrl: config.publicUrl,
        timeZone: config.timeZone,
        readModelsAt: () => projections.position(),
        events,
        leaseMs: config.itemLeaseMs,
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
        onItems: (urgent) => mailSender?.wake(urgent),
        leaseTtlMs: config.reactorLeaseTtlMs,
      })
    : null;
  await reactor?.start();
  await mailSender?.start();
  bus.onAppend(() => reactor?.wake());
  // A booking's read models land after its append: an item waiting on them is looked at again.
  projections.onApplied(() => mailSender?.wake());

  // Reminders and pending expiry (api/timers/bookingTimers.ts): every process sweeps now and then,
  // as the kiosk-day streams decide each step once; the lease of each sweep only keeps several
  // processes from sending the same commands.
  const timers = startBookingTimers({
    docs,
    bookings: services.bookings,
    settings: () => services.settings.current(),
    clock,
    intervalMs: config.timerIntervalMs,
    leaseTtlMs: config.reactorLeaseTtlMs,
    log: (message, error) => console.error(message, error),
  });
  // Moves to another date cut off between their two steps (a crash, a lost process) are finished
  // or undone (rule: reschedule): once the read models have caught up at start, then every minute.
  const moveRecovery = startMoveRecovery({
    service: services.reschedule,
    ready: async () => projections.waitFor(await events.headPosition(), 60_000),
    log: (message, error) => console.error(message, error),
  });
  // Web push (rule: ready-notice): one VAPID key pair for every process on this store, and a
  // reactor of its own, leased like the mail reactor, that writes the ready notices as work items.
  const vapid = vapidKeys({
    dataDir: config.dataDir,
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });
  // The reactor (leased: one process) turns Klar into notice items; every reactor process sends them.
  const noticeSender = config.runReactors
    ? new PushNoticeSender({
        events,
        docs,
        sender: createPushSender({ vapid }),
        dropSubscription: (id, status) => services.push.drop(id, status),
        owner: processOwner(),
        leaseMs: config.itemLeaseMs,
        // A notice no browser took, mailed instead: sent now, not at the mail senders' next look.
        onMail: () => mailSender?.wake(true),
      })
    : null;
  const notices = config.runReactors
    ? pushReactor({
        events,
        docs,
        onItems: () => noticeSender?.wake(),
        leaseTtlMs: config.reactorLeaseTtlMs,
      })
    : null;
  await notices?.start();
  await noticeSender?.start();
  bus.onAppend(() => notices?.wake());
  // SMS (rule: sms-notices), off unless configured: a reactor of its own writes the ready SMS as
  // work items, and every reactor process sends them through 46elks, one lease per item.
  // The cookies' secret also keys the SMS delivery-report URLs: one per store, every process alike.
  const cookieSecret = config.sessionSecret ?? sessionSecretFile(config.dataDir);
  // rule kiosk-identity: every SMS starts with the kiosk's name as it is now, read after each write
  // of this process and each minute (another process's change).
  let kioskName = (await services.settings.current()).kiosk_name;
  const readKioskName = () =>
    void services.settings.current().then(
      (s) => (kioskName = s.kiosk_name),
      () => {},
    );
  bus.onAppend(readKioskName);
  const kioskNameTimer = setInterval(readKioskName, 60_000);
  kioskNameTimer.unref();
  const smsSender =
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
          deliveryReportUrl: deliveryReportUrl(config.publicUrl, cookieSecret),
          // The kiosk's clock stamps when each went: the statistics count them per month.
          now,
        })
      : null;
  const smsNotices = smsSender
    ? smsReactor({ events, docs, now, onItems: () => smsSender.wake(), leaseTtlMs: config.reactorLeaseTtlMs })
    : null;
  await smsNotices?.start();
  await smsSender?.start();
  bus.onAppend(() => smsNotices?.wake());
  // Erasures cut off by a crash are completed by the process holding this reactor (api/erasure).
  const erasures = config.runReactors
    ? erasureReactor({
        events,
        docs,
        keys: events.keys,
        forgetMail: (id) => mailer.forget(id),
        keepErasure: keepErasureInJournal,
        leaseTtlMs: config.reactorLeaseTtlMs,
        log: (message, error) => console.error(message, error),
      })
    : null;
  await erasures?.start();
  bus.onAppend(() => erasures?.wake());
  // The waitlist's offers follow the log (api/waitlist/offerReactor.ts): a cancellation's request
  // only appends it, and whichever process holds this reactor offers the freed capacity.
  const waitlistOffers = config.runReactors
    ? waitlistOfferReactor({
        events,
        docs,
        decideOffers: (date) => services.waitlist.decideOffers(date),
        leaseTtlMs: config.reactorLeaseTtlMs,
        log: (message, error) => console.error(message, error),
      })
    : null;
  await waitlistOffers?.start();
  bus.onAppend(() => waitlistOffers?.wake());

  const app = await buildApp({
    services,
    docs,
    cookieSecret,
    publicUrl: config.publicUrl,
    vapidPublicKey: vapid.publicKey,
    smsEnabled: config.sms !== null,
    secureCookies: config.production,
    limits: {
      loginAttemptsPerMinute: config.loginAttemptsPerMinute,
      bookingsPerMinute: config.bookingsPerMinute,
      lookupsPerMinute: config.lookupsPerMinute,
    },
    logger: config.logRequests,
    logIps: config.logIps,
    logStream: options.logStream,
    trustProxy: config.trustProxy,
    // Anonymous pages show the open days, the menu and the settings, on the kiosk's date and time.
    ui: config.serveUi
      ? {
          dev: config.uiDev,
          pageVersion: () => `${projections.changesOf(PAGE_COLLECTIONS)}|${Math.floor(now().getTime() / 60_000)}`,
        }
      : false,
    onApplied: (listener) => projections.onApplied(listener),
    requestTimeoutMs: config.requestTimeoutMs,
    connectionTimeoutMs: config.connectionTimeoutMs,
  });

  // Customers past the retention setting are erased (api/timers/retention.ts): now and then in
  // every process, each once, decided by the customer's stream.
  const retention = startRetention({
    docs,
    customers: services.customers,
    settings: () => services.settings.current(),
    clock,
    intervalMs: config.retentionIntervalMs,
    log: (message, error) => console.error(message, error),
  });

  // Scheduled backups (api/backup/schedule.ts): in a process that runs the reactors (the worker,
  // or the single process of the embedded default), one at a time across processes (a lease).
  const backups =
    config.backupDir && config.backupPassphrase && config.runReactors
      ? startScheduledBackups({
          config: { ...config, backupDir: config.backupDir, backupPassphrase: config.backupPassphrase },
          // The wall clock, not the kiosk's: the backups' age is read from their files' times.
          docs: store,
          log: (message, error) => console.error(message, error),
        })
      : null;

  // Bonus-code uses whose booking's outcome is known are kept or given back (api/timers/bonusUseSettlement.ts).
  const bonusUses = startBonusUseSettlement({
    docs,
    bonusCodes: services.bonusCodes,
    intervalMs: SETTLEMENT_INTERVAL_MS,
    log: (message, error) => console.error(message, error),
  });

  // Expired sessions and the logs' old finished items go by age (api/timers/hygiene.ts).
  await ensureHygieneIndexes(docs);
  const hygiene = startHygiene({
    docs,
    mailer,
    settings: () => services.settings.current(),
    clock,
    intervalMs: HYGIENE_INTERVAL_MS,
    log: (message, error) => console.error(message, error),
  });

  // Rate-limit counters name clients' addresses: the ended ones go every hour (api/http/rateLimits.ts).
  const counterPurge = purgeCountersPeriodically(docs, (message, error) => console.error(message, error));

  // The waitlist's lapses, and offers of capacity no kiosk-day event freed (more capacity, longer
  // hours), decided by the day streams (api/waitlist/offerTimer.ts).
  const offerTimer = startOfferTimer({
    docs,
    intervalMs: config.waitlistOfferIntervalMs,
    openDates: () => services.waitlist.openDates(),
    offer: (date) => services.waitlist.decideOffers(date),
    log: (message, error) => console.error(message, error),
  });

  // The loops of this process the watchdog ends it for when they stall (api/watchdog.ts): the
  // projections, and the reactors and senders while this process runs them (holds their lease).
  const leased = (name: string, runner: LeasedRunner | null): Watched[] =>
    runner
      ? [
          {
            name,
            stalledMs: (at) => (runner.current instanceof ProjectionRunner ? runner.current.stalledMs(at) : null),
          },
        ]
      : [];
  const loops = (): Watched[] => [
    { name: 'the projections', stalledMs: (at) => projections.stalledMs(at) },
    ...leased('the mail reactor', reactor),
    ...leased('the push reactor', notices),
    ...leased('the erasure reactor', erasures),
    ...leased('the waitlist offer reactor', waitlistOffers),
    ...(mailSender ? [{ name: 'the mail sender', stalledMs: (at?: number) => mailSender.stalledMs(at) }] : []),
    ...(noticeSender ? [{ name: 'the push sender', stalledMs: (at?: number) => noticeSender.stalledMs(at) }] : []),
  ];
  const stalledMs = () => Math.max(0, ...loops().map((loop) => loop.stalledMs() ?? 0));

  // Registered here rather than in buildApp: they report on the stores and projections, which
  // only the composition root holds.
  let stopping = false;
  const startedAt = new Date();
  await app.register(operationsRoutes, {
    prefix: '/api',
    readiness: {
      events,
      docs: store,
      projectionPosition: () => projections.position(),
      mail: () => services.mails.health(),
      push: () => pushOutboxHealth(store, now()),
      stalledMs,
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
      alert: { lag: config.alertLag, dueSeconds: config.alertDueSeconds },
      stopping: () => stopping,
      maxLag: config.readyMaxLag,
    },
  });

  let closing: Promise<void> | null = null;
  return {
    app,
    services,
    events,
    docs,
    projections,
    timers: { sweep: () => timers.sweep() },
    retention: { sweep: () => retention.sweep() },
    bonusUses: { sweep: () => bonusUses.sweep() },
    hygiene: { sweep: () => hygiene.sweep() },
    backups: backups && { round: (force) => backups.round(force) },
    watched: {
      stores: [
        { name: 'event store', probe: () => events.headPosition() },
        { name: 'read-model store', probe: () => store.getCheckpoint(PROJECTIONS_HEAD) },
      ],
      loops,
    },
    bootstrap: {
      ...bootstrap,
      sellerMissing: missingRequiredSellerFields((await services.settings.current()).seller),
    },
    /**
     * Stops in order: no new connections and every in-flight request answered (their
     * read-your-writes waits still have running projections), then the reactor and projections
     * after their current page is committed with its checkpoint, then the stores.
     */
    close() {
      stopping = true;
      closing ??= (async () => {
        // server.close() reaps the keep-alive connections idle at that moment only; one whose
        // request was in flight would stay open until its keep-alive timeout. Reap them as
        // their answers go out.
        const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
        // Streams that never end by themselves (the admin's live view, a slow client) are cut
        // after a drain period; their clients reconnect to another process.
        const cut = setTimeout(() => app.server.closeAllConnections?.(), DRAIN_MS);
        try {
          await app.close();
        } finally {
          clearInterval(reaper);
          clearTimeout(cut);
        }
        await timers.stop();
        await moveRecovery.stop();
        await offerTimer.stop();
        await counterPurge.stop();
        await retention.stop();
        await bonusUses.stop();
        await hygiene.stop();
        await backups?.stop();
        await reactor?.stop();
        await mailSender?.stop();
        await notices?.stop();
        await noticeSender?.stop();
        await smsNotices?.stop();
        await smsSender?.stop();
        await erasures?.stop();
        await waitlistOffers?.stop();
        await projector.stop();
        await projections.stop();
        await mailer.close();
        await events.close();
        await docs.close();
      })();
      return closing;
    },
  };
}

/** Without SESSION_SECRET, a random secret kept under DATA_DIR keeps sessions across restarts. */
function sessionSecretFile(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
