// Each stream has one event union (beside its decider), and one decoding point: `eventsOf` gives
// the union's types as a list the compiler checks complete, and decodes what the store recorded
// into the union. The store hands out `RecordedEvent`s (type: string, data: unknown); a reader
// takes them through its stream's decoder, never through a cast of its own. Only the type is
// checked when decoding: payloads are checked by their schemas before the command that writes
// them (domain/payloads.ts, test/domain/payloads.test.ts), and events are never changed after.
//
// Projections and reactors take their typed events from the runner, which applies to each only
// the types it lists (projections/projection.ts, `projection`).
import type { RecordedEvent } from '../eventStore.js';
import type { DomainEvent } from './decider.js';

/** An event of union E as the store recorded it: its stream, revision, position, metadata. */
export type Recorded<E extends DomainEvent> = E & Omit<RecordedEvent, 'type' | 'data'>;

/** A stream's event types, and its decoding point. */
export interface StreamEvents<E extends DomainEvent> {
  /** Every type of the union, once. */
  readonly types: readonly E['type'][];
  /** The event typed by the union; an event of a type the union does not know throws. */
  decode(recorded: RecordedEvent): Recorded<E>;
  /** A whole stream (or a page of it) typed by the union, checked event by event. */
  decodeAll(stream: readonly RecordedEvent[]): readonly Recorded<E>[];
}

/**
 * The stream of union E: `types` names every type of the union and nothing else (the compiler
 * checks both: a key missing or one too many fails to type-check).
 */
export function eventsOf<E extends DomainEvent>(types: { readonly [T in E['type']]: true }): StreamEvents<E> {
  const list = Object.keys(types) as E['type'][];
  const known: ReadonlySet<string> = new Set(list);
  const check = (recorded: RecordedEvent) => {
    if (!known.has(recorded.type))
      throw new Error(`Unknown event ${recorded.type} in stream ${recorded.streamName} at ${recorded.position}`);
  };
  return {
    types: list,
    decode(recorded) {
      check(recorded);
      return recorded as Recorded<E>;
    },
    decodeAll(stream) {
      for (const recorded of stream) check(recorded);
      return stream as readonly Recorded<E>[];
    },
  };
}
