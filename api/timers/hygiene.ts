// Hygiene: what would otherwise only grow is deleted by age, now and then, on whichever store the
// server runs (through the DocumentStore port: SQLite, the cached store, MongoDB alike).
//   - admin sessions past their expiry (the projection writes every session ever started; a
//     session past its expiry never opens again: api/services/admins.ts),
//   - the mail log's and the push log's finished items (sent, given up) older than the retention
//     setting's cutoff (rule: personal-data-retention, and the privacy notice's "Hur länge vi
//     sparar uppgifterna": a log entry names who was written to and about what); push items,
//     which name no one, also after PUSH_KEPT_MS at most, whatever the setting.
//   - the embedded outbox's mail files (DATA_DIR/outbox, without SMTP_URL: each a whole mail
//     naming its customer) once OUTBOX_KEPT_MS old, whatever the setting (its shortest, a month,
//     is no sooner); the mail log keeps who was written to and about what, as the setting says.
//   - leases kept long enough (DocumentStore.purgeLeases: finished ones 30 days on, so a mail's
//     claim outlives any chance of its event being applied again), on the store's own clock,
//     the one leases are taken on.
// Pending items are never touched: they are work still to do. Rate-limit counters have their
// own hourly purge (api/http/rateLimits.ts).
// One sweep at a time across processes (the lease `hygiene`); a process finding it held skips
// (api/reactors/leasedSweep.ts).
import { retentionCutoff } from '../../domain/customers/erasure.js';
import type { Settings } from '../../domain/settings/settings.js';
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore, Filter } from '../../read-models/documentStore.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { LEASES } from '../../projections/leasedRunner.js';
import type { Mailer } from '../mail/mailer.js';
import { MAIL_LOG } from '../mail/outbox.js';
import { PUSH_LOG } from '../push/reactor.js';
import { everyLeasedSweep, type SweepTurn } from '../reactors/leasedSweep.js';

/**
 * How long an admin session's document is kept after it expired. It never opens again from its
 * expiry on; a day more keeps it listed through any clock skew between processes and lets staff
 * see the sessions of the last day in the store when they ask why someone was signed out.
 */
export const SESSION_KEPT_AFTER_EXPIRY_MS = 86_400_000;

/** Finished items of the mail log (the outbox's states that need no more work). */
export const FINISHED_MAIL = ['sent', 'failed'] as const;
/** Finished items of the push log. */
export const FINISHED_PUSH = ['sent', 'gone', 'failed'] as const;

/**
 * How long a finished push item is kept whatever the retention setting: it names no one (a booking
 * number and a subscription's hashed id; the endpoint lives sealed in its subscription), and a
 * notice is about the order of the day, so after a month it only tells how a push went, for
 * support questions.
 */
export const PUSH_KEPT_MS = 30 * 86_400_000;

/**
 * How long a mail file of the embedded outbox is kept whatever the retention setting: it is the
 * sent mail itself, read by whoever runs the kiosk without a relay; after a month it only repeats
 * what the mail log says.
 */
export const OUTBOX_KEPT_MS = 30 * 86_400_000;

/** How often to sweep: an hour, like the retention sweep whose cutoff the logs follow. */
export const HYGIENE_INTERVAL_MS = 3_600_000;

export const HYGIENE_LEASE = { scope: LEASES, id: 'hygiene' } as const;
const HYGIENE_LEASE_TTL_MS = 60_000;

/** Deleted in pages: a first sweep over a long-grown log must not hold the store for long. */
const PAGE = 500;

export interface HygieneOptions {
  docs: DocumentStore;
  settings: () => Promise<Settings>;
  clock: () => Clock;
  owner?: string;
  /** Where sent mails are kept, if anywhere (the embedded outbox's files). */
  mailer?: Pick<Mailer, 'forgetSentBefore'>;
  /** 0: never by itself (a test sweeps by hand). */
  intervalMs: number;
  log: (message: string, error?: unknown) => void;
}

export interface HygieneSweep {
  sessions: number;
  mails: number;
  pushes: number;
  /** Mail files of the embedded outbox. */
  outbox: number;
  leases: number;
}

export interface Hygiene {
  /** One sweep now: answers how many documents of each kind it deleted. */
  sweep(): Promise<HygieneSweep>;
  stop(): Promise<void>;
}

/**
 * What a sweep deletes, as filters on indexed fields. Null for the mail log when the retention
 * setting is 0: the privacy notice then says they are kept until the customer asks.
 */
const earliest = (instant: string, cutoffDate: string | null) =>
  cutoffDate !== null && cutoffDate < instant ? cutoffDate : instant;

export function expiredFilters(now: Date, timeZone: string, retentionMonths: number) {
  const cutoff = retentionCutoff(todayIn({ now, timeZone }), retentionMonths);
  return {
    sessions: { expires_at: { $lt: new Date(now.getTime() - SESSION_KEPT_AFTER_EXPIRY_MS).toISOString() } },
    // created_at is an ISO instant: every one written before the cutoff date sorts below it.
    mails: cutoff === null ? null : { status: { $in: [...FINISHED_MAIL] }, created_at: { $lt: cutoff } },
    // Entries of the mail log from before the outbox: no status, written once sent (asMailItem).
    legacyMails: cutoff === null ? null : { status: null, sent_at: { $lt: cutoff } },
    // The earlier of the retention cutoff and PUSH_KEPT_MS back: push items go also at retention 0.
    pushes: {
      state: { $in: [...FINISHED_PUSH] },
      created_at: { $lt: earliest(new Date(now.getTime() - PUSH_KEPT_MS).toISOString(), cutoff) },
    },
  } satisfies Record<Exclude<keyof HygieneSweep, 'leases' | 'outbox'> | 'legacyMails', Filter | null>;
}

export async function ensureHygieneIndexes(docs: DocumentStore): Promise<void> {
  await docs.ensureIndex(COLLECTIONS.adminSessions, 'expires_at');
  await docs.ensureIndex(MAIL_LOG, 'created_at');
  await docs.ensureIndex(MAIL_LOG, 'sent_at');
  await docs.ensureIndex(PUSH_LOG, 'created_at');
}

export function startHygiene(o: HygieneOptions): Hygiene {
  /** Deletes every document matching, a page at a time, while the lease is ours. */
  const deleteAll = async (collection: string, filter: Filter, turn: SweepTurn) => {
    let deleted = 0;
    for (;;) {
      if (!(await turn.goOn())) return deleted;
      const page = await o.docs.find(collection, filter, { limit: PAGE });
      if (page.length === 0) return deleted;
      await o.docs.commit(page.map((doc) => ({ op: 'delete' as const, collection, id: doc.id })));
      deleted += page.length;
      if (page.length < PAGE) return deleted;
    }
  };

  const nothing = () => ({ sessions: 0, mails: 0, pushes: 0, outbox: 0, leases: 0 });
  return everyLeasedSweep<HygieneSweep>({
    docs: o.docs,
    lease: HYGIENE_LEASE.id,
    leaseTtlMs: HYGIENE_LEASE_TTL_MS,
    owner: o.owner,
    intervalMs: o.intervalMs,
    nothing,
    what: 'hygiene sweep',
    log: o.log,
    async sweep(turn) {
      const done = nothing();
      const clock = o.clock();
      const filters = expiredFilters(clock.now, clock.timeZone, (await o.settings()).personal_data_retention_months);
      done.sessions = await deleteAll(COLLECTIONS.adminSessions, filters.sessions, turn);
      if (filters.mails) done.mails = await deleteAll(MAIL_LOG, filters.mails, turn);
      if (filters.legacyMails) done.mails += await deleteAll(MAIL_LOG, filters.legacyMails, turn);
      if (filters.pushes) done.pushes = await deleteAll(PUSH_LOG, filters.pushes, turn);
      if (o.mailer && !turn.stopped())
        done.outbox = await o.mailer.forgetSentBefore(new Date(clock.now.getTime() - OUTBOX_KEPT_MS));
      if (!turn.stopped()) done.leases = await o.docs.purgeLeases();
      return done;
    },
  });
}
