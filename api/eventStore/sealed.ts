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
import { createCipheriv, createSecretKey } from 'node:crypto';
import { threadCalls, type ThreadCalls } from '../../read-models/threadCalls.js';
import { OPENER_THREAD, decrypt, type OpenerBatch } from './openerThread.js';
import { ERASED, ownerOfRecord, personalData } from '../../domain/customers/personalData.js';
import type { AppendResult, EventStore, NewEvent, RecordedEvent, Subscription } from '../../domain/eventStore.js';
import { randomPool, type KeyStore } from '../keys/keyStore.js';

interface Sealed {
  key: string;
  fields: string[];
  iv: string;
  /** Ciphertext followed by the 16-byte GCM tag, base64. */
  data: string;
}

type Rec = Record<string, unknown> & { sealed?: Sealed };

const records = (event: { type: string; data: unknown }): Rec[] => {
  const personal = personalData[event.type];
  return personal && event.data && typeof event.data === 'object'
    ? personal.records(event.data as Record<string, unknown>)
    : [];
};

function seal(record: Rec, fields: readonly string[], keyId: string, key: Buffer): void {
  const plain: Record<string, unknown> = {};
  const sealedFields: string[] = [];
  for (const field of fields) {
    if (record[field] === null || record[field] === undefined) continue;
    plain[field] = record[field];
    sealedFields.push(field);
    record[field] = null;
  }
  const iv = randomPool(12);
  // A KeyObject, not the Buffer: Node 24's crypto tries a Buffer key as a KeyObject first, and the
  // failed brand check throws and catches an exception each time (isKeyObject in Node 24.21's
  // lib/internal/crypto/keys.js): 14 µs a seal against 7 µs with createSecretKey, measured on 24.21.
  const cipher = createCipheriv('aes-256-gcm', createSecretKey(key), iv);
  // The key id is authenticated with the data: a sealed record cannot be passed off as another customer's.
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  record.sealed = { key: keyId, fields: sealedFields, iv: iv.toString('base64'), data: data.toString('base64') };
}

/** The record's seal, or null when it is not the shape seal() writes (a damaged record). */
function sealOf(record: Rec): Sealed | null {
  const s = record.sealed as Partial<Sealed> | undefined;
  return s &&
    typeof s === 'object' &&
    typeof s.key === 'string' &&
    typeof s.iv === 'string' &&
    typeof s.data === 'string' &&
    Array.isArray(s.fields) &&
    s.fields.every((field) => typeof field === 'string')
    ? (s as Sealed)
    : null;
}

/** Fills a record's sealed fields in place from its opened plaintext, or with ERASED (null: no key). */
function fill(record: Rec, fields: readonly string[], plain: Record<string, unknown> | null): void {
  delete record.sealed;
  for (const field of fields) record[field] = plain ? plain[field] : ERASED;
}

/**
 * A record that cannot be opened reads as erased: its sealed fields, or, its seal too damaged to
 * name them, every personal field of its event type left null in its place.
 */
function readAsErased(record: Rec, seal: Sealed | null, personalFields: readonly string[]): void {
  fill(record, seal?.fields ?? personalFields.filter((field) => record[field] === null), null);
}

/** An opened plaintext is the object seal() wrote; anything else is a damaged record. */
const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Opens a record in place (ERASED without a key). Answers why it could not be opened (another
 * key, a damaged record: it then reads as erased), or null when it was.
 */
function open(
  record: Rec,
  seal: Sealed | null,
  key: Buffer | undefined,
  personalFields: readonly string[],
): string | null {
  if (!seal) {
    readAsErased(record, null, personalFields);
    return 'its seal is damaged';
  }
  if (!key) {
    fill(record, seal.fields, null);
    return null;
  }
  let plain: unknown;
  try {
    plain = JSON.parse(decrypt(key, seal.key, seal.iv, seal.data));
  } catch (error) {
    readAsErased(record, seal, personalFields);
    return error instanceof Error ? error.message : String(error);
  }
  if (!isPlain(plain)) {
    readAsErased(record, seal, personalFields);
    return 'its plaintext is not a record';
  }
  fill(record, seal.fields, plain);
  return null;
}

/**
 * Full pages (a reader far behind: see openAll) with at least this many sealed records are
 * decrypted on a thread of their own, while the reader goes on (projections/runner.ts folds the
 * previous page meanwhile). A CPU profile of a rebuild of 100,000 sealed bookings spent a quarter of the
 * main thread in decryption, 7 µs a record, nearly all of it Node's per-call cost of a decipher;
 * the thread takes only the ciphertexts and the keys, so it works the same around any adapter
 * and key store. Smaller reads (a live booking's) stay on the calling thread: no hop between
 * threads on the path a request waits on.
 */
const OPENER_MIN_RECORDS = 256;
/** How long the opener thread may idle before it ends. */
const OPENER_IDLE_MS = 2000;

/** The thread's file beside this one: the TypeScript source, or the compiled JavaScript in dist/. */
const OPENER_FILE = new URL(`./openerThread${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * The thread's answer: per record in the batch's order, as one JSON array, its plaintext, null
 * (no key) or false (not opened, the reason in errors). Parsed by the caller, not in the answer:
 * an answer that does not parse is a page to open again here, not a failed thread.
 */
interface Opened {
  plain: string;
  errors: Record<number, string>;
}
type Opener = ThreadCalls<Omit<OpenerBatch, 'n'>, Opened>;

const startOpener = (): Opener =>
  threadCalls(
    OPENER_FILE,
    'event opener',
    (m) => ({
      plain: m.plain as string,
      errors: (m.errors ?? {}) as Record<number, string>,
    }),
    OPENER_THREAD,
  );

/** How many records that could not be opened are logged one by one; after that they are only counted. */
const UNOPENABLE_LOGGED_MAX = 1000;

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

/** @param closeKeys whether closing this store closes the key store too (it does when it owns it). */
export function sealedEventStore(
  inner: EventStore,
  keys: KeyStore,
  closeKeys = true,
  options: SealedOptions = {},
): SealedEventStore {
  const log = options.log ?? ((message: string) => console.error(message));
  let opener: Opener | null = null;

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
  // Erasure empties the tail (see TAIL_MAX_MS): the store's keys as the erasure reaches them.
  const sealedKeys: KeyStore = options.tail
    ? Object.assign(Object.create(keys) as KeyStore, {
        erase: async (customerId: string, serial: string) => {
          tail.clear();
          try {
            return await keys.erase(customerId, serial);
          } finally {
            tail.clear();
          }
        },
      })
    : keys;

  // The opener thread ends once it has had nothing to do for a while: a rebuild or a long
  // catch-up uses it, the server's evening after that does not, and an idle thread still holds
  // its heap (about 20 MB of the server's memory in the bench).
  let idle: NodeJS.Timeout | null = null;
  const openOnThread = async (batch: Omit<OpenerBatch, 'n'>) => {
    if (idle) clearTimeout(idle);
    idle = null;
    const running = (opener ??= startOpener());
    try {
      return await running.call(batch);
    } catch (error) {
      // A thread that failed fails every later call: the next page starts a new one.
      if (opener === running) opener = null;
      throw error;
    } finally {
      if (running.busy() === 0 && opener === running) {
        idle = setTimeout(() => {
          idle = null;
          if (opener !== running || running.busy() > 0) return;
          opener = null;
          running.close().catch(() => {});
        }, OPENER_IDLE_MS);
        idle.unref();
      }
    }
  };

  // Records that could not be opened: counted at every read, logged once each (by position and
  // index in the event), up to UNOPENABLE_LOGGED_MAX of them.
  let unopenable = 0;
  const logged = new Set<string>();
  const cannotOpen = (record: Rec, event: RecordedEvent, reason: string) => {
    unopenable += 1;
    const index = records(event).indexOf(record);
    const at = `${event.position}/${index}`;
    if (logged.has(at) || logged.size > UNOPENABLE_LOGGED_MAX) return;
    logged.add(at);
    log(
      logged.size > UNOPENABLE_LOGGED_MAX
        ? `sealed event store: more than ${UNOPENABLE_LOGGED_MAX} records could not be opened; the rest read as "${ERASED}" and are counted, not logged`
        : `sealed event store: the record at position ${event.position} (${event.type} in ${event.streamName}` +
            `${index > 0 ? `, record ${index + 1}` : ''}) could not be opened (${reason}); it reads as "${ERASED}"`,
    );
  };

  /** Opens these records on this thread, each against the key its id finds. */
  const openHere = (
    sealed: Rec[],
    seals: Array<Sealed | null>,
    owners: RecordedEvent[],
    found: ReadonlyMap<string, Buffer>,
  ) => {
    sealed.forEach((record, i) => {
      const seal = seals[i];
      const personalFields = personalData[owners[i].type].fields;
      const failed = open(record, seal, seal ? found.get(seal.key) : undefined, personalFields);
      if (failed !== null) cannotOpen(record, owners[i], failed);
    });
  };

  /**
   * Opens every sealed record of these events in place, fetching each key once. `bulk`: a full
   * page of a reader far behind (a rebuild, a catch-up after a stop), which may go to the opener
   * thread; a reader following the log (a page of what came since its last) stays on its own:
   * in a rush of 100,000 bookings the projections' catch-up pages of a few hundred bookings
   * started the thread and kept it, 20 MB more memory for no booking more per second.
   */
  const openAll = async <T extends RecordedEvent>(events: T[], bulk = false): Promise<T[]> => {
    let sealed: Rec[] | null = null;
    const owners: RecordedEvent[] = [];
    for (const event of events) {
      for (const record of records(event))
        if (record.sealed) {
          (sealed ??= []).push(record);
          owners.push(event);
        }
    }
    if (!sealed) return events;
    const seals = sealed.map(sealOf);
    const found = await keys.keysOf(new Set(seals.flatMap((seal) => (seal ? [seal.key] : []))));
    // A key not 32 bytes long would not fit the thread's batch: its records fail on this thread.
    if (!bulk || sealed.length < OPENER_MIN_RECORDS || [...found.values()].some((key) => key.length !== 32)) {
      openHere(sealed, seals, owners, found);
      return events;
    }
    const keyIndex = new Map([...found.keys()].map((id, i) => [id, i]));
    const key: number[] = [];
    const keyIds: string[] = [];
    const ivs: string[] = [];
    const data: string[] = [];
    for (const seal of seals) {
      // A damaged seal goes as "no key" and is read as erased below.
      key.push(seal ? (keyIndex.get(seal.key) ?? -1) : -1);
      keyIds.push(seal?.key ?? '');
      ivs.push(seal?.iv ?? '');
      data.push(seal?.data ?? '');
    }
    const batch = {
      keys: Buffer.concat([...found.values()]),
      key,
      keyIds: JSON.stringify(keyIds),
      ivs: JSON.stringify(ivs),
      data: JSON.stringify(data),
    };
    let plains: unknown[];
    let errors: Record<number, string>;
    try {
      const opened = await openOnThread(batch);
      plains = JSON.parse(opened.plain) as unknown[];
      errors = opened.errors;
    } catch (error) {
      // The thread failed, or a plaintext was not JSON: this page opens here, record by record.
      log(
        `sealed event store: a page could not be opened on the opener thread (${error instanceof Error ? error.message : String(error)}); it is opened on the calling thread`,
      );
      openHere(sealed, seals, owners, found);
      return events;
    }
    sealed.forEach((record, i) => {
      const seal = seals[i];
      const plain = plains[i];
      const personalFields = personalData[owners[i].type].fields;
      if (!seal) {
        readAsErased(record, null, personalFields);
        cannotOpen(record, owners[i], 'its seal is damaged');
      } else if (plain === null) fill(record, seal.fields, null);
      else if (isPlain(plain)) fill(record, seal.fields, plain);
      else {
        readAsErased(record, seal, personalFields);
        cannotOpen(record, owners[i], errors[i] ?? 'its plaintext is not a record');
      }
    });
    return events;
  };

  /**
   * Copies of the events with their personal records sealed (the caller's events stay as they
   * were), and what must reach the disk beside them: the keys made for new customers.
   */
  const sealAll = async (events: NewEvent[]): Promise<{ sealed: NewEvent[]; written: Array<Promise<void>> }> => {
    const written: Array<Promise<void>> = [];
    if (!events.some((e) => records(e).length > 0)) return { sealed: events, written };
    const sealed = await Promise.all(
      events.map(async (event) => {
        const personal = personalData[event.type];
        if (!personal) return event;
        const copy = { ...event, data: structuredClone(event.data) };
        for (const record of records(copy)) {
          const owner = ownerOfRecord(event.type, record);
          // Nothing to seal under no one's key: a record already erased (imported from an
          // export made after an erasure) or naming nobody.
          if (!owner || record.email === ERASED) continue;
          // Under the customer's current key, named by its own id (a new one after an erasure).
          const key = await keys.keyFor(keys.customerIdOf(owner));
          if (key.written) written.push(key.written);
          seal(record, personal.fields, key.id, key.key);
        }
        return copy;
      }),
    );
    return { sealed, written };
  };

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
      return unopenable;
    },
    get keepsIssueOrder() {
      return inner.keepsIssueOrder;
    },
    append(streamName, events, expected) {
      // Sealing may wait for a new customer's key to reach the disk; appends still reach the inner
      // store in the order they were issued (keepsIssueOrder: events:import relies on it).
      const sealing = sealAll(events);
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
      if (idle) clearTimeout(idle);
      idle = null;
      await opener?.close();
      opener = null;
      await inner.close();
      if (closeKeys) await keys.close();
    },
  };
}
