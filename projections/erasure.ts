// Erasure in the read models (rule: erasure): CustomerErased names the documents that held the
// customer's data, and each projection owning such documents sets their personal fields to
// "[raderad]". A rebuild after the key is gone reads those fields as "[raderad]" from the events
// already, and scrubs again: the same documents either way, so live and rebuilt models agree.
import { ERASED } from '../domain/customers/personalData.js';
import type { RecordedEvent } from '../domain/eventStore.js';
import type { Doc } from '../read-models/documentStore.js';
import type { ProjectionBatch } from './projection.js';

/** Sets the non-null personal fields of these documents to "[raderad]" (a null stays null, as the sealed events keep it). */
export async function scrub(
  batch: ProjectionBatch,
  recorded: RecordedEvent,
  collection: string,
  ids: Array<string | number>,
  fields: readonly string[],
  /** Scrubs what else of the document is about the customer, in the same update. */
  more?: (doc: Doc) => void,
): Promise<void> {
  for (const id of ids) {
    // Only documents there are: a missing one (a move long finished) leaves no tombstone behind.
    if (!(await batch.get(collection, String(id)))) continue;
    await batch.update<Doc>(collection, String(id), recorded, (doc) => {
      if (!doc) return null;
      for (const field of fields) if (doc[field] !== null && doc[field] !== undefined) doc[field] = ERASED;
      more?.(doc);
      return doc;
    });
  }
}
