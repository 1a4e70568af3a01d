// The waitlist's offer timer (rule: waitlist): every API process runs the offer decision now and
// then for each date with an entry waiting or holding an offer, so holds that ran out lapse and
// capacity freed by anything (a customer's or the system's cancellation, more capacity, longer
// hours, a booking of fewer pizzas than held) reaches the queue without anyone asking.
//
// Why running it in every process, any number of times, is still exactly once: the decision is the
// kiosk-day stream's. It appends nothing when nothing changed, and two processes deciding the same
// offer append with the same expected revision: one wins, the other's retry decides again on the
// state that now holds the offer, and appends nothing.
import { everyInterval } from '../periodic.js';

export interface OfferTimerOptions {
  intervalMs: number;
  /** Dates with open entries (the waitlist read model). */
  openDates: () => Promise<string[]>;
  /** Runs the decision for one date. */
  offer: (date: string) => Promise<unknown>;
  log?: (message: string, error: unknown) => void;
}

export function startOfferTimer(o: OfferTimerOptions): { stop(): Promise<void> } {
  if (o.intervalMs <= 0) return { stop: async () => {} };
  const periodic = everyInterval(
    o.intervalMs,
    async (stopped) => {
      for (const date of await o.openDates()) {
        if (stopped()) return;
        try {
          await o.offer(date);
        } catch (error) {
          o.log?.(`waitlist offers for ${date} failed:`, error);
        }
      }
    },
    (error) => o.log?.('waitlist offer round failed:', error),
  );
  return { stop: () => periodic.stop() };
}
