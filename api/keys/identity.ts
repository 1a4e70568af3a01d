// Which key store belongs to the event log (rule: key-store-identity). The sealed records of the
// log open only with the keys of the store they were sealed under: a start on a new, empty
// keys.db (the file moved away, a backup restored without it) or on another kiosk's key store
// would read every customer as "[raderad]", silently erasing everyone. So the key store's
// identity (KeyStore.identity, made from its secret) is recorded in the log, on a stream of its
// own, and each start compares:
//   - no identity recorded yet: recorded now, unless the log holds sealed records and none of
//     their keys is in this store (it is not theirs: refused like another store);
//   - the same identity: nothing to do;
//   - another one while the log holds sealed records: refused, naming what to restore, unless
//     KEY_STORE_RESET=1, which records KeyStoreReset (actor 'system', both identities) and goes
//     on with this store; the records sealed under the old one read "[raderad]" for good.
// A log without sealed records has nothing to lose: a new identity is just recorded.
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../../domain/eventStore.js';
import { personalData } from '../../domain/customers/personalData.js';
import type { KeyStore } from './keyStore.js';

/** The stream of the key store's identity: never a business stream, and left out of an import. */
export const KEY_STORE_STREAM = 'keystore';

export interface KeyStoreIdentifiedData {
  key_store_id: string;
}

export interface KeyStoreResetData {
  /** The identity recorded before, whose keys the records sealed until now need. */
  previous_key_store_id: string;
  key_store_id: string;
}

/** Where the key store lives, for the operator's message. */
export interface KeyStoreLocation {
  /** "the file /srv/data/keys.db" or "the MongoDB collection customer_keys in database pizzakiosken". */
  describe: string;
}

/** The start refused: the log's sealed records need another key store than the one opened. */
export class KeyStoreMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyStoreMismatchError';
  }
}

export interface IdentityOptions {
  where: KeyStoreLocation;
  /** KEY_STORE_RESET=1: start anew with this key store on purpose (recorded). */
  reset: boolean;
  /** 'record' (the server): record what is missing or reset; 'verify' (the CLIs): only refuse. */
  mode: 'record' | 'verify';
  now?: () => Date;
}

/** Events read per page while looking for sealed records. */
const PAGE = 1000;
/** Key ids gathered from the log to see whether the store holds any of them. */
const KEY_IDS_CHECKED = 1000;

const latestIdentity = (events: RecordedEvent[]): string | null => {
  const last = events.at(-1);
  if (!last) return null;
  return (last.data as KeyStoreIdentifiedData | KeyStoreResetData).key_store_id;
};

/**
 * Key ids named by the log's sealed records, up to `max` (reading the log raw: the sealed store's
 * readAll opens only the types asked for, here none). Stops at the first when `max` is 1.
 */
async function sealedKeyIds(events: EventStore, max: number): Promise<string[]> {
  const found = new Set<string>();
  const none = new Set<string>();
  let after = 0;
  for (;;) {
    const page = await events.readAll(after, PAGE, none);
    for (const event of page) {
      const personal = personalData[event.type];
      if (!personal || !event.data || typeof event.data !== 'object') continue;
      for (const record of personal.records(event.data as Record<string, unknown>)) {
        const key = (record.sealed as { key?: unknown } | undefined)?.key;
        if (typeof key !== 'string') continue;
        found.add(key);
        if (found.size >= max) return [...found];
      }
    }
    if (page.length < PAGE) return [...found];
    after = page.at(-1)!.position;
  }
}

function refusal(
  where: KeyStoreLocation,
  recorded: string | null,
  current: string,
  mode: IdentityOptions['mode'],
): KeyStoreMismatchError {
  const what = recorded
    ? `The event log was written with key store ${recorded}, but ${where.describe} is key store ${current}`
    : `The event log holds sealed personal data, but none of its keys is in ${where.describe} (key store ${current})`;
  const reset =
    mode === 'record'
      ? 'Only if that key store is lost for good: start once with KEY_STORE_RESET=1 to go on without it; every customer sealed under it then reads "[raderad]" (recorded in the log as KeyStoreReset).'
      : 'Only if that key store is lost for good: start the server once with KEY_STORE_RESET=1 (recorded in the log), then run this again.';
  return new KeyStoreMismatchError(
    `Refusing to start: the customers' keys are missing.\n` +
      `${what}. Without the right keys every customer's name, e-mail and phone would read as erased.\n` +
      `Restore the key store that belongs to this event log (${where.describe}, from the same backup as the events) and start again.\n` +
      `${reset}\n` +
      `Startar inte: kundernas nycklar saknas. Återställ nyckellagret som hör till händelseloggen (${where.describe}, från samma säkerhetskopia) och starta igen. ` +
      `Bara om det är förlorat för gott: starta en gång med KEY_STORE_RESET=1; alla kunder som är krypterade med det gamla läses då som "[raderad]".`,
  );
}

/**
 * Compares the key store's identity with the one the log recorded (see the top of this file):
 * resolves when the start may go on (having recorded what was missing, in 'record' mode), throws
 * KeyStoreMismatchError when it must not.
 */
export async function checkKeyStoreIdentity(events: EventStore, keys: KeyStore, options: IdentityOptions) {
  const now = options.now ?? (() => new Date());
  const current = keys.identity;
  for (let attempt = 1; ; attempt++) {
    const stream = await events.readStream(KEY_STORE_STREAM);
    const recorded = latestIdentity(stream);
    if (recorded === current) return { recorded: false as const };
    let toRecord: 'KeyStoreIdentified' | 'KeyStoreReset';
    if (recorded === null) {
      // Never recorded (a first start, or the first since identities exist): this store is the
      // log's unless the log's sealed records name keys and it holds none of them.
      const ids = await sealedKeyIds(events, KEY_IDS_CHECKED);
      const foreign = ids.length > 0 && (await keys.keysOf(ids)).size === 0;
      if (foreign && !options.reset) throw refusal(options.where, null, current, options.mode);
      toRecord = foreign ? 'KeyStoreReset' : 'KeyStoreIdentified';
    } else {
      const holdsSealed = (await sealedKeyIds(events, 1)).length > 0;
      if (holdsSealed && !options.reset) throw refusal(options.where, recorded, current, options.mode);
      toRecord = holdsSealed ? 'KeyStoreReset' : 'KeyStoreIdentified';
    }
    if (options.mode === 'verify') return { recorded: false as const };
    const data: KeyStoreIdentifiedData | KeyStoreResetData =
      toRecord === 'KeyStoreReset'
        ? { previous_key_store_id: recorded ?? 'unknown', key_store_id: current }
        : { key_store_id: current };
    try {
      await events.append(
        KEY_STORE_STREAM,
        [{ id: randomUUID(), type: toRecord, data, metadata: { actor: 'system', timestamp: now().toISOString() } }],
        stream.length === 0 ? 'no_stream' : stream.length - 1,
      );
      return { recorded: toRecord };
    } catch (error) {
      // Another process starting at the same moment recorded first: look again.
      if (error instanceof WrongExpectedRevisionError && attempt < 5) continue;
      throw error;
    }
  }
}
