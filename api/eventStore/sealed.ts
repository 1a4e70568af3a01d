// Crypto-shredding (rule: erasure): an event store that keeps customers' personal fields sealed,
// around either adapter. On append, each personal record of an event (domain/customers/
// personalData.ts) has its non-null personal fields encrypted together with AES-256-GCM under
// its customer's key; on every read they are opened again. Once a customer's key is deleted
// their fields read as "[raderad]": in replays, rebuilds, history, exports, everywhere the log is
// read, while the events themselves (times, pizzas, amounts, statuses) stay as they were.
//
// A sealed record keeps its field names, with null in place of each sealed value (so an opened
// event has its fields in the order it was written, and documents built from it are alike
// byte for byte), plus `sealed`: the id of the key it was sealed under (the customer's current
// key then: api/keys/keyStore.ts, keys by generation), the names of the fields sealed, the IV,
// and the ciphertext with its tag. Events written before sealing existed (plain text) read as
// they are; `npm run events:export` then `events:import` into a new store seals them.
//
// No read throws on a record it cannot open. A record whose key is destroyed reads "[raderad]":
// that is an erasure. One that does not open with the key its id finds (sealed under another key,
// as in a store where an erased customer's new key was once given the old key's id), or whose
// seal is damaged, reads "[raderad]" as well, and is counted (`unopenable`) and logged once with
// its position: a stream that held it would otherwise be unreadable for good (no booking of its
// day could be decided, no history shown, no rebuild or export run).
import type { AppendResult, EventStore, Subscription } from '../../domain/eventStore.js';
import type { KeyStore } from '../keys/keyStore.js';
import { recordOpener } from './sealed/openAll.js';
import { threadOpener } from './sealed/opener.js';
import { sealAll } from './sealed/sealAll.js';
import { appendedTail, keysEmptying } from './sealed/tail.js';

export interface SealedEventStore extends EventStore {
  readonly keys: KeyStore;
  /**
   * How often a record that could not be opened (sealed under another key than its id finds, or
   * damaged) was read as erased since this store was opened; a destroyed key's records, erased
   * as they should be, are not counted.
   */
  readonly unopenable: number;
}

export interface SealedOptions {
  /** Where a record that cannot be opened is told, once per record (standard error otherwise). */
  log?: (message: string) => void;
  /**
   * Keep the events this process appended, as they read opened, for the in-process readers that
   * follow the log (see TAIL_MAX_EVENTS). Only for an inner store whose positions are dense (the
   * next event after position p is at p + 1: the embedded SQLite store), as that is how a page is
   * known to be whole.
   */
  tail?: boolean;
}

/** @param closeKeys whether closing this store closes the key store too (it does when it owns it). */
export function sealedEventStore(
  inner: EventStore,
  keys: KeyStore,
  closeKeys = true,
  options: SealedOptions = {},
): SealedEventStore {
  const log = options.log ?? ((message: string) => console.error(message));
  const { tail, keepInTail, fromTail } = appendedTail();
  // Erasure empties the tail (see TAIL_MAX_MS): the store's keys as the erasure reaches them.
  const sealedKeys: KeyStore = options.tail ? keysEmptying(tail, keys) : keys;
  const thread = threadOpener();
  const { openAll, unopenable } = recordOpener(keys, log, thread);

  /** A page of the store, opened: only the records of `types` where given. */
  const readStored = async (afterPosition: number, maxCount: number, types?: ReadonlySet<string>) => {
    const page = await inner.readAll(afterPosition, maxCount);
    // Each reactor reads the whole log: one that acts on no booking (push, erasure) need not
    // decrypt every booking (a profile of a booking rush had a decryption per reader per booking).
    await openAll(types ? page.filter((event) => types.has(event.type)) : page, page.length >= maxCount);
    return page;
  };

  let previousIssued: Promise<unknown> = Promise.resolve();

  return {
    keys: sealedKeys,
    get unopenable() {
      return unopenable();
    },
    get keepsIssueOrder() {
      return inner.keepsIssueOrder;
    },
    append(streamName, events, expected) {
      // Sealing may wait for a new customer's key to reach the disk; appends still reach the inner
      // store in the order they were issued (keepsIssueOrder: events:import relies on it).
      const sealing = sealAll(keys, events);
      // The plain JSON now, before the caller can change its objects: what the tail serves.
      const json = options.tail
        ? events.map((e): [string, string] => [JSON.stringify(e.data ?? null), JSON.stringify(e.metadata)])
        : null;
      let appended!: Promise<AppendResult>;
      const issued = Promise.all([previousIssued, sealing]).then(([, { sealed, written }]) => {
        // Answered once the events and any new customer's key are both on disk (fsyncs side by side).
        appended = Promise.all([inner.append(streamName, sealed, expected), ...written]).then(([result]) => {
          if (json && events.length > 0) keepInTail(events, json, result, streamName);
          return result;
        });
      });
      previousIssued = issued.catch(() => {});
      return issued.then(() => appended);
    },
    async readStream(streamName, fromRevision) {
      return openAll(await inner.readStream(streamName, fromRevision));
    },
    async readAll(afterPosition, maxCount, types) {
      const kept = tail.size > 0 ? fromTail(afterPosition + 1, maxCount) : [];
      if (kept.length === 0) return readStored(afterPosition, maxCount, types);
      if (kept.length === maxCount) return kept;
      // What follows the kept events (another process's, or older than the tail): from the store.
      return [...kept, ...(await readStored(kept[kept.length - 1].position, maxCount - kept.length, types))];
    },
    subscribeToAll(afterPosition): Subscription {
      const subscription = inner.subscribeToAll(afterPosition);
      return {
        close: () => subscription.close(),
        async *[Symbol.asyncIterator]() {
          for await (const event of subscription) yield (await openAll([event]))[0];
        },
      };
    },
    headPosition: () => inner.headPosition(),
    async close() {
      tail.clear();
      await thread.close();
      await inner.close();
      if (closeKeys) await keys.close();
    },
  };
}
