// What a projection is, and the batch context it writes through.
//
// A projection turns events into read-model documents. It never writes to the store itself: it
// reads and updates documents through a ProjectionBatch, which keeps them in memory for the
// batch (so a rebuild touches each document once per batch, not once per event) and hands all
// writes plus the checkpoint to DocumentStore.commit in one go.
//
// Idempotence: every document remembers the position of the last event applied to it (_pos) and
// update() skips an event at or before that position. A redelivered event after a crash between
// the writes and the checkpoint (possible on MongoDB) therefore never counts twice.
import type { RecordedEvent } from '../domain/eventStore.js';
import type { Doc, DocumentStore, Write } from '../read-models/documentStore.js';

export interface Projection {
  /** Versioned name, also the checkpoint key (e.g. 'bookings_v1'). */
  name: string;
  /** Collections this projection owns: cleared on rebuild. */
  collections: string[];
  indexes?: Array<[collection: string, field: string]>;
  /** Event types it reacts to; other events only move its checkpoint. */
  eventTypes: ReadonlySet<string>;
  apply(event: RecordedEvent, batch: ProjectionBatch): Promise<void>;
}

export type Stored<T> = T & { id: string; _pos: number };

interface Slot {
  doc: Doc | null;
  dirty: boolean;
}

export class ProjectionBatch {
  private readonly docs = new Map<string, Map<string, Slot>>();

  /**
   * @param fresh during a rebuild: per cleared collection, the ids written since it was cleared.
   * Any other id cannot exist there, so looking it up in the store is skipped.
   */
  constructor(
    private readonly store: DocumentStore,
    private readonly fresh?: ReadonlyMap<string, ReadonlySet<string>>,
  ) {}

  async get<T extends Doc>(collection: string, id: string): Promise<Stored<T> | null> {
    return (await this.slot(collection, id)).doc as Stored<T> | null;
  }

  /**
   * Replaces the document with what change returns (null deletes it), unless the document
   * already reflects this event or a later one. change may modify and return current: the batch
   * holds its own copy of every document it loaded.
   */
  async update<T extends Doc>(
    collection: string,
    id: string,
    event: RecordedEvent,
    change: (current: Stored<T> | null) => T | null,
  ): Promise<void> {
    const slot = await this.slot(collection, id);
    const current = slot.doc as Stored<T> | null;
    if (current && current._pos >= event.position) return;
    const next = change(current);
    slot.doc = next === null ? null : { ...next, id, _pos: event.position };
    slot.dirty = true;
  }

  writes(): Write[] {
    const writes: Write[] = [];
    for (const [collection, slots] of this.docs) {
      for (const [id, slot] of slots) {
        if (!slot.dirty) continue;
        writes.push(slot.doc ? { op: 'put', collection, doc: slot.doc } : { op: 'delete', collection, id });
      }
    }
    return writes;
  }

  private async slot(collection: string, id: string): Promise<Slot> {
    let slots = this.docs.get(collection);
    if (!slots) this.docs.set(collection, (slots = new Map()));
    let slot = slots.get(id);
    if (!slot) {
      const known = this.fresh?.get(collection);
      const stored = known && !known.has(id) ? null : await this.store.get(collection, id);
      // A copy of its own, so projections may change it in place (and a store's cache stays as it was).
      slot = { doc: stored && structuredClone(stored), dirty: false };
      slots.set(id, slot);
    }
    return slot;
  }
}
