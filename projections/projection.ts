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
import type { AnyEventType, EventOf } from '../domain/events.js';
import type { RecordedEvent } from '../domain/eventStore.js';
import type { Recorded } from '../domain/shared/events.js';
import type { Doc, DocumentStore, Write } from '../read-models/documentStore.js';

export interface Projection {
  /** Versioned name, also the checkpoint key (e.g. 'bookings_v1'). */
  name: string;
  /** Collections this projection owns: cleared on rebuild. */
  collections: string[];
  indexes?: Array<[collection: string, field: string | readonly string[]]>;
  /** Event types it reacts to; other events only move its checkpoint. */
  eventTypes: ReadonlySet<string>;
  /**
   * Applies one event. May answer synchronously (undefined) when it needed no I/O: a rebuild
   * applies hundreds of thousands of events, and a promise per event per projection was a third
   * of its time.
   */
  apply(event: RecordedEvent, batch: ProjectionBatch): void | Promise<void>;
}

export type Stored<T> = T & { id: string; _pos: number };

/**
 * A projection (or reactor) over typed events, as emmett's are typed by their streams' unions.
 * `events` names every type of the streams it reads (their lists, e.g. `kioskDayEvents.types`),
 * `ignores` those of them it leaves alone; it is applied every other one, typed by its union, and
 * switches over them exhaustively (`assertNever`). So a new event of its streams fails to compile
 * here until it is applied or ignored. The decoding is the runner's filter: it applies only the
 * types in `eventTypes` (events less ignores), which are the union's; no cast, no parse per event.
 */
export function projection<const T extends AnyEventType, const I extends T = never>(spec: {
  name: string;
  collections: string[];
  indexes?: Projection['indexes'];
  events: readonly T[];
  ignores?: readonly I[];
  apply(this: void, event: Recorded<EventOf<Exclude<T, I>>>, batch: ProjectionBatch): void | Promise<void>;
}): Projection {
  const ignored: ReadonlySet<string> = new Set(spec.ignores);
  return {
    name: spec.name,
    collections: spec.collections,
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
    eventTypes: new Set(spec.events.filter((type) => !ignored.has(type))),
    // The runner applies only the types above: those of the union `apply` is typed by.
    apply: spec.apply,
  };
}

interface Slot {
  id: string;
  doc: Doc | null;
  dirty: boolean;
  /** Position of the event that deleted the document: the tombstone's guard. */
  deletedAt?: number;
}

/** Documents of a commit still under way: newer than the store's, so read before it (null: deleted). */
export type PendingDocs = ReadonlyMap<string, ReadonlyMap<string, Doc | null>>;

export class ProjectionBatch {
  private readonly docs = new Map<string, Map<string, Slot>>();

  /**
   * @param fresh during a rebuild: per cleared collection, the ids written since it was cleared.
   * Any other id cannot exist there, so looking it up in the store is skipped.
   * @param pending the documents of the previous page's commit while it is still under way
   * (projections/runner.ts): what the store will hold once it lands. Copied before use, so this
   * batch never changes what that commit writes.
   */
  constructor(
    private readonly store: DocumentStore,
    private readonly fresh?: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly pending?: PendingDocs,
  ) {}

  async get<T extends Doc>(collection: string, id: string): Promise<Stored<T> | null> {
    const slot = this.known(collection, id) ?? (await this.load(collection, id));
    return slot.doc as Stored<T> | null;
  }

  /**
   * Replaces the document with what change returns (null deletes it), unless the document
   * already reflects this event or a later one. change may modify and return current: the batch
   * holds its own copy of every document it loaded, and so owns what change returns.
   * Synchronous when the document is in the batch already (or cannot exist yet, in a rebuild);
   * otherwise a promise that settles once it is loaded and changed.
   */
  update<T extends Doc>(
    collection: string,
    id: string,
    event: RecordedEvent,
    change: (current: Stored<T> | null) => T | null,
  ): void | Promise<void> {
    const slot = this.known(collection, id);
    if (slot) return this.change(slot, event, change);
    return this.load(collection, id).then((loaded) => this.change(loaded, event, change));
  }

  private change<T extends Doc>(
    slot: Slot,
    event: RecordedEvent,
    change: (current: Stored<T> | null) => T | null,
  ): void {
    const current = slot.doc as Stored<T> | null;
    if (current && current._pos >= event.position) return;
    const next = change(current) as Stored<T> | null;
    if (next) {
      next.id = slot.id;
      next._pos = event.position;
    } else slot.deletedAt = event.position;
    slot.doc = next;
    slot.dirty = true;
  }

  writes(): Write[] {
    const writes: Write[] = [];
    for (const [collection, slots] of this.docs) {
      for (const [id, slot] of slots) {
        if (!slot.dirty) continue;
        writes.push(
          slot.doc
            ? { op: 'put', collection, doc: slot.doc }
            : { op: 'delete', collection, id, position: slot.deletedAt },
        );
      }
    }
    return writes;
  }

  private slots(collection: string): Map<string, Slot> {
    let slots = this.docs.get(collection);
    if (!slots) this.docs.set(collection, (slots = new Map<string, Slot>()));
    return slots;
  }

  /**
   * The document's slot without I/O: one the batch holds, one the commit under way writes, or an
   * empty one for an id a rebuild has not written.
   */
  private known(collection: string, id: string): Slot | undefined {
    const slots = this.slots(collection);
    let slot = slots.get(id);
    if (!slot) {
      const pending = this.pending?.get(collection);
      const doc = pending?.get(id);
      if (doc !== undefined) slots.set(id, (slot = { id, doc: doc && structuredClone(doc), dirty: false }));
      else {
        const written = this.fresh?.get(collection);
        if (written && !written.has(id)) slots.set(id, (slot = { id, doc: null, dirty: false }));
      }
    }
    return slot;
  }

  private async load(collection: string, id: string): Promise<Slot> {
    const stored = await this.store.get(collection, id);
    // Another update of the same document may have loaded it while this one waited.
    const slots = this.slots(collection);
    let slot = slots.get(id);
    if (!slot) {
      // A copy of its own, so projections may change it in place (and a store's cache stays as it was).
      slots.set(id, (slot = { id, doc: stored && structuredClone(stored), dirty: false }));
    }
    return slot;
  }
}
