// Runs commands against event streams (emmett's handleCommand, plus batching):
//   1. take the stream's cached state (read from the store when none is cached),
//   2. decide every queued command in turn against the evolving state,
//   3. append all resulting events in one append, expecting the revision that was read,
//   4. on a conflict (another process wrote first) drop the cache, read again and retry; a round
//      that appends nothing first checks that the store holds nothing newer than its state.
//
// Commands for the same stream that arrive while an append is in flight are queued and decided
// together in the next round. That keeps one stream from serialising on one fsync per command
// (a Friday rush books into the same kiosk day) while every decision still sees every earlier one.
//
// The cache holds the most recently used streams only, and only so many records between them (a
// kiosk day weighs its bookings: Decider.weight): keeping every stream ever used would grow with
// the whole history. The bound is set above what a month of busy days holds, because a dropped
// stream is read again from the store, whole, on its next command: with a bound below the days a
// rush books into, every booking read its day again and a booking cost more as its day grew
// (issue 48: 2,457 bookings/s falling to 998/s over 30,000 bookings with a bound of 10,000 events;
// level with one the rush fits in).
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type Position } from '../../domain/eventStore.js';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';
import { msg } from '../../domain/messages.js';

export interface CommandMeta {
  /** 'customer', 'system' or the admin's e-mail. */
  actor: string;
  now: Date;
  correlationId?: string;
}

export interface CommandResult<E, S> {
  events: E[];
  /** Global position of the append that carried the events (the stream's last one if none). */
  position: Position;
  state: S;
}

interface Cached<S> {
  state: S;
  /** Revision of the last event folded into state; -1 for an empty stream. */
  revision: number;
  position: Position;
}

interface Queued<C> {
  command: C;
  /** Each command's own id: the causation of the events it produced. */
  commandId: string;
  meta: CommandMeta;
  resolve(result: { events: DomainEvent[]; position: Position }): void;
  reject(error: unknown): void;
}

interface StreamEntry<C, E extends DomainEvent, S> {
  decider: Decider<C, E, S>;
  cached: Cached<S> | null;
  queue: Queued<C>[];
  scheduled: boolean;
  /** Every read or write of this stream's state runs after the previous one. */
  tail: Promise<unknown>;
  /** Commands and loads not yet settled: a stream in use is never dropped from the cache. */
  inUse: number;
  /** The turn of the event loop whose load last read the stream from the store. */
  readInTurn: number;
}

/** A cached stream of some decider; its types are known again where it is looked up. */
type AnyStreamEntry = StreamEntry<unknown, DomainEvent, unknown>;

const MAX_ATTEMPTS = 25;

/**
 * The default bound on cached records: 120,000, about 30 MB of heap at the 254 bytes a booking
 * without an idempotency key weighs in a day's state (domain/kioskDay/kioskDay.ts, `alike`; the
 * bench's rush), about 63 MB at the 1,053 bytes of a web booking, whose first answer is kept for
 * retries and weighs as a second record. That is two to four times a month of 1,000-order days,
 * and it holds the bench's long rush of 100,000 bookings over 28 days.
 */
export const MAX_CACHED_RECORDS = 120_000;

export interface CommandBusOptions {
  /** How many streams keep their state in memory (default 256); idle ones beyond it are dropped, least recently used first. */
  maxCachedStreams?: number;
  /**
   * How many records the cached states may weigh between them (default MAX_CACHED_RECORDS); idle
   * streams beyond it are dropped the same way.
   */
  maxCachedRecords?: number;
}

export class CommandBus {
  // Streams of every decider share one cache; each entry keeps its own decider's types, and
  // entry() hands it back typed by the decider it was made with.
  private readonly streams = new Map<string, AnyStreamEntry>();
  private readonly appendListeners: Array<(position: Position) => void> = [];
  private readonly maxCachedStreams: number;
  private readonly maxCachedRecords: number;
  /** What the cached states weighed between them when a command or load last settled. */
  private heldRecords = 0;
  private turn = 0;
  private turnEnds = false;

  constructor(
    private readonly store: EventStore,
    options: CommandBusOptions = {},
  ) {
    this.maxCachedStreams = options.maxCachedStreams ?? 256;
    this.maxCachedRecords = options.maxCachedRecords ?? MAX_CACHED_RECORDS;
  }

  /** Streams whose state is held in memory now. */
  get cachedStreams(): number {
    return this.streams.size;
  }

  /** The cache's use of its two bounds (/api/ready's `memory_bounds`, printed by the bench). */
  cacheUse(): { streams: number; max_streams: number; records: number; max_records: number } {
    return {
      streams: this.streams.size,
      max_streams: this.maxCachedStreams,
      records: this.heldRecords,
      max_records: this.maxCachedRecords,
    };
  }

  /** Called after every successful append (the projection runner wakes up on it). */
  onAppend(listener: (position: Position) => void): void {
    this.appendListeners.push(listener);
  }

  /** Decides and appends one command; resolves once its events are durably stored. */
  handle<C, E extends DomainEvent, S>(
    streamName: string,
    decider: Decider<C, E, S>,
    command: C,
    meta: CommandMeta,
  ): Promise<CommandResult<E, S>> {
    const entry = this.entry(streamName, decider);
    entry.inUse += 1;
    return new Promise<{ events: DomainEvent[]; position: Position }>((resolve, reject) => {
      entry.queue.push({ command, commandId: randomUUID(), meta, resolve, reject });
      if (!entry.scheduled) {
        entry.scheduled = true;
        entry.tail = entry.tail.then(async () => {
          entry.scheduled = false;
          const batch = entry.queue.splice(0);
          try {
            await this.processBatch(streamName, entry, batch);
          } catch (error) {
            // Never leave a caller waiting, nor the stream's queue stuck behind a failed round.
            entry.cached = null;
            for (const q of batch) q.reject(error);
          }
        });
      }
    })
      .then(({ events, position }) => ({ events: events as E[], position, state: entry.cached?.state as S }))
      .finally(() => this.release(entry));
  }

  /**
   * Drops these streams' cached states (when idle), so the next command reads them afresh: after
   * an erasure (rule: erasure) a cached state would still hold the erased customer's address.
   */
  forget(streamNames: Iterable<string>): void {
    for (const name of streamNames) {
      const entry = this.streams.get(name);
      if (entry && entry.inUse === 0 && entry.queue.length === 0) this.streams.delete(name);
    }
  }

  /** Position of the newest event in the store (every process's appends), 0 when empty. */
  headPosition() {
    return this.store.headPosition();
  }

  /** The stream's events as stored, bypassing the cache (audit views). */
  readStream(streamName: string) {
    return this.store.readStream(streamName);
  }

  /**
   * The stream's current state, read through the cache (never mutate it). Loads in one turn of
   * the event loop share one read of the store: every booking loads the settings and the menu,
   * and a rush brings dozens of bookings per turn (a CPU profile showed those catch-up reads as
   * 4 % of a booking's cost). Like a snapshot, a turn does not see what another process wrote
   * during it; this process's own appends are in the cached state at once.
   */
  load<C, E extends DomainEvent, S>(
    streamName: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; revision: number; position: Position }> {
    const entry = this.entry(streamName, decider);
    entry.inUse += 1;
    const turn = this.currentTurn();
    const read = entry.tail.then(async () => {
      if (entry.cached && entry.readInTurn === turn) return entry.cached;
      const cached = await this.catchUp(streamName, entry);
      entry.readInTurn = turn;
      return cached;
    });
    entry.tail = read.catch(() => undefined);
    return read
      .then((cached) => ({ state: cached.state, revision: cached.revision, position: cached.position }))
      .finally(() => this.release(entry));
  }

  /** A number that changes when the event loop has gone round once (setImmediate runs after I/O). */
  private currentTurn(): number {
    if (!this.turnEnds) {
      this.turnEnds = true;
      setImmediate(() => {
        this.turn += 1;
        this.turnEnds = false;
      });
    }
    return this.turn;
  }

  /** The stream's entry, now the most recently used (a Map iterates in insertion order). */
  private entry<C, E extends DomainEvent, S>(streamName: string, decider: Decider<C, E, S>): StreamEntry<C, E, S> {
    let entry = this.streams.get(streamName);
    if (entry) this.streams.delete(streamName);
    else
      entry = { decider, cached: null, queue: [], scheduled: false, tail: Promise.resolve(), inUse: 0, readInTurn: -1 };
    this.streams.set(streamName, entry);
    return entry as StreamEntry<C, E, S>;
  }

  /** Drops the least recently used idle streams while more streams or records than allowed are held. */
  private release(entry: AnyStreamEntry): void {
    entry.inUse -= 1;
    let records = 0;
    for (const held of this.streams.values()) records += weightOf(held);
    if (this.streams.size > this.maxCachedStreams || records > this.maxCachedRecords) {
      for (const [name, candidate] of this.streams) {
        if (this.streams.size <= this.maxCachedStreams && records <= this.maxCachedRecords) break;
        if (candidate.inUse > 0) continue;
        this.streams.delete(name);
        records -= weightOf(candidate);
      }
    }
    this.heldRecords = records;
  }

  private async catchUp<C, E extends DomainEvent, S>(
    streamName: string,
    entry: StreamEntry<C, E, S>,
  ): Promise<Cached<S>> {
    const cached = entry.cached ?? { state: entry.decider.initialState(), revision: -1, position: 0 };
    const recorded = await this.store.readStream(streamName, cached.revision + 1);
    for (const event of recorded) {
      cached.state = entry.decider.evolve(cached.state, { type: event.type, data: event.data } as E);
      cached.revision = event.revision;
      cached.position = event.position;
    }
    entry.cached = cached;
    return cached;
  }

  private async processBatch<C, E extends DomainEvent, S>(
    streamName: string,
    entry: StreamEntry<C, E, S>,
    batch: Queued<C>[],
  ): Promise<void> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Optimistic: a cached state is decided on without asking the store first (a CPU profile
      // of a booking rush showed the catch-up read of every round as its largest single cost).
      // An append on a stale state fails on its expected revision and is retried below; only a
      // round that appends nothing (a refusal, an idempotent retry) must check it was current.
      const fresh = entry.cached === null;
      let cached: Cached<S>;
      try {
        cached = fresh ? await this.catchUp(streamName, entry) : entry.cached!;
      } catch (error) {
        entry.cached = null;
        for (const q of batch) q.reject(error);
        return;
      }
      const expected = cached.revision;

      const outcomes: Array<{ q: Queued<C>; events: E[] } | { q: Queued<C>; error: unknown }> = [];
      const toAppend: NewEvent[] = [];
      for (const q of batch) {
        try {
          const events = entry.decider.decide(q.command, cached.state);
          for (const event of events) {
            cached.state = entry.decider.evolve(cached.state, event);
            toAppend.push({
              id: timeOrderedId(),
              type: event.type,
              data: event.data,
              // An auditor groups a request's events by correlation (a booking with a bonus code
              // writes to two streams) and one command's events by causation.
              metadata: {
                actor: q.meta.actor,
                timestamp: q.meta.now.toISOString(),
                causationId: q.commandId,
                correlationId: q.meta.correlationId,
              },
            });
          }
          outcomes.push({ q, events });
        } catch (error) {
          outcomes.push({ q, error });
        }
      }

      const refused = outcomes.some((o) => 'error' in o);
      if (!fresh && (refused || toAppend.length === 0)) {
        let stale: boolean;
        try {
          stale = (await this.store.readStream(streamName, expected + 1)).length > 0;
        } catch (error) {
          entry.cached = null;
          for (const q of batch) q.reject(error);
          return;
        }
        if (stale) {
          // Another process wrote since: decide the whole round again on the current state.
          entry.cached = null;
          continue;
        }
      }

      if (toAppend.length === 0) {
        for (const o of outcomes) settle(o, cached.position);
        return;
      }

      try {
        const result = await this.store.append(streamName, toAppend, expected === -1 ? 'no_stream' : expected);
        cached.revision = result.nextRevision;
        cached.position = result.position;
        for (const o of outcomes) settle(o, result.position);
        for (const listener of this.appendListeners) listener(result.position);
        return;
      } catch (error) {
        // The state already holds the events that were not stored: throw it away.
        entry.cached = null;
        if (error instanceof WrongExpectedRevisionError) continue;
        for (const q of batch) q.reject(error);
        return;
      }
    }
    for (const q of batch) q.reject(new DomainError(msg.busy, 'conflict'));
  }
}

/** What a stream's cached state weighs: its decider's weight, or the events folded into it. */
function weightOf(entry: AnyStreamEntry): number {
  if (!entry.cached) return 0;
  return entry.decider.weight ? entry.decider.weight(entry.cached.state) : entry.cached.revision + 1;
}

/**
 * A UUID version 7 (RFC 9562: 48 bits of Unix milliseconds, then random bits): event ids in time
 * order make the event store's unique index on them grow at its end, so a batch's commit writes
 * a few index pages instead of one random page per event (the commit was the largest native cost
 * in a profile of a booking rush). Made from Node's pooled randomUUID: its version digit and the
 * first twelve hex digits replaced.
 */
function timeOrderedId(): string {
  const random = randomUUID();
  const ms = Date.now().toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(15)}`;
}

function settle<C, E>(outcome: { q: Queued<C>; events: E[] } | { q: Queued<C>; error: unknown }, position: Position) {
  if ('error' in outcome) outcome.q.reject(outcome.error);
  else outcome.q.resolve({ events: outcome.events as DomainEvent[], position });
}
