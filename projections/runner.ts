// Feeds stored events to the projections, each from its own stored checkpoint.
//
// It reads the global log in pages (readAll) rather than one event at a time: a page is applied
// to each projection in memory and committed with that projection's checkpoint in one write, so
// a checkpoint never runs ahead of the work it records and a rebuild runs at batch speed. It is
// woken by in-process appends and polls for appends made by other processes.
//
// Of several processes on one store only one projects: the one holding the projections' lease
// (api/server.ts, projections/leasedRunner.ts) leads. The others follow: they read the head the
// leader stores with every commit, and once it passes an event they tell what a projecting runner
// would (waiters for read-your-writes, applied-events listeners, changed collections) without
// writing anything. So the read models have one writer: no commits racing on the same documents
// and checkpoints (MongoDB transactions aborted on write conflicts, a confirm answered from a read
// model 5 s behind), and each process still knows when the read models show an event.
import type { EventStore, Position, RecordedEvent } from '../domain/eventStore.js';
import type { Checkpoint, Doc, DocumentStore, Write } from '../read-models/documentStore.js';
import { ProjectionBatch, type PendingDocs, type Projection } from './projection.js';
import { StallClock } from './stall.js';

export interface RunnerOptions {
  pageSize?: number;
  pollIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
  /**
   * The checkpoint a leading runner stores with every commit: every projection has applied the
   * events up to it. Followers need it; a runner without one always leads (scripts, reactors).
   */
  head?: string;
  /** Whether to start following (until lead() is called) rather than leading (default). */
  follow?: boolean;
  /** While following: the collections the leader has just changed (caches to drop). */
  onFollowed?: (collections: ReadonlySet<string>) => void;
  /** After each page this runner committed (a reactor tells its senders that work is due). */
  onCommitted?: () => void;
  /**
   * Stores the checkpoint with every page, also one that wrote no document: a reactor whose work
   * is outside the read models (a key deleted, an offer decided) would otherwise do it again for
   * every page since its last write, at each restart (api/reactors/runReactor.ts).
   */
  checkpointEveryPage?: boolean;
  /**
   * When this runner starts leading, before its first write: drop every cache of the read models
   * (api/server.ts: the cached days and settings), as they may hold documents older than the
   * checkpoints it starts from.
   */
  onLead?: () => void;
  /**
   * Test-only (api/testHooks.ts): waits this long before each commit, and a follower this long
   * between two looks at the leader's head, to widen the hand-over windows on purpose.
   */
  testDelays?: { commitMs?: number; followMs?: number };
}

/** How often a follower with requests waiting on the read models looks at the leader's head. */
const FOLLOWER_WAITING_POLL_MS = 20;

interface Waiter {
  position: Position;
  resolve(): void;
}

/** A page's commit still under way while the next page is read and folded (see project()). */
interface InFlight {
  /** Position of the page's last event: every projection has folded up to it. */
  last: Position;
  /** Its documents by collection and id (null: deleted), for the next page's batches. */
  docs: PendingDocs;
  /** Settles with the commit; marked as handled, so a failure waits for settle() to report it. */
  committed: Promise<void>;
  /** The bookkeeping once it is stored: checkpoints, changed collections, waiters, listeners. */
  done(): void;
}

export class ProjectionRunner {
  private readonly checkpoints = new Map<string, Position>();
  private readonly storedCheckpoints = new Map<string, Position>();
  private waiters: Waiter[] = [];
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private appliedListeners = new Set<(events: readonly RecordedEvent[]) => void>();
  private pendingWake = false;
  /** While rebuilding: ids written to each cleared collection (see ProjectionBatch). */
  private fresh = new Map<string, Set<string>>();
  /** Per collection, how many commits of this runner wrote to it (see changesOf). */
  private readonly collectionChanges = new Map<string, number>();
  private readonly pageSize: number;
  private readonly pollIntervalMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private leading: boolean;
  /** The previous page's commit while a catch-up folds the next one. */
  private inFlight: InFlight | null = null;
  /** The next page, read while a catch-up folds the current one (see project()). */
  private readAhead: { from: Position; page: Promise<RecordedEvent[]> } | null = null;
  /** What lead() and follow() asked for; the loop switches between its steps. */
  private shouldLead: boolean;
  /** The event types these projections act on: the only ones whose personal fields are opened (EventStore.readAll). */
  private readonly types: ReadonlySet<string>;
  /** A step under way or failing (api/watchdog.ts ends a process whose runner stalls). */
  private readonly stall = new StallClock();
  /** Ends a follower's test-only lag (testDelays.followMs) at once: on lead() and stop(). */
  private endLag: (() => void) | null = null;
  /** Those waiting in follow() for the switch to following (the last commit landed). */
  private followed: Array<() => void> = [];

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 2000;
    this.types = new Set(projections.flatMap((p) => [...p.eventTypes]));
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.log = options.log ?? ((m, e) => (e === undefined ? console.error(m) : console.error(m, e)));
    if (options.follow && !options.head) throw new Error('A following runner needs the head checkpoint');
    this.leading = this.shouldLead = !options.follow;
  }

  async start(): Promise<void> {
    for (const p of this.projections)
      for (const [collection, field] of p.indexes ?? []) await this.docs.ensureIndex(collection, field);
    // A leader checks its checkpoints against the log before its first write (takeLead); a
    // follower trusts none beyond the log's head: it waits for the leader to rebuild those.
    if (this.leading) await this.takeLead();
    else await this.loadCheckpoints(await this.events.headPosition());
    this.running = true;
    this.loop = this.run();
  }

  /**
   * The checkpoints as stored: the head a leader stored says every projection applied the events
   * up to it, also those whose own checkpoints lag (they are stored with their next write). A
   * checkpoint beyond the log's head (an older event store restored under newer read models)
   * counts as 0, and a head beyond it is ignored. Answers the projections beyond the head.
   */
  private async loadCheckpoints(logHead: Position): Promise<Projection[]> {
    // Only the read models' runner (the one with a head) checks against the log: a reactor's
    // runner is realigned before it starts (projections/reactorCheckpoint.ts), as its work
    // cannot be done again, and a script's runner starts on cleared read models.
    const checked = this.options.head !== undefined;
    let head = this.options.head ? await this.docs.getCheckpoint(this.options.head) : 0;
    if (head > logHead) head = 0;
    const beyond: Projection[] = [];
    for (const p of this.projections) {
      const stored = await this.docs.getCheckpoint(p.name);
      const isBeyond = checked && stored > logHead;
      if (isBeyond) beyond.push(p);
      this.checkpoints.set(p.name, isBeyond ? 0 : Math.max(stored, head));
      this.storedCheckpoints.set(p.name, stored);
    }
    return beyond;
  }

  /**
   * Before this runner's first write as leader: drops every cache (a follower's cached day may be
   * older than the stored checkpoints: building on it would overwrite the newer day and lose its
   * bookings), starts from the stored checkpoints (not from what it followed), and rebuilds the
   * read models whose checkpoint is beyond the log's head: their documents hold events the log
   * no longer has, and new events would be skipped up to that checkpoint.
   */
  private async takeLead(): Promise<void> {
    this.options.onLead?.();
    const logHead = await this.events.headPosition();
    const beyond = await this.loadCheckpoints(logHead);
    // Followers must not take a head beyond the log for the read models (they wait while it is,
    // and follow again from where it went back to: followHead). Checkpoints only move forward.
    if (this.options.head && (await this.docs.getCheckpoint(this.options.head)) > logHead)
      await this.docs.reset([], this.options.head);
    if (beyond.length === 0) return;
    this.log(
      `Read models ${beyond.map((p) => p.name).join(', ')}: checkpoint beyond the event log's head ` +
        `(${logHead}; an older event store restored under newer read models?): rebuilding them from the log`,
    );
    for (const projection of beyond) {
      await this.docs.reset(projection.collections, projection.name);
      for (const collection of projection.collections)
        this.collectionChanges.set(collection, (this.collectionChanges.get(collection) ?? 0) + 1);
      this.checkpoints.set(projection.name, 0);
      this.storedCheckpoints.set(projection.name, 0);
    }
  }

  /** Whether this runner writes the read models (it holds the lease) rather than following. */
  get isLeading(): boolean {
    return this.leading;
  }

  /** Projects from the next step on (this process took the lease). */
  lead(): void {
    this.shouldLead = true;
    this.endLag?.();
    this.wake();
  }

  /**
   * Stops writing after the current step and follows the leader's head (the lease was lost or is
   * given up). Resolves once the last commit of this runner has landed (or failed): only then may
   * the lease go to another process, which starts from the stored checkpoints.
   */
  follow(): Promise<void> {
    if (!this.options.head) throw new Error('A following runner needs the head checkpoint');
    const writing = this.leading || this.shouldLead;
    this.shouldLead = false;
    if (!this.running) return (this.loop ?? Promise.resolve()).then(() => {});
    if (!writing) return Promise.resolve();
    return new Promise((resolve) => {
      this.followed.push(resolve);
      this.wake();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.endLag?.();
    this.wake();
    await this.loop;
  }

  /** Tells the runner new events may be stored. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Milliseconds its current step has been under way or failing again and again; 0 when idle or stopped. */
  stalledMs(now = Date.now()): number {
    return this.running ? this.stall.stalledMs(now) : 0;
  }

  /** The lowest checkpoint over all projections. */
  position(): Position {
    let min = Infinity;
    for (const p of this.checkpoints.values()) min = Math.min(min, p);
    return min === Infinity ? 0 : min;
  }

  /**
   * A value that changes whenever this runner writes to one of the collections: what a page
   * built from them is cached under (api/http/pageCache.ts). Unlike position(), it stays the
   * same while events that concern other read models (mails sent, sign-ins) are applied.
   */
  changesOf(collections: readonly string[]): string {
    return collections.map((collection) => this.collectionChanges.get(collection) ?? 0).join('.');
  }

  /**
   * Calls `listener` with each page of events once every projection has applied it, so what it
   * tells (live admin screens) is already in the read models. Returns the unsubscribe.
   */
  onApplied(listener: (events: readonly RecordedEvent[]) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /**
   * Resolves once every projection has applied the event at position (read-your-writes), or
   * false after timeoutMs so a stuck projection cannot hang a request forever.
   */
  waitFor(position: Position, timeoutMs = 5000): Promise<boolean> {
    if (this.position() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.waiters.push(waiter);
      this.wake();
    });
  }

  /**
   * Clears the named projections' read models (all when none are named) and replays them from
   * position 0 in one pass over the log, then resumes.
   */
  async rebuild(...names: string[]): Promise<void> {
    const chosen = names.length ? names.map((name) => this.projections.find((p) => p.name === name)) : this.projections;
    if (chosen.some((p) => !p)) throw new Error(`Unknown projection in ${names.join(', ')}`);
    const wasRunning = this.running;
    if (wasRunning) await this.stop();
    // Followers (and a later start) must not take the old head for the rebuilt read models.
    if (this.options.head) await this.docs.reset([], this.options.head);
    for (const projection of chosen as Projection[]) {
      await this.docs.reset(projection.collections, projection.name);
      for (const collection of projection.collections)
        this.collectionChanges.set(collection, (this.collectionChanges.get(collection) ?? 0) + 1);
      this.checkpoints.set(projection.name, 0);
      this.storedCheckpoints.set(projection.name, 0);
      for (const collection of projection.collections) this.fresh.set(collection, new Set());
    }
    try {
      await this.catchUp();
    } finally {
      this.fresh.clear();
    }
    if (wasRunning) {
      this.running = true;
      this.loop = this.run();
    }
  }

  /** Applies every stored event to every projection; resolves when none is behind. */
  async catchUp(): Promise<void> {
    while ((await this.step()) > 0);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.pendingWake = false;
      let applied = 0;
      this.stall.begin();
      try {
        applied = await this.step();
        this.stall.done();
      } catch (error) {
        this.log('Projection runner failed; retrying', error);
        await this.sleep(1000);
        continue;
      }
      if (applied === 0 && !this.pendingWake)
        await this.sleep(!this.leading && this.waiters.length ? FOLLOWER_WAITING_POLL_MS : this.pollIntervalMs);
    }
    // Stopped while a page's commit was under way: it lands (or fails) before stop() resolves.
    await this.settle().catch((error) => this.log('Projection runner failed', error));
    this.switched();
  }

  /** Tells those waiting in follow() that this runner writes no more. */
  private switched(): void {
    const waiting = this.followed;
    this.followed = [];
    for (const resolve of waiting) resolve();
  }

  private async step(): Promise<number> {
    if (this.shouldLead !== this.leading) {
      if (this.shouldLead) {
        await this.takeLead();
        this.leading = true;
      } else {
        // The commit under way lands before follow() resolves and the lease is let go.
        try {
          await this.settle();
        } finally {
          this.leading = false;
        }
      }
    }
    if (!this.leading) this.switched();
    return this.leading ? this.project() : this.followHead();
  }

  /**
   * Following: the events up to the leader's head are in the read models. Tells about them as
   * project() would, writing nothing. Returns events passed.
   */
  private async followHead(): Promise<number> {
    const lag = this.options.testDelays?.followMs;
    if (lag) {
      // Not cut short by wake() (appends of this process), only by lead() and stop().
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => ((this.endLag = null), resolve()), lag);
        this.endLag = () => {
          clearTimeout(timer);
          this.endLag = null;
          resolve();
        };
      });
      if (this.shouldLead || !this.running) return 0;
    }
    let from = this.position();
    const head = await this.docs.getCheckpoint(this.options.head!);
    if (head < from) {
      // The head went back: the leader rebuilt read models (a checkpoint beyond the log's head,
      // or a rebuild). Follow again from it, with no cached document of the old ones.
      for (const p of this.projections) this.checkpoints.set(p.name, Math.min(head, this.checkpoints.get(p.name) ?? 0));
      this.options.onFollowed?.(new Set(this.projections.flatMap((p) => p.collections)));
      from = head;
    }
    const read = head > from ? await this.events.readAll(from, this.pageSize, this.types) : [];
    // The leader stores only heads of events it read, so all of them are in the log now: a head
    // past the log's end is a stored one beyond an (older, restored) log, which the leader is
    // about to rebuild. Nothing is told on it.
    const end = read.length ? read[read.length - 1].position : from;
    if (read.length < this.pageSize && head > end) return 0;
    const page = read.filter((event) => event.position <= head);
    if (page.length === 0) {
      this.release();
      return 0;
    }
    const last = page[page.length - 1].position;
    const changed = new Set<string>();
    for (const projection of this.projections) {
      const checkpoint = this.checkpoints.get(projection.name) ?? 0;
      if (page.some((event) => event.position > checkpoint && projection.eventTypes.has(event.type))) {
        for (const collection of projection.collections) changed.add(collection);
      }
      this.checkpoints.set(projection.name, Math.max(last, checkpoint));
    }
    if (changed.size > 0) this.options.onFollowed?.(changed);
    for (const collection of changed)
      this.collectionChanges.set(collection, (this.collectionChanges.get(collection) ?? 0) + 1);
    this.tell(page);
    return page.length;
  }

  /**
   * One page of events through every projection that is behind. Returns events read.
   *
   * Catching up (a rebuild, a start after downtime), a full page is followed by more: its commit
   * is left under way while the next page is read and folded, and awaited before that page's own
   * commit, so commits land in order, one at a time. The next page's batches read the documents
   * of the commit under way before the store's. A CPU profile of a rebuild of 100,000 bookings
   * spent half its time in the commits' SQLite writes, with reading and folding waiting on them;
   * the SQLite store writes large commits on a thread of its own (read-models/sqliteDocumentStore.ts),
   * a MongoDB commit is I/O, so both now overlap with the folding of the next page. Checkpoints,
   * waiters and listeners still move only once a commit is stored; a page that is not full
   * (live appends) is committed and told before project() returns, as before.
   */
  private async project(): Promise<number> {
    const ahead = this.inFlight;
    let page: RecordedEvent[];
    let writes: Write[];
    let checkpoints: Checkpoint[];
    let last: Position;
    try {
      // Every projection has folded the page under way: the next one starts after it.
      const from = ahead ? ahead.last : this.position();
      page = await this.read(from);
      if (page.length === 0) {
        await this.settle();
        this.release();
        return 0;
      }
      last = page[page.length - 1].position;
      // A full page is followed by more: the next one is read now, so what its reading leaves to
      // other threads (a sealed log's decryption, api/eventStore/sealed.ts; a remote store's I/O)
      // runs while this one is folded. In a CPU profile of a rebuild of 100,000 sealed bookings the
      // decryption was a quarter of the main thread, which then waited on it.
      if (page.length >= this.pageSize) {
        const next = this.events.readAll(last, this.pageSize, this.types);
        next.catch(() => {});
        this.readAhead = { from: last, page: next };
      }
      // Every projection that is behind applies the page in memory; then one commit stores all
      // their writes with all their checkpoints (one transaction on SQLite).
      writes = [];
      checkpoints = [];
      for (const projection of this.projections) {
        const checkpoint = Math.max(this.checkpoints.get(projection.name) ?? 0, ahead?.last ?? 0);
        if (checkpoint >= last) continue;
        const batch = new ProjectionBatch(this.docs, this.fresh.size ? this.fresh : undefined, ahead?.docs);
        for (const event of page) {
          if (event.position <= checkpoint || !projection.eventTypes.has(event.type)) continue;
          const pending = projection.apply(event, batch);
          if (pending) await pending;
        }
        const own = batch.writes();
        for (const write of own) writes.push(write);
        // A page that changed nothing for this projection moves only its in-memory checkpoint;
        // the stored one follows with its next write (or after a long quiet stretch). Replaying
        // events it ignores costs nothing, and most pages concern only a few projections.
        const stored = this.storedCheckpoints.get(projection.name) ?? 0;
        if (own.length > 0 || this.options.checkpointEveryPage || last - stored >= 10_000 || this.fresh.size > 0)
          checkpoints.push({ projection: projection.name, position: last });
      }
      if (this.options.head) checkpoints.push({ projection: this.options.head, position: last });
      await this.settle();
    } catch (error) {
      // The page folded onto a commit that failed, or failed itself: dropped, and read again
      // from the stored checkpoints (the page read ahead too).
      this.readAhead = null;
      await this.settle().catch(() => {});
      throw error;
    }
    const delay = this.options.testDelays?.commitMs;
    const commit = () => this.docs.commit(writes, checkpoints);
    const committed =
      writes.length > 0 || checkpoints.length > 0
        ? delay
          ? new Promise<void>((resolve) => setTimeout(resolve, delay)).then(commit)
          : commit()
        : Promise.resolve();
    const done = () => {
      for (const write of writes)
        this.collectionChanges.set(write.collection, (this.collectionChanges.get(write.collection) ?? 0) + 1);
      for (const projection of this.projections)
        this.checkpoints.set(projection.name, Math.max(last, this.checkpoints.get(projection.name) ?? 0));
      for (const c of checkpoints) this.storedCheckpoints.set(c.projection, c.position);
      for (const write of writes) {
        const ids = this.fresh.get(write.collection);
        if (!ids) continue;
        if (write.op === 'put') ids.add(write.doc.id);
        else ids.delete(write.id);
      }
      this.tell(page);
      this.options.onCommitted?.();
    };
    if (page.length < this.pageSize) {
      await committed;
      done();
      return page.length;
    }
    committed.catch(() => {});
    const docs = new Map<string, Map<string, Doc | null>>();
    for (const write of writes) {
      let byId = docs.get(write.collection);
      if (!byId) docs.set(write.collection, (byId = new Map<string, Doc | null>()));
      byId.set(write.op === 'put' ? write.doc.id : write.id, write.op === 'put' ? write.doc : null);
    }
    this.inFlight = { last, docs, committed, done };
    return page.length;
  }

  /** The page after `from`: the one read ahead when it starts there, else read now. */
  private read(from: Position): Promise<RecordedEvent[]> {
    const ahead = this.readAhead;
    this.readAhead = null;
    return ahead && ahead.from === from ? ahead.page : this.events.readAll(from, this.pageSize, this.types);
  }

  /** Waits for the commit under way, if any, and does its bookkeeping; throws if it failed. */
  private async settle(): Promise<void> {
    const ahead = this.inFlight;
    if (!ahead) return;
    try {
      await ahead.committed;
    } finally {
      this.inFlight = null;
    }
    ahead.done();
  }

  /** The page is in the read models: answers the waiters it reaches, then the listeners. */
  private tell(page: readonly RecordedEvent[]): void {
    this.release();
    for (const listener of this.appliedListeners) {
      try {
        listener(page);
      } catch (error) {
        this.log('An applied-events listener failed', error);
      }
    }
  }

  private release(): void {
    if (this.waiters.length === 0) return;
    const reached = this.position();
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.position <= reached) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}
