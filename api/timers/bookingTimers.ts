// The system's timers on bookings (issue 17): every sweep reads the coming bookings from the read
// model and sends the commands that are due: expire a booking nobody confirmed in time (rule:
// pending-expiry) and remind a confirmed one before its slot (rule: reminder).
//
// The read model only proposes; the kiosk-day stream decides. A booking already expired or
// reminded appends nothing, and two processes sending the same command race on the stream's
// revision, the loser deciding again on the winner's event and appending nothing. So a sweep is
// harmless in any number of processes, after a restart, and on a lagging read model. It still
// runs in one process at a time (api/server.ts: under the 'timers' lease, like the mail reactor):
// not for correctness but so that N processes do not each send every command; after a crash
// another process takes over within the lease's term. Nothing lives in memory that a restart
// needs: what is due follows from the bookings and the clock.
import type { Settings } from '../../domain/settings/settings.js';
import { DomainError } from '../../domain/shared/errors.js';
import { instantOf, todayIn, wallClock, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import type { Startable } from '../../projections/leasedRunner.js';

export interface BookingSteps {
  expirePending(bookingId: string): Promise<boolean>;
  remind(bookingId: string): Promise<boolean>;
}

export interface BookingTimersOptions {
  docs: DocumentStore;
  bookings: BookingSteps;
  /** The settings in effect (read from the settings stream: exact). */
  settings: () => Promise<Settings>;
  clock: () => Clock;
  /** How often to sweep (TIMER_INTERVAL_MS). */
  intervalMs: number;
  log?: (message: string, error?: unknown) => void;
}

/** What one sweep did: the bookings this process expired and reminded (others appended nothing). */
export interface Sweep {
  expired: string[];
  reminded: string[];
}

const MINUTE = 60_000;

export class BookingTimers implements Startable {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Sweep> | null = null;
  private stopped = true;
  /**
   * Reminders this process has seen decided (by anyone): not asked again while they stay due. Only
   * saves commands: after a restart each is asked once more and appends nothing.
   */
  private reminded = new Set<string>();

  constructor(private readonly o: BookingTimersOptions) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  wake(): void {}

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.sweep()
        .catch((error) => this.o.log?.('Booking timers: sweep failed', error))
        .finally(() => this.schedule(this.o.intervalMs));
    }, delayMs);
  }

  /** One sweep now; one at a time in this process (a call during a sweep joins it). */
  sweep(): Promise<Sweep> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<Sweep> {
    const done: Sweep = { expired: [], reminded: [] };
    const settings = await this.o.settings();
    const clock = this.o.clock();
    const now = clock.now.getTime();
    const today = todayIn(clock);
    const startsAt = (b: BookingDoc) => instantOf(b.booking_date, b.booking_time, clock.timeZone).getTime();

    if (settings.pending_expiry_minutes > 0) {
      const pending = await this.o.docs.find<BookingDoc>(COLLECTIONS.bookings, {
        status: 'pending',
        booking_date: { $gte: today },
      });
      const expiry = settings.pending_expiry_minutes * MINUTE;
      for (const b of pending) {
        if (Date.parse(b.created_at) + expiry > now || startsAt(b) <= now) continue;
        if (await this.step(() => this.o.bookings.expirePending(b.id))) done.expired.push(b.id);
      }
    }

    if (settings.reminder_minutes_before > 0) {
      const before = settings.reminder_minutes_before * MINUTE;
      const lastDate = wallClock(new Date(now + before), clock.timeZone).date;
      const confirmed = await this.o.docs.find<BookingDoc>(COLLECTIONS.bookings, {
        status: 'confirmed',
        booking_date: { $gte: today, $lte: lastDate },
      });
      const due = new Set<string>();
      for (const b of confirmed) {
        const start = startsAt(b);
        const opens = start - before;
        if (now < opens || now >= start) continue;
        // Placed or confirmed inside the window: none (the domain would refuse it).
        if (Date.parse(b.created_at) >= opens || (b.confirmed_at !== null && Date.parse(b.confirmed_at) >= opens))
          continue;
        due.add(b.id);
        if (this.reminded.has(b.id)) continue;
        const recorded = await this.step(() => this.o.bookings.remind(b.id));
        if (recorded !== null) this.reminded.add(b.id);
        if (recorded) done.reminded.push(b.id);
      }
      // Forget what is no longer due, so the set stays as small as one window.
      for (const id of this.reminded) if (!due.has(id)) this.reminded.delete(id);
    }
    return done;
  }

  /**
   * Runs one step: true when it appended, false when it was done before; null when the domain
   * refused it (the read model lagged behind a change) or it failed (logged; the next sweep tries
   * again).
   */
  private async step(run: () => Promise<boolean>): Promise<boolean | null> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DomainError)) this.o.log?.('Booking timers: a step failed', error);
      return null;
    }
  }
}
