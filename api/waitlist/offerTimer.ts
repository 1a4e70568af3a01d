// The waitlist's offer timer (rule: waitlist): every API process runs the offer decision now and
// then for each date with an entry waiting or holding an offer, so holds that ran out lapse and
// capacity no kiosk-day event tells of (more capacity or longer hours from the settings, a
// closure removed) reaches the queue without anyone asking. Capacity a day's own events free (a
// cancellation, a move, a hold given up) is offered at once by the offer reactor (offerReactor.ts).
//
// Why running it in any process, any number of times, is still exactly once: the decision is the
// kiosk-day stream's. It appends nothing when nothing changed, and two processes deciding the same
// offer append with the same expected revision: one wins, the other's retry decides again on the
// state that now holds the offer, and appends nothing. One round at a time across processes (the
// lease `waitlist-offers`, api/reactors/leasedSweep.ts) only spares the others the same reading.
import type { DocumentStore } from '../../read-models/documentStore.js';
import { everyLeasedSweep } from '../reactors/leasedSweep.js';

/** The lease one round at a time holds, renewed at every date. */
export const OFFER_TIMER_LEASE = 'waitlist-offers';
const OFFER_TIMER_LEASE_TTL_MS = 60_000;

export interface OfferTimerOptions {
  docs: Pick<DocumentStore, 'lease' | 'endLease'>;
  /** 0: never by itself. */
  intervalMs: number;
  /** Dates with open entries (the waitlist read model). */
  openDates: () => Promise<string[]>;
  /** Runs the decision for one date. */
  offer: (date: string) => Promise<unknown>;
  owner?: string;
  log: (message: string, error: unknown) => void;
}

export function startOfferTimer(o: OfferTimerOptions): { stop(): Promise<void> } {
  return everyLeasedSweep({
    docs: o.docs,
    lease: OFFER_TIMER_LEASE,
    leaseTtlMs: OFFER_TIMER_LEASE_TTL_MS,
    owner: o.owner,
    intervalMs: o.intervalMs,
    nothing: () => undefined,
    what: 'waitlist offer round',
    log: o.log,
    async sweep(turn) {
      for (const date of await o.openDates()) {
        if (!(await turn.goOn())) return;
        try {
          await o.offer(date);
        } catch (error) {
          o.log(`waitlist offers for ${date} failed:`, error);
        }
      }
    },
  });
}
