// The event store port. Both adapters (SQLite under api/eventStore/sqlite.ts, EventStoreDB under
// api/eventStore/eventStoreDb.ts) implement it and pass test/contract/eventStore.contract.ts.
//
// Streams have a revision: the 0-based index of their last event (a stream with one event is at
// revision 0). Every event also has a global position: a positive number that grows with the one
// global order over all streams, so "has the projection reached position P" is a number compare.

export type Position = number;

/** What an append expects of the stream it writes to. A number is the exact current revision. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** Who caused the event: 'customer', 'system' or the admin's e-mail. */
  actor: string;
  /** ISO-8601 instant the command was handled (taken from the command, never from the store). */
  timestamp: string;
  /** The command that produced the event. */
  causationId?: string;
  /** The request that issued the command; shared by every command one request runs. */
  correlationId?: string;
}

export interface NewEvent {
  /**
   * A UUID, kept by the store. What ids promise, in both adapters (the contract tests it): an
   * append sent again unchanged (the same events, ids and order, with the same expected
   * revision), say after its answer was lost, stores nothing new and answers what the first one
   * did. Nothing beyond that: the same ids mixed with new events are refused as a conflict, and
   * the same ids under another expected revision may be refused, or (EventStoreDB with 'any',
   * once its idempotency cache has forgotten them) stored twice. So a retry resends the exact
   * append, expected revision included; the command bus decides afresh after a conflict.
   */
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamName: string;
  revision: number;
  position: Position;
}

export interface AppendResult {
  /** Revision of the stream after the append. */
  nextRevision: number;
  /** Global position of the last event of this append (or of the already stored duplicate). */
  position: Position;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** The revision the stream really has; -1 when the stream does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** A catch-up subscription: first every stored event after the start position, then live ones. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  append(streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order, starting at fromRevision (default 0). */
  readStream(streamName: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /**
   * Up to maxCount events of all streams in global order whose position is > afterPosition.
   * `types`: the event types the reader acts on, when it knows them (a projection runner does).
   * A store that seals personal data (api/eventStore/sealed.ts) opens only those; the others come
   * with their personal fields still sealed. Adapters without sealing ignore it.
   */
  readAll(afterPosition: Position, maxCount: number, types?: ReadonlySet<string>): Promise<RecordedEvent[]>;
  /** Catch-up then live subscription to all events whose position is > afterPosition (0 = all). */
  subscribeToAll(afterPosition: Position): Subscription;
  /** Position of the newest stored event, 0 when the store is empty. */
  headPosition(): Promise<Position>;
  /**
   * True when appends issued together (in one turn of the event loop) are stored in the order
   * they were issued, as SQLite's group commit does. A bulk loader (events:import) may then issue
   * many at once; otherwise it must await each append to keep the global order.
   */
  readonly keepsIssueOrder?: boolean;
  close(): Promise<void>;
}
