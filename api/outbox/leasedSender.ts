// The one sender of outbox work items (mail, web push, SMS): every process that runs reactors has
// one per channel, and each item is taken under a short lease of its own, so two processes never
// send one item at once, one failing item never holds back another, and a process that dies
// mid-send holds its items back for at most the lease's length (a restarted one frees its own at
// once). A channel (api/mail/sender.ts, api/push/noticeSender.ts, api/sms/sender.ts) says which
// items are due, how one is sent, and what its provider's answer means; this loop does the rest:
//
// - Our own stores' errors are no verdict on an item. Whatever a channel's `attempt` throws (a
//   read of the log or the read models failing for a moment: a KurrentDB leader change, a Mongo
//   step-down, a busy SQLite file) lets the item go unchanged; it is tried again after a short
//   pause of its own, never parked. Only what the provider says about the item parks it.
// - The outcome is stored first, on every path, and only then is the lease closed: a process that
//   dies between the two leaves an item whose lease is still running or let go, tried again,
//   never one closed 'done' with no outcome. The one exception is a sent item whose mark cannot be
//   stored: its lease is closed 'done' all the same (the provider has it: never again), the mark
//   kept in memory and stored before anything else; a sender finding a pending item whose lease
//   is done marks it sent (that is the only way such an item arises).
// - Every step is fenced by the lease. Renewals start as soon as the item is taken, before it is
//   built, and their answers count: a lease found lost (another process holds it or closed it, or
//   no renewal got through within its length, e.g. a process stopped by SIGSTOP or a blocked
//   loop) stops the item where it is. The channel checks the lease right before the provider is
//   asked to deliver (`guard.check()`; mail: before the message's data goes to the relay), and an
//   outcome is stored only while the lease that made it still runs.
// - The provider's own trouble (a mail relay down or throttling) pauses this sender with
//   exponential backoff: one outage is one step, however many items were in flight when it began
//   (a failure of a send that started before the pause began adds nothing). The provider's state
//   is one document every process shares: any process's successful send sets it back to ok.
import { performance } from 'node:perf_hooks';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';
import { StallClock } from '../../projections/stall.js';

/** An item's lease: renewed every third of it while the item is built and sent. */
export const ITEM_LEASE_MS = 15_000;
const PROVIDER_BACKOFF_MIN_MS = 1000;
const PROVIDER_BACKOFF_MAX_MS = 5 * 60_000;
/** The pause before an item whose build failed on our own stores is tried again, doubled up to the max. */
const STORE_RETRY_MIN_MS = 500;
const STORE_RETRY_MAX_MS = 30_000;

/** The provider's state as the senders last saw it (the staff banner, /api/ready). */
export interface ProviderState {
  status: 'ok' | 'failing';
  last_error: string | null;
  /** When it began failing (ISO), null while ok. */
  since: string | null;
}

/** What came of one try at an item. */
export type Outcome<I> =
  /** Not to be sent yet (what it needs is not there): let go unchanged; it holds back its group. */
  | { kind: 'wait' }
  /** Settled for good (sent, or given up on the provider's word): stored, then the lease closed. */
  | { kind: 'settled'; item: I; sent: boolean }
  /** Tried, to be tried again later: stored with its next due time and attempts, then let go. */
  | { kind: 'retry'; item: I }
  /** The provider's own trouble, nothing about this item: let go unchanged, and sending pauses. */
  | { kind: 'provider'; answer: string };

/** An item's lease as its sender holds it: what every step checks. */
export interface LeaseGuard {
  /** Still ours? Asks the store unless a renewal went through within a third of the lease. */
  check(): Promise<boolean>;
  /** Throws LeaseLost unless check() says ours. */
  fence(): Promise<void>;
}

export class LeaseLost extends Error {
  constructor(id: string) {
    super(`The lease of ${id} was lost: another process may have it`);
    this.name = 'LeaseLost';
  }
}

export interface Channel<I extends Doc> {
  /** For the log: 'Mail', 'Push', 'SMS'. */
  name: string;
  /** The items' collection. */
  collection: string;
  /** The scope of the per-item leases. */
  claims: string;
  /** Items handled side by side. */
  inFlight: number;
  /** The due items, in the order they should go, at most `limit`: one query per round. */
  due(nowMs: number, limit: number): Promise<I[]>;
  /** Items of one group go one after another (default: each its own group)... */
  groupOf?(item: I): string;
  /** ...in this order (default: the order due() gave). */
  groupOrder?(a: I, b: I): number;
  /** Whether a stored copy still waits to be sent. */
  pending(item: I): boolean;
  /** A pending item whose lease is done (its mark was lost after the provider took it), marked sent. */
  markedSent(item: I, at: string): I;
  /**
   * Builds and sends one item. Throws only for our own trouble (a store did not answer): the item
   * is let go unchanged and tried again. Calls guard.fence() (or check()) right before the
   * provider is asked to deliver; LeaseLost thrown from there ends the item here, nothing stored.
   */
  attempt(item: I, guard: LeaseGuard): Promise<Outcome<I>>;
  /** Stores an item's new state; by default a put without the position guard. */
  store?(item: I): Promise<void>;
  /** After a settled item was stored and its lease closed. */
  settled?(item: I): Promise<void>;
  /** Where the provider's state is kept for every process (a document id 'relay'); none: no shared state. */
  providerStateCollection?: string;
}

export interface LeasedSenderOptions {
  docs: DocumentStore;
  owner: string;
  now?: () => Date;
  pollIntervalMs?: number;
  /** Items read per round (default: four per item in flight). */
  round?: number;
  /** The per-item lease (ITEM_LEASE_MS; shorter in tests: OUTBOX_ITEM_LEASE_MS). */
  leaseMs?: number;
  /** An item left the due list (sent, parked, or due again later): the mail's back-pressure counts them. */
  onLeft?: () => void;
  log?: (message: string, error?: unknown) => void;
}

export class LeasedSender<I extends Doc> {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A round under way or failing (api/watchdog.ts ends a process whose sender stalls). */
  private readonly stall = new StallClock();
  private woken = false;
  /** An urgent item was written during this round: it ends the round. */
  private urgent = false;
  /** Sent by this process, the mark not yet stored. */
  private readonly unmarked = new Map<string, I>();
  /** Items whose build failed on our own stores: not before (ms), and the pause that led there. */
  private readonly notBefore = new Map<string, { at: number; pauseMs: number }>();
  private provider: ProviderState = { status: 'ok', last_error: null, since: null };
  private backoffMs = 0;
  private pausedUntil = 0;
  /** When the pause under way began (performance.now()): a send started before it is of that outage. */
  private pauseBegan = Number.NEGATIVE_INFINITY;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly store: (item: I) => Promise<void>;

  constructor(
    private readonly channel: Channel<I>,
    private readonly o: LeasedSenderOptions,
  ) {
    this.now = o.now ?? (() => new Date());
    this.leaseMs = o.leaseMs ?? ITEM_LEASE_MS;
    this.log = o.log ?? ((m, e) => console.error(m, e ?? ''));
    this.store =
      channel.store?.bind(channel) ??
      (async (item) => {
        const doc: Doc = { ...item };
        delete doc._pos;
        await o.docs.commit([{ op: 'put', collection: channel.collection, doc }]);
      });
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.provider = (await this.storedProvider()) ?? this.provider;
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

  /** New items may be due: look now rather than at the next poll. Urgent ones also end the round under way. */
  wake(urgent = false): void {
    this.woken = true;
    if (urgent) this.urgent = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        this.stall.begin();
        handled = await this.round();
        this.stall.done();
      } catch (error) {
        this.log(`${this.channel.name} sender failed; trying again`, error);
      }
      if (!this.running) break;
      const pause = Math.max(0, this.pausedUntil - Date.now());
      if (handled === 0 || pause > 0) await this.sleep(pause || (this.o.pollIntervalMs ?? 250));
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken && this.pausedUntil <= Date.now()) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = () => {
        // A wake during a provider pause does not end the pause.
        if (this.pausedUntil > Date.now()) return;
        this.woken = false;
        done();
      };
    });
  }

  /** One look at the due items; answers how many left the due list. */
  private async round(): Promise<number> {
    for (const [id, item] of this.unmarked) {
      await this.store(item);
      this.unmarked.delete(id);
    }
    if (this.pausedUntil > Date.now()) return 0;
    const { inFlight } = this.channel;
    const [due, shared] = await Promise.all([
      this.channel.due(this.now().getTime(), this.o.round ?? inFlight * 4),
      this.storedProvider(),
    ]);
    // Another process's failure or recovery: this process's view follows the shared one.
    if (shared) this.provider = shared;
    this.urgent = false;
    const nowMs = Date.now();
    for (const [id, wait] of this.notBefore) if (wait.at + STORE_RETRY_MAX_MS < nowMs) this.notBefore.delete(id);
    const groups = new Map<string, I[]>();
    for (const item of due) {
      const key = this.channel.groupOf?.(item) ?? item.id;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    const order = this.channel.groupOrder?.bind(this.channel);
    // An item waiting after our own stores failed holds back the rest of its group, as it would
    // had it been tried.
    const queue = [...groups.values()]
      .map((items) => (order ? items.sort(order) : items))
      .map((items) => {
        const waiting = items.findIndex((item) => (this.notBefore.get(item.id)?.at ?? 0) > nowMs);
        return waiting < 0 ? items : items.slice(0, waiting);
      })
      .filter((items) => items.length > 0);
    let handled = 0;
    let next = 0;
    const worker = async () => {
      while (next < queue.length && this.running && !this.urgent && this.pausedUntil <= Date.now()) {
        for (const item of queue[next++]) {
          if (!this.running || this.pausedUntil > Date.now()) break;
          // One still due (not ready yet, another process sending it, our store failing) holds
          // back the later items of its group until a later round.
          if (!(await this.handle(item))) break;
          handled += 1;
          this.o.onLeft?.();
          this.stall.progress();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, queue.length) }, worker));
    return handled;
  }

  /** Handles one item if it is this process's to send; true when it left the due list. */
  private async handle(item: I): Promise<boolean> {
    const { docs, owner } = this.o;
    const { claims, collection } = this.channel;
    const taken = performance.now();
    const lease = await docs.lease(claims, item.id, owner, this.leaseMs);
    if (lease === 'theirs') return false;
    if (lease === 'done') {
      // Settled by this or another process since this round read it. The item as it is now: only
      // a lost mark of a sent item is repaired (outcomes are stored before their lease is done).
      const current = await docs.get<I>(collection, item.id);
      if (current && !this.channel.pending(current)) return true;
      await this.store(this.channel.markedSent(current ?? item, this.now().toISOString()));
      return true;
    }
    const guard = new ItemLease(docs, claims, item.id, owner, this.leaseMs, taken);
    const startedAt = performance.now();
    let outcome: Outcome<I>;
    try {
      outcome = await this.channel.attempt(item, guard);
    } catch (error) {
      guard.stop();
      if (error instanceof LeaseLost) {
        this.log(`${this.channel.name} ${item.id}: its lease was lost; left to the process that has it`);
        return false;
      }
      // Our own trouble (a store did not answer): no verdict on the item, tried again soon.
      const pauseMs = Math.min(
        STORE_RETRY_MAX_MS,
        Math.max(STORE_RETRY_MIN_MS, 2 * (this.notBefore.get(item.id)?.pauseMs ?? 0)),
      );
      this.notBefore.set(item.id, { at: Date.now() + pauseMs, pauseMs });
      this.log(
        `${this.channel.name} ${item.id} not sent (ours, not the provider's: tried again in ${pauseMs} ms)`,
        error,
      );
      await this.release(item.id);
      return false;
    }
    this.notBefore.delete(item.id);
    guard.stop();
    switch (outcome.kind) {
      case 'wait':
        await this.release(item.id);
        return false;
      case 'provider':
        await this.release(item.id);
        await this.providerFailed(outcome.answer, startedAt);
        return false;
      case 'retry':
        if (!(await this.storeUnderLease(guard, outcome.item))) return false;
        await this.release(item.id);
        return true;
      case 'settled': {
        if (outcome.sent) this.providerAnswered();
        if (!(await this.storeUnderLease(guard, outcome.item, outcome.sent))) return false;
        await docs.endLease(claims, item.id, owner, 'done').catch((error: unknown) => {
          // Stored already: whoever takes the lease next finds it settled.
          this.log(`${this.channel.name} ${item.id} settled, its lease not closed`, error);
        });
        await this.channel.settled?.(outcome.item);
        return true;
      }
    }
  }

  /**
   * Stores an outcome while the lease that made it still runs; false when it was not stored (the
   * lease lost: the process holding it now decides; or the store failed: let go, tried again). A
   * sent item whose mark fails is remembered and its lease closed: the provider has it.
   */
  private async storeUnderLease(guard: ItemLease, item: I, sent = false): Promise<boolean> {
    const { docs, owner } = this.o;
    const { claims, name } = this.channel;
    if (!(await guard.check().catch(() => false))) {
      this.log(`${name} ${item.id}: its lease was lost before its outcome was stored; left to the process that has it`);
      return false;
    }
    try {
      await this.store(item);
      return true;
    } catch (error) {
      if (sent) {
        this.unmarked.set(item.id, item);
        this.log(`${name} ${item.id} sent, its mark not yet stored`, error);
        await docs
          .endLease(claims, item.id, owner, 'done')
          .catch((e: unknown) => this.log(`${name} ${item.id} sent, its lease not closed`, e));
        return false;
      }
      this.log(`${name} ${item.id}: its outcome not stored; tried again`, error);
      await this.release(item.id);
      return false;
    }
  }

  private async release(id: string): Promise<void> {
    await this.o.docs.endLease(this.channel.claims, id, this.o.owner, 'release').catch(() => {});
  }

  private async providerFailed(answer: string, startedAt: number): Promise<void> {
    // A send begun before the pause under way began failed in the same outage: no further step.
    if (startedAt >= this.pauseBegan || this.backoffMs === 0) {
      this.backoffMs = Math.min(PROVIDER_BACKOFF_MAX_MS, Math.max(PROVIDER_BACKOFF_MIN_MS, this.backoffMs * 2));
      this.pauseBegan = performance.now();
      this.pausedUntil = Date.now() + this.backoffMs;
      this.log(`${this.channel.name} provider failing, sending paused ${this.backoffMs / 1000} s: ${answer}`);
    }
    const since = this.provider.status === 'failing' ? this.provider.since : this.now().toISOString();
    this.provider = { status: 'failing', last_error: answer, since };
    await this.storeProvider().catch((error: unknown) =>
      this.log(`${this.channel.name} provider state not stored`, error),
    );
  }

  /** A send went through: the provider works, for every process (the shared state is set back). */
  private providerAnswered(): void {
    this.backoffMs = 0;
    this.pauseBegan = Number.NEGATIVE_INFINITY;
    if (this.provider.status === 'ok') return;
    this.provider = { status: 'ok', last_error: null, since: null };
    void this.storeProvider().catch((error: unknown) =>
      this.log(`${this.channel.name} provider state not stored`, error),
    );
  }

  private async storeProvider(): Promise<void> {
    const collection = this.channel.providerStateCollection;
    if (!collection) return;
    await this.o.docs.commit([{ op: 'put', collection, doc: { id: 'relay', ...this.provider } }]);
  }

  private async storedProvider(): Promise<ProviderState | null> {
    const collection = this.channel.providerStateCollection;
    if (!collection) return null;
    const doc = await this.o.docs.get<ProviderState & Doc>(collection, 'relay');
    return doc ? { status: doc.status, last_error: doc.last_error, since: doc.since } : null;
  }
}

/**
 * One item's lease, renewed every third of its length from the moment it was taken. Ours while a
 * renewal answered 'ours' less than a lease ago (measured from before the call: the store's term
 * began no earlier); lost for good once a renewal answers anything else.
 */
class ItemLease implements LeaseGuard {
  private confirmedAt: number;
  private lost = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly docs: DocumentStore,
    private readonly claims: string,
    private readonly id: string,
    private readonly owner: string,
    private readonly ms: number,
    takenAt: number,
  ) {
    this.confirmedAt = takenAt;
    this.timer = setInterval(() => void this.renew().catch(() => {}), ms / 3);
  }

  private async renew(): Promise<boolean> {
    if (this.lost) return false;
    const asked = performance.now();
    const answer = await this.docs.lease(this.claims, this.id, this.owner, this.ms);
    if (answer !== 'ours') {
      this.lost = true;
      return false;
    }
    this.confirmedAt = Math.max(this.confirmedAt, asked);
    return true;
  }

  async check(): Promise<boolean> {
    if (this.lost) return false;
    if (performance.now() - this.confirmedAt < this.ms / 3) return true;
    return this.renew();
  }

  async fence(): Promise<void> {
    if (!(await this.check().catch(() => false))) throw new LeaseLost(this.id);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** What names a channel and its items (the fields of Channel that are no function). */
export type ChannelNames = Pick<
  Channel<Doc>,
  'name' | 'collection' | 'claims' | 'inFlight' | 'providerStateCollection'
>;

/**
 * A channel with its sender: start, stop, wake and the stall clock, as api/server.ts and the
 * watchdog use them. Mail, push and SMS extend it with their items and their provider.
 */
export abstract class LeasedChannel<I extends Doc> implements Channel<I> {
  readonly name: string;
  readonly collection: string;
  readonly claims: string;
  readonly inFlight: number;
  readonly providerStateCollection?: string;
  protected readonly now: () => Date;
  protected readonly log: (message: string, error?: unknown) => void;
  private readonly sender: LeasedSender<I>;

  constructor(channel: ChannelNames, o: LeasedSenderOptions) {
    this.name = channel.name;
    this.collection = channel.collection;
    this.claims = channel.claims;
    this.inFlight = channel.inFlight;
    this.providerStateCollection = channel.providerStateCollection;
    this.now = o.now ?? (() => new Date());
    this.log = o.log ?? ((m, e) => console.error(m, e ?? ''));
    this.sender = new LeasedSender(this, { ...o, log: this.log });
  }

  abstract due(nowMs: number, limit: number): Promise<I[]>;
  abstract pending(item: I): boolean;
  abstract markedSent(item: I, at: string): I;
  abstract attempt(item: I, guard: LeaseGuard): Promise<Outcome<I>>;

  start(): Promise<void> {
    return this.sender.start();
  }

  /** Milliseconds its current round has been under way or failing again and again; 0 when idle. */
  stalledMs(now = Date.now()): number {
    return this.sender.stalledMs(now);
  }

  stop(): Promise<void> {
    return this.sender.stop();
  }

  /** New items may be due: look now rather than at the next poll; urgent ones also end the round under way. */
  wake(urgent = false): void {
    this.sender.wake(urgent);
  }
}

/** A notice item (push, SMS): `state` pending until settled, tried again after a pause doubling from 1 s. */
export interface NoticeItem extends Doc {
  state: 'pending' | 'sent' | 'gone' | 'failed';
  /** When it may be tried next (ms since the epoch). */
  due_ms: number;
  attempts: number;
  /** The provider's last answer (HTTP status), if any. */
  status: number | null;
  last_error: string | null;
  created_at: string;
  /** When it was settled. */
  at: string | null;
}

/** What a notice provider (a push service, 46elks) answered a send that did not go. */
export interface NoticeRefusal {
  status: number | null;
  retryable: boolean;
  error: string;
}

/** Tries of one notice its provider fails or throttles. */
export const NOTICE_MAX_TRIES = 3;
/** The pause before a notice's second try, doubled before each further one. */
const NOTICE_RETRY_MS = 1000;

export abstract class NoticeChannel<I extends NoticeItem> extends LeasedChannel<I> {
  private readonly docs: DocumentStore;

  constructor(channel: ChannelNames, o: LeasedSenderOptions) {
    super(channel, o);
    this.docs = o.docs;
  }

  due(nowMs: number, limit: number): Promise<I[]> {
    return this.docs.find<I>(
      this.collection,
      { state: 'pending', due_ms: { $lte: nowMs } },
      { sort: [['due_ms', 1]], limit },
    );
  }

  pending(item: I): boolean {
    return item.state === 'pending';
  }

  markedSent(item: I, at: string): I {
    return { ...item, state: 'sent', at };
  }

  /** Settled: sent, gone or failed as the item says. */
  protected settledAs(item: I): Outcome<I> {
    return { kind: 'settled', item, sent: item.state === 'sent' };
  }

  /**
   * A refused send: given up (logged as `what`) when the provider's answer says trying again
   * changes nothing or after NOTICE_MAX_TRIES, else tried again later by whichever process comes first.
   */
  protected refused(item: I, refusal: NoticeRefusal, what: string): Outcome<I> {
    const attempts = item.attempts + 1;
    const answered = { ...item, attempts, status: refusal.status, last_error: refusal.error };
    if (!refusal.retryable || attempts >= NOTICE_MAX_TRIES) {
      this.log(`${what} given up after ${attempts} tries: ${refusal.error}`);
      return this.settledAs({ ...answered, state: 'failed', at: this.now().toISOString() });
    }
    const due_ms = this.now().getTime() + NOTICE_RETRY_MS * 2 ** (attempts - 1);
    return { kind: 'retry', item: { ...answered, due_ms } };
  }
}
