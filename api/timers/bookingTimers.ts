// The system's timers on bookings (issue 17): every sweep reads the coming bookings from the read
// model and sends the commands that are due: expire a booking nobody confirmed in time (rule:
// pending-expiry) and remind a confirmed one before its slot (rule: reminder).
//
// The read model only proposes; the kiosk-day stream decides. A booking already expired or
// reminded appends nothing, and two processes sending the same command race on the stream's
// revision, the loser deciding again on the winner's event and appending nothing. So a sweep is
// harmless in any number of processes, after a restart, and on a lagging read model. It still
// runs in one process at a time, on the setup the periodic sweeps share (api/reactors/
// leasedSweep.ts: the lease `timers`, taken for one sweep and let go at its end, asked again
// before every command): not for correctness but so that N processes do not each send every
// command. A process that stalls past the lease's term stops before its next command; one that
// dies holds it until the term runs out, and then any other sweeps. Nothing lives in memory that
// a restart needs: what is due follows from the bookings and the clock.
import type { Settings } from '../../domain/settings/settings.js';
import { DomainError } from '../../domain/shared/errors.js';
import { pendingExpiryRefusal, reminderRefusal, type TimedBooking } from '../../domain/kioskDay/bookingTimers.js';
import { todayIn, wallClock, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import { everyLeasedSweep, type SweepTurn } from '../reactors/leasedSweep.js';

export interface BookingSteps {
  expirePending(bookingId: string): Promise<boolean>;
  remind(bookingId: string): Promise<boolean>;
}

/** The lease one sweep at a time holds (the name the long-held runner's lease had, so old and new processes exclude each other). */
export const BOOKING_TIMERS_LEASE = 'timers';

export interface BookingTimersOptions {
  docs: DocumentStore;
  bookings: BookingSteps;
  /** The settings in effect (read from the settings stream: exact). */
  settings: () => Promise<Settings>;
  clock: () => Clock;
  /** How often to sweep (TIMER_INTERVAL_MS; 0: never by itself, a test sweeps by hand). */
  intervalMs: number;
  /** The lease's term, renewed before every command (REACTOR_LEASE_TTL_MS). */
  leaseTtlMs: number;
  owner?: string;
  log: (message: string, error?: unknown) => void;
}

/** What one sweep did: the bookings this process expired and reminded (others appended nothing). */
export interface Sweep {
  expired: string[];
  reminded: string[];
}

export interface BookingTimers {
  /** One sweep now (nothing when another process's is under way; a call during this process's joins it). */
  sweep(): Promise<Sweep>;
  /** No sweep starts after this; resolves once one under way has ended. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;

/** A booking of the read model as the domain's timer windows read it. */
const timed = (b: BookingDoc): TimedBooking => ({
  booking_date: b.booking_date,
  booking_time: b.booking_time,
  placed_ms: Date.parse(b.created_at),
  confirmed_at: b.confirmed_at,
});

export function startBookingTimers(o: BookingTimersOptions): BookingTimers {
  /**
   * Reminders this process has seen decided (by anyone): not asked again while they stay due. Only
   * saves commands: after a restart each is asked once more and appends nothing.
   */
  const reminded = new Set<string>();
  return everyLeasedSweep({
    docs: o.docs,
    lease: BOOKING_TIMERS_LEASE,
    leaseTtlMs: o.leaseTtlMs,
    owner: o.owner,
    intervalMs: o.intervalMs,
    nothing: () => ({ expired: [], reminded: [] }),
    what: 'Booking timers: sweep',
    log: o.log,
    sweep: (turn) => sweepOnce(o, reminded, turn),
  });
}

async function sweepOnce(o: BookingTimersOptions, reminded: Set<string>, turn: SweepTurn): Promise<Sweep> {
  const done: Sweep = { expired: [], reminded: [] };
  const settings = await o.settings();
  const clock = o.clock();
  const now = clock.now.getTime();
  const today = todayIn(clock);
  const step = (run: () => Promise<boolean>) => stepOf(o, run);

  if (settings.pending_expiry_minutes > 0) {
    const pending = await o.docs.find<BookingDoc>(COLLECTIONS.bookings, {
      status: 'pending',
      booking_date: { $gte: today },
    });
    for (const b of pending) {
      if (pendingExpiryRefusal(settings, timed(b), clock) !== null) continue;
      if (!(await turn.goOn())) return done;
      if (await step(() => o.bookings.expirePending(b.id))) done.expired.push(b.id);
    }
  }

  if (settings.reminder_minutes_before > 0) {
    const before = settings.reminder_minutes_before * MINUTE;
    const lastDate = wallClock(new Date(now + before), clock.timeZone).date;
    const confirmed = await o.docs.find<BookingDoc>(COLLECTIONS.bookings, {
      status: 'confirmed',
      booking_date: { $gte: today, $lte: lastDate },
    });
    const due = new Set<string>();
    for (const b of confirmed) {
      // Outside its window, or placed or confirmed inside it: none (the domain would refuse it).
      if (reminderRefusal(settings, timed(b), clock) !== null) continue;
      due.add(b.id);
      if (reminded.has(b.id)) continue;
      // Stopped or the lease lost: the rest is left to the next sweep (here or in another process),
      // and the set is not trimmed by a list of what is due that was never finished.
      if (!(await turn.goOn())) return done;
      const recorded = await step(() => o.bookings.remind(b.id));
      if (recorded !== null) reminded.add(b.id);
      if (recorded) done.reminded.push(b.id);
    }
    // Forget what is no longer due, so the set stays as small as one window.
    for (const id of reminded) if (!due.has(id)) reminded.delete(id);
  }
  return done;
}

/**
 * Runs one step: true when it appended, false when it was done before; null when the domain
 * refused it (the read model lagged behind a change) or it failed (logged; the next sweep tries
 * again).
 */
async function stepOf(o: BookingTimersOptions, run: () => Promise<boolean>): Promise<boolean | null> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError)) o.log('Booking timers: a step failed', error);
    return null;
  }
}
