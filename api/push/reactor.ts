// Web push follows the event log like mail does (mail/reactor.ts): when an order is marked Klar
// the browsers that asked for it get a notice (rule: ready-notice), sent by a reactor with its own
// checkpoint, never by the request that recorded the step.
//
// Once across processes, as for mail: only the process holding the reactor's lease runs it
// (projections/leasedRunner.ts), and each notice (event id + subscription) is claimed in the
// store before it is sent and marked done after, so a new lease holder or a replayed page never
// sends it again. A claim left by a process that died while sending runs out and the notice is
// sent once more: at most twice, only after such a crash.
//
// What a push service answers decides what happens next: 2xx sent; 404/410 the browser has let go
// of the subscription, so it is dropped (an event on the push-subscriptions stream) and never
// tried again; 429, 5xx or no answer are tried again a few times, a little later each time, then
// given up and logged (a ready notice is worth little an hour late); any other 4xx is given up at
// once. A notice given up never holds back the ones after it.
import type { EventStore, RecordedEvent } from '../../domain/eventStore.js';
import type { KioskDayEvent, BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import { readyNotice, type DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import {
  PUSH_STREAM,
  pushDecider,
  subscriptionsOf,
  type KnownSubscription,
  type PushEvent,
} from '../../domain/push/push.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { Projection, ProjectionBatch } from '../../projections/projection.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { LeasedRunner, processOwner } from '../../projections/leasedRunner.js';
import { alignReactor, startAtHead } from '../../projections/reactorCheckpoint.js';
import { readyPushNotice } from './notices.js';
import type { PushSender } from './sender.js';

export const PUSH_REACTOR = 'push_notices_v1';
const PUSH_LOG = 'push_log_v1';
const PUSH_CLAIMS = 'push';
/** Longer than every try of one notice with the sender's timeouts and pauses (sender.ts). */
const CLAIM_TTL_MS = 120_000;

export interface PushReactorOptions {
  events: EventStore;
  docs: DocumentStore;
  sender: PushSender;
  /** Records that a subscription is gone (api/services/push.ts drop). */
  dropSubscription: (id: string, status: number) => Promise<void>;
  owner?: string;
  leaseTtlMs?: number;
  claimTtlMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export async function pushReactor(o: PushReactorOptions): Promise<LeasedRunner> {
  const owner = o.owner ?? processOwner();
  const claimTtlMs = o.claimTtlMs ?? CLAIM_TTL_MS;
  const log = o.log ?? ((m, e) => console.error(m, e ?? ''));

  /** True when this process may send the notice now; false once it is done (by anyone). */
  const claim = async (id: string): Promise<boolean> => {
    for (;;) {
      const state = await o.docs.lease(PUSH_CLAIMS, id, owner, claimTtlMs);
      if (state !== 'theirs') return state === 'ours';
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, claimTtlMs / 4)));
    }
  };

  const notify = async (
    event: RecordedEvent,
    batch: ProjectionBatch,
    subscription: KnownSubscription,
    booking: BookingPlacedData,
  ) => {
    const id = `${event.id}-${subscription.id}`;
    if (!(await claim(id))) return;
    const outcome = await o.sender.send(subscription, readyPushNotice(booking));
    if (outcome.outcome === 'gone') await o.dropSubscription(subscription.id, outcome.status);
    if (outcome.outcome === 'failed')
      log(
        `Web push to subscription ${subscription.id} for ${booking.booking_id} given up after ${outcome.attempts} tries: ${outcome.error}`,
      );
    await o.docs.endLease(PUSH_CLAIMS, id, owner, 'done');
    await batch.update(PUSH_LOG, id, event, () => ({
      id,
      booking_id: booking.booking_id,
      subscription_id: subscription.id,
      outcome: outcome.outcome,
      status: outcome.status,
      at: new Date().toISOString(),
    }));
  };

  const projection: Projection = {
    name: PUSH_REACTOR,
    collections: [PUSH_LOG],
    eventTypes: new Set(['KitchenStepRecorded']),
    async apply(recorded, batch) {
      const event = recorded as unknown as KioskDayEvent & RecordedEvent;
      if (event.type !== 'KitchenStepRecorded' || event.data.step !== 'ready') return;
      const bookingId = event.data.booking_id;
      const day = (await o.events.readStream(recorded.streamName)) as unknown as DayEventAt[];
      if (readyNotice(day, bookingId, recorded.revision) !== 'announce') return;
      const placed = day.find(
        (e): e is DayEventAt & { type: 'BookingPlaced' } =>
          e.type === 'BookingPlaced' && e.data.booking_id === bookingId,
      );
      if (!placed) return;
      const subscriptions = subscriptionsOf(await pushState(o.events), bookingId);
      for (const subscription of subscriptions) await notify(recorded, batch, subscription, placed.data);
    },
  };

  return new LeasedRunner({
    docs: o.docs,
    name: PUSH_REACTOR,
    owner,
    ttlMs: o.leaseTtlMs,
    async create() {
      // A first start begins at the head of the log: no notice about orders ready long ago.
      await startAtHead(o.events, o.docs, PUSH_REACTOR);
      return new ProjectionRunner(o.events, o.docs, [projection], { pageSize: 20, pollIntervalMs: 500 });
    },
    log,
  });
}

/** The live subscriptions as the push-subscriptions stream has them now. */
async function pushState(events: EventStore) {
  const stream = (await events.readStream(PUSH_STREAM)) as unknown as PushEvent[];
  return stream.reduce((state, event) => pushDecider.evolve(state, event), pushDecider.initialState());
}

/** Like alignMailReactor (mail/reactor.ts): after an import the notices start at the new head. */
export const alignPushReactor = (events: EventStore, docs: DocumentStore, mode: 'imported' | 'rebuilt') =>
  alignReactor(events, docs, PUSH_REACTOR, mode);
