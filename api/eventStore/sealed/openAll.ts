// Opening the sealed records of a page of events: each key fetched once, on this thread or, for a
// large page of a reader far behind, on the opener thread; and the records that could not be
// opened counted and logged (see api/eventStore/sealed.ts).
import { ERASED, personalData } from '../../../domain/customers/personalData.js';
import type { RecordedEvent } from '../../../domain/eventStore.js';
import type { KeyStore } from '../../keys/keyStore.js';
import type { OpenerBatch } from '../openerThread.js';
import { OPENER_MIN_RECORDS, type threadOpener } from './opener.js';
import { fill, isPlain, open, readAsErased, records, sealOf, type Rec, type Sealed } from './records.js';

/** How many records that could not be opened are logged one by one; after that they are only counted. */
const UNOPENABLE_LOGGED_MAX = 1000;

type CannotOpen = (record: Rec, event: RecordedEvent, reason: string) => void;

/**
 * Records that could not be opened: counted at every read, logged once each (by position and
 * index in the event), up to UNOPENABLE_LOGGED_MAX of them.
 */
function unopenableRecords(log: (message: string) => void) {
  let unopenable = 0;
  const logged = new Set<string>();
  const cannotOpen: CannotOpen = (record, event, reason) => {
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
  return { cannotOpen, count: () => unopenable };
}

/** Opens these records on this thread, each against the key its id finds. */
function openHere(
  sealed: Rec[],
  seals: Array<Sealed | null>,
  owners: RecordedEvent[],
  found: ReadonlyMap<string, Buffer>,
  cannotOpen: CannotOpen,
) {
  sealed.forEach((record, i) => {
    const seal = seals[i];
    const personalFields = personalData[owners[i].type].fields;
    const failed = open(record, seal, seal ? found.get(seal.key) : undefined, personalFields);
    if (failed !== null) cannotOpen(record, owners[i], failed);
  });
}

/** The opener thread's batch: the keys found, and per record the index of its key and its seal. */
function batchOf(seals: Array<Sealed | null>, found: ReadonlyMap<string, Buffer>): Omit<OpenerBatch, 'n'> {
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
  return {
    keys: Buffer.concat([...found.values()]),
    key,
    keyIds: JSON.stringify(keyIds),
    ivs: JSON.stringify(ivs),
    data: JSON.stringify(data),
  };
}

/** Fills the records in place from the opener thread's plaintexts (null: no key). */
function fillOpened(
  sealed: Rec[],
  seals: Array<Sealed | null>,
  owners: RecordedEvent[],
  plains: unknown[],
  errors: Record<number, string>,
  cannotOpen: CannotOpen,
) {
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
}

export function recordOpener(keys: KeyStore, log: (message: string) => void, thread: ReturnType<typeof threadOpener>) {
  const { cannotOpen, count } = unopenableRecords(log);

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
      openHere(sealed, seals, owners, found, cannotOpen);
      return events;
    }
    const batch = batchOf(seals, found);
    let plains: unknown[];
    let errors: Record<number, string>;
    try {
      const opened = await thread.open(batch);
      plains = JSON.parse(opened.plain) as unknown[];
      errors = opened.errors;
    } catch (error) {
      // The thread failed, or a plaintext was not JSON: this page opens here, record by record.
      log(
        `sealed event store: a page could not be opened on the opener thread (${error instanceof Error ? error.message : String(error)}); it is opened on the calling thread`,
      );
      openHere(sealed, seals, owners, found, cannotOpen);
      return events;
    }
    fillOpened(sealed, seals, owners, plains, errors, cannotOpen);
    return events;
  };

  return { openAll, unopenable: count };
}
