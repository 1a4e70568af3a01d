// Sends the due ready notices the push reactor wrote (push/reactor.ts), in every process that runs
// reactors, as the mail sender sends mail items (mail/sender.ts): each under a short lease of its
// own, its outcome stored before the lease ends, so a process that dies mid-send holds one notice
// back for at most LEASE_MS (a restarted process frees its own at once) and nothing else.
//
// What a push service answers decides what happens next: 2xx sent; 404/410 the browser has let go
// of the subscription, so it is dropped (an event on the push-subscriptions stream) and never
// tried again; 429, 5xx or no answer back off (1 s, then 2 s) and are tried again up to
// MAX_TRIES, then given up and logged (a ready notice is worth little an hour late); any other
// 4xx is given up at once. One notice failing never holds back another.
//
// A notice none of whose pushes reached a browser (each subscription gone or given up) is mailed
// after all (rule: notice-channel): a customer whose browser let go of its subscription still
// hears that the pizza is ready. The mail is the item the mail reactor writes for a notice whose
// channel is mail, under the same id, so however many processes settle the last pushes, one
// mail goes (the mail sender's lease per id sends an id once).
import type { EventStore } from '../../domain/eventStore.js';
import type { DayEventAt } from '../../domain/kioskDay/readyNotice.js';
import { subscriptionsOf } from '../../domain/push/push.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { MAIL_LOG, newItem } from '../mail/outbox.js';
import { pushNoticeOf } from './notices.js';
import { PUSH_CLAIMS, PUSH_LOG, pushState, type PushItem } from './reactor.js';
import type { PushSender } from './sender.js';
import { StallClock } from '../../projections/stall.js';

const LEASE_MS = 30_000;
/** Tries of one notice a push service fails or throttles. */
export const MAX_TRIES = 3;
/** The pause before the second try, doubled before each further one. */
const RETRY_MS = 1000;
const IN_FLIGHT = 8;

export interface PushNoticeSenderOptions {
  events: EventStore;
  docs: DocumentStore;
  sender: PushSender;
  /** Records that a subscription is gone (api/services/push.ts drop). */
  dropSubscription: (id: string, status: number) => Promise<void>;
  owner: string;
  now?: () => Date;
  pollIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
  /** Told when a notice went to the mail outbox instead (the mail senders look at once). */
  onMail?: () => void;
}

export class PushNoticeSender {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A round under way or failing (api/watchdog.ts ends a process whose sender stalls). */
  private readonly stall = new StallClock();
  private woken = false;
  private readonly now: () => Date;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly o: PushNoticeSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.log = o.log ?? ((m, e) => console.error(m, e ?? ''));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Milliseconds its current round has been under way or failing again and again; 0 when idle. */
  stalledMs(now = Date.now()): number {
    return this.running ? this.stall.stalledMs(now) : 0;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /** New notices may be due: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.stall.begin();
        await this.round();
        this.stall.done();
      } catch (error) {
        this.log('Push sender failed; trying again', error);
      }
      if (!this.running) break;
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.wakeUp = null;
          resolve();
        }, this.o.pollIntervalMs ?? 250);
        this.wakeUp = () => {
          clearTimeout(timer);
          this.wakeUp = null;
          this.woken = false;
          resolve();
        };
      });
    }
  }

  private async round(): Promise<void> {
    const due = await this.o.docs.find<PushItem>(
      PUSH_LOG,
      { state: 'pending', due_ms: { $lte: this.now().getTime() } },
      { sort: [['due_ms', 1]], limit: IN_FLIGHT * 4 },
    );
    let next = 0;
    const worker = async () => {
      while (next < due.length && this.running) await this.handle(due[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, due.length) }, worker));
  }

  private async handle(item: PushItem): Promise<void> {
    const { docs, owner } = this.o;
    const lease = await docs.lease(PUSH_CLAIMS, item.id, owner, LEASE_MS);
    if (lease === 'theirs') return;
    if (lease === 'done') {
      // Settled since this round listed it (or by an earlier version): only a lost mark is repaired.
      const current = await docs.get<PushItem>(PUSH_LOG, item.id);
      if (current?.state === 'pending') await this.store({ ...current, state: 'sent', at: this.now().toISOString() });
      return;
    }
    const settle = async (settled: PushItem) => {
      await this.store(settled);
      await docs.endLease(PUSH_CLAIMS, item.id, owner, 'done');
      if (settled.state !== 'sent') await this.mailIfNoneReached(settled);
    };
    const [subscription] = subscriptionsOf(await pushState(this.o.events), item.booking_id).filter(
      (s) => s.id === item.subscription_id,
    );
    const placed = ((await this.o.events.readStream(item.stream)) as unknown as DayEventAt[]).find(
      (e): e is DayEventAt & { type: 'BookingPlaced' } =>
        e.type === 'BookingPlaced' && e.data.booking_id === item.booking_id,
    );
    // Dropped or erased since the notice was decided: nobody left to tell.
    if (!subscription || !placed)
      return settle({ ...item, state: 'failed', last_error: 'the subscription or the booking is gone' });

    const outcome = await this.o.sender.send(
      subscription,
      pushNoticeOf({ kind: item.kind ?? 'order_ready', params: item.params }, placed.data),
    );
    const attempts = item.attempts + 1;
    const at = this.now().toISOString();
    if (outcome.outcome === 'sent')
      return settle({ ...item, state: 'sent', attempts, status: outcome.status, last_error: null, at });
    if (outcome.outcome === 'gone') {
      await this.o.dropSubscription(subscription.id, outcome.status);
      return settle({ ...item, state: 'gone', attempts, status: outcome.status, at });
    }
    if (!outcome.retryable || attempts >= MAX_TRIES) {
      this.log(
        `Web push to subscription ${subscription.id} for ${item.booking_id} given up after ${attempts} tries: ${outcome.error}`,
      );
      return settle({ ...item, state: 'failed', attempts, status: outcome.status, last_error: outcome.error, at });
    }
    // Backed off, then tried again by whichever process comes first.
    await this.store({
      ...item,
      attempts,
      status: outcome.status,
      last_error: outcome.error,
      due_ms: this.now().getTime() + RETRY_MS * 2 ** (attempts - 1),
    });
    await docs.endLease(PUSH_CLAIMS, item.id, owner, 'release');
  }

  /**
   * Mails the notice when every push of it is settled and none was sent. Each push stores its own
   * outcome before it looks at the others, so the last to settle always sees them all.
   */
  private async mailIfNoneReached(item: PushItem): Promise<void> {
    const { event_id, event_type, position } = item;
    if (!event_id || !event_type || position === undefined) return; // written before the fallback
    const pushes = await this.o.docs.find<PushItem>(PUSH_LOG, { event_id });
    if (pushes.some((push) => push.state === 'sent' || push.state === 'pending')) return;
    const id = `${event_id}-customer`;
    if (await this.o.docs.get(MAIL_LOG, id)) return;
    const mail = newItem(
      { id: event_id, type: event_type, position },
      'customer',
      { kind: item.kind ?? 'order_ready', booking_id: item.booking_id, params: item.params ?? {} },
      this.now(),
    );
    await this.o.docs.commit([{ op: 'put', collection: MAIL_LOG, doc: mail }]);
    this.log(`No web push of ${event_type} for ${item.booking_id} reached a browser: mailed instead`);
    this.o.onMail?.();
  }

  /** Stored without its position guard: the sender's state is newer than any replay of the log. */
  private async store(item: PushItem): Promise<void> {
    const doc = { ...item };
    delete doc._pos;
    await this.o.docs.commit([{ op: 'put', collection: PUSH_LOG, doc }]);
  }
}
