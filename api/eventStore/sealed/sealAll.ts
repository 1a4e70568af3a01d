// Sealing the personal records of events on append, each under its customer's current key.
import { ERASED, ownerOfRecord, personalData } from '../../../domain/customers/personalData.js';
import type { NewEvent } from '../../../domain/eventStore.js';
import type { KeyStore } from '../../keys/keyStore.js';
import { records, seal } from './records.js';

/**
 * Copies of the events with their personal records sealed (the caller's events stay as they
 * were), and what must reach the disk beside them: the keys made for new customers.
 */
export async function sealAll(
  keys: KeyStore,
  events: NewEvent[],
): Promise<{ sealed: NewEvent[]; written: Array<Promise<void>> }> {
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
}
