// Crypto-shredding (rule: erasure): an event store that keeps customers' personal fields sealed,
// around either adapter. On append, each personal record of an event (domain/customers/
// personalData.ts) has its non-null personal fields encrypted together with AES-256-GCM under
// its customer's key; on every read they are opened again. Once a customer's key is deleted
// their fields read as "[raderad]": in replays, rebuilds, history, exports, everywhere the log is
// read, while the events themselves (times, pizzas, amounts, statuses) stay as they were.
//
// A sealed record keeps its field names, with null in place of each sealed value (so an opened
// event has its fields in the order it was written, and documents built from it are alike
// byte for byte), plus `sealed`: the key id, the names of the fields sealed, the IV, and the
// ciphertext with its tag. Events written before sealing existed (plain text) read as they are;
// `npm run events:export` then `events:import` into a new store seals them.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { ERASED, normaliseEmail, personalData } from '../../domain/customers/personalData.js';
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
  return personal && event.data && typeof event.data === 'object' ? (personal.records(event.data as Record<string, unknown>) as Rec[]) : [];
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
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The key id is authenticated with the data: a sealed record cannot be passed off as another customer's.
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  record.sealed = { key: keyId, fields: sealedFields, iv: iv.toString('base64'), data: data.toString('base64') };
}

function open(record: Rec, key: Buffer | undefined): void {
  const sealed = record.sealed!;
  delete record.sealed;
  let plain: Record<string, unknown> | null = null;
  if (key) {
    const data = Buffer.from(sealed.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.key));
    decipher.setAuthTag(data.subarray(data.length - 16));
    plain = JSON.parse(decipher.update(data.subarray(0, data.length - 16), undefined, 'utf8') + decipher.final('utf8'));
  }
  for (const field of sealed.fields) record[field] = plain ? plain[field] : ERASED;
}

export interface SealedEventStore extends EventStore {
  readonly keys: KeyStore;
}

/** @param closeKeys whether closing this store closes the key store too (it does when it owns it). */
export function sealedEventStore(inner: EventStore, keys: KeyStore, closeKeys = true): SealedEventStore {
  /** Opens every sealed record of these events in place, fetching each key once. */
  const openAll = async <T extends RecordedEvent>(events: T[]): Promise<T[]> => {
    let sealed: Rec[] | null = null;
    for (const event of events) {
      for (const record of records(event)) if (record.sealed) (sealed ??= []).push(record);
    }
    if (!sealed) return events;
    const found = await keys.keysOf(new Set(sealed.map((r) => r.sealed!.key)));
    for (const record of sealed) open(record, found.get(record.sealed!.key));
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
          const email = typeof record.email === 'string' ? normaliseEmail(record.email) : '';
          // Nothing to seal under no one's key: a record already erased (imported from an
          // export made after an erasure) or without an address.
          if (!email || record.email === ERASED) continue;
          const keyId = keys.keyIdOf(email);
          const key = await keys.keyFor(keyId);
          if (key.written) written.push(key.written);
          seal(record, personal.fields, keyId, key.key);
        }
        return copy;
      }),
    );
    return { sealed, written };
  };

  let previousIssued: Promise<unknown> = Promise.resolve();

  return {
    keys,
    get keepsIssueOrder() {
      return inner.keepsIssueOrder;
    },
    append(streamName, events, expected) {
      // Sealing may wait for a new customer's key to reach the disk; appends still reach the inner
      // store in the order they were issued (keepsIssueOrder: events:import relies on it).
      const sealing = sealAll(events);
      let appended!: Promise<AppendResult>;
      const issued = Promise.all([previousIssued, sealing]).then(([, { sealed, written }]) => {
        // Answered once the events and any new customer's key are both on disk (fsyncs side by side).
        appended = Promise.all([inner.append(streamName, sealed, expected), ...written]).then(([result]) => result);
      });
      previousIssued = issued.catch(() => {});
      return issued.then(() => appended);
    },
    async readStream(streamName, fromRevision) {
      return openAll(await inner.readStream(streamName, fromRevision));
    },
    async readAll(afterPosition, maxCount, types) {
      const page = await inner.readAll(afterPosition, maxCount);
      // Each reactor reads the whole log: one that acts on no booking (push, erasure) need not
      // decrypt every booking (a profile of a booking rush had a decryption per reader per booking).
      await openAll(types ? page.filter((event) => types.has(event.type)) : page);
      return page;
    },
    subscribeToAll(afterPosition): Subscription {
      const subscription = inner.subscribeToAll(afterPosition);
      return {
        close: () => subscription.close(),
        async *[Symbol.asyncIterator]() {
          for await (const event of subscription) yield (await openAll([event]))[0]!;
        },
      };
    },
    headPosition: () => inner.headPosition(),
    async close() {
      await inner.close();
      if (closeKeys) await keys.close();
    },
  };
}
