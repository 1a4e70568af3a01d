// The sealed store's tail: the events this process just appended, kept opened for its readers.
import type { AppendResult, NewEvent, RecordedEvent } from '../../../domain/eventStore.js';
import type { KeyStore } from '../../keys/keyStore.js';

/**
 * The tail: every in-process reader that follows the log (the projections and the mail, SMS,
 * push and erasure reactors: five ProjectionRunners) read back, parsed and opened each event this
 * process had just appended, five times over; a CPU profile of a booking rush had a row read and
 * two JSON parses per reader per event, and a decryption for each reader acting on bookings.
 * The events as appended (their plain JSON: what opening the sealed row gives back, byte for
 * byte) are kept a short while, and a page that starts at one of them is served from here, each
 * reader getting objects of its own, what follows them still read from the store.
 *
 * Erasure: a kept event's personal fields are plaintext, so every erasure through this store's
 * keys empties the tail, and an event is served from it only within TAIL_MAX_MS of its append:
 * a key destroyed by another process is then no later seen than by a reader that read the row a
 * moment before that erasure (its read models are scrubbed after the key goes, either way).
 */
const TAIL_MAX_EVENTS = 1024;
const TAIL_MAX_MS = 2000;

interface TailEvent {
  id: string;
  type: string;
  streamName: string;
  revision: number;
  position: number;
  /** The event's data and metadata as JSON: parsed anew for each reader. */
  data: string;
  metadata: string;
  appendedAt: number;
}

/** The kept events by position, with how they are kept and read back. */
export function appendedTail() {
  const tail = new Map<number, TailEvent>();
  const keepInTail = (
    events: readonly NewEvent[],
    json: Array<[string, string]>,
    result: AppendResult,
    streamName: string,
  ) => {
    const appendedAt = performance.now();
    events.forEach((event, i) => {
      const back = events.length - 1 - i;
      const position = result.position - back;
      tail.set(position, {
        id: event.id,
        type: event.type,
        streamName,
        revision: result.nextRevision - back,
        position,
        data: json[i][0],
        metadata: json[i][1],
        appendedAt,
      });
    });
    // Oldest first: a Map iterates in insertion order.
    for (const position of tail.keys()) {
      if (tail.size <= TAIL_MAX_EVENTS) break;
      tail.delete(position);
    }
  };
  /** The kept events from position `from` on, while they follow each other and are fresh: at most `max`. */
  const fromTail = (from: number, max: number): RecordedEvent[] => {
    const freshSince = performance.now() - TAIL_MAX_MS;
    const page: RecordedEvent[] = [];
    for (let p = from; page.length < max; p++) {
      const kept = tail.get(p);
      if (!kept || kept.appendedAt < freshSince) break;
      page.push({
        id: kept.id,
        type: kept.type,
        data: JSON.parse(kept.data) as RecordedEvent['data'],
        metadata: JSON.parse(kept.metadata) as RecordedEvent['metadata'],
        streamName: kept.streamName,
        revision: kept.revision,
        position: kept.position,
      });
    }
    return page;
  };
  return { tail, keepInTail, fromTail };
}

/** The store's keys as the erasure reaches them, emptying the tail (see TAIL_MAX_MS) as it erases. */
export function keysEmptying(tail: Map<number, unknown>, keys: KeyStore): KeyStore {
  return Object.assign(Object.create(keys) as KeyStore, {
    erase: async (customerId: string, serial: string) => {
      tail.clear();
      try {
        return await keys.erase(customerId, serial);
      } finally {
        tail.clear();
      }
    },
  });
}
