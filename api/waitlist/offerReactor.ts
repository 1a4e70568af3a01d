// The waitlist's offers follow the event log (rule: waitlist): after each event that may free
// capacity on a day (domain/kioskDay/capacityFreed.ts: a cancellation, a move, a hold given up or
// booked short), this reactor runs the day's offer decision. The request that freed the capacity
// only appends its own event and answers; the offer comes from here, also when the process that
// took the request died right after (the reactor's checkpoint is before the event, so whoever
// holds the reactor next runs it).
//
// Exactly once, across restarts and processes: the offer is decided in the kiosk-day stream, which
// appends nothing when nothing changed, and two deciders race on its revision (the loser decides
// again on the winner's offer). A page run again after a crash, or by a new lease holder, so offers
// nothing twice. Nor can anyone take the capacity between the cancellation and its offer: a normal
// booking already counts the offers due but not yet made (planOffers). The offer timer
// (offerTimer.ts) stays for what no kiosk-day event tells: holds that run out, more capacity or
// longer hours from the settings.
import { capacityFreedOn, CAPACITY_FREEING_EVENT_TYPES } from '../../domain/kioskDay/capacityFreed.js';
import { kioskDayEvents } from '../../domain/kioskDay/kioskDay.js';
import type { EventStore } from '../../domain/eventStore.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { Projection } from '../../projections/projection.js';
import type { LeasedRunner } from '../../projections/leasedRunner.js';
import { runReactor } from '../reactors/runReactor.js';

export const WAITLIST_REACTOR = 'waitlist_offers_v1';

export interface OfferReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  /** Runs the offer decision for one date (WaitlistService.decideOffers); answers how many events it appended. */
  decideOffers: (date: string) => Promise<number>;
  owner?: string;
  leaseTtlMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export function waitlistOfferReactor(o: OfferReactorOptions): LeasedRunner {
  const log = o.log ?? ((message, error) => console.error(message, error ?? ''));
  const reactor: Projection = {
    name: WAITLIST_REACTOR,
    collections: [],
    eventTypes: CAPACITY_FREEING_EVENT_TYPES,
    async apply(recorded) {
      const date = capacityFreedOn(kioskDayEvents.decode(recorded));
      if (!date) return;
      try {
        await o.decideOffers(date);
      } catch (error) {
        // A refusal would be refused again on every retry: told, and the log goes on (the offer
        // timer looks at the day again). Anything else (a store that failed) fails the page, which
        // the runner tries again, so no freed capacity is left unoffered.
        if (!(error instanceof DomainError)) throw error;
        log(`waitlist offers for ${date} after ${recorded.type} at ${recorded.position} refused:`, error);
      }
    },
  };
  return runReactor({
    events: o.events,
    docs: o.docs,
    reactor,
    owner: o.owner,
    leaseTtlMs: o.leaseTtlMs,
    pageSize: 20,
    pollIntervalMs: 250,
    log,
  });
}
