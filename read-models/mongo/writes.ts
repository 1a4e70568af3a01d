// The MongoDB read-model store's writes: a commit of puts, deletes and checkpoints (in one
// transaction where the server offers them; see mongoDocumentStore.ts for why it is safe where it
// does not), the checkpoints, and emptying a projection's collections to build them again.
import type { AnyBulkWriteOperation, ClientSession, Collection, MongoClient } from 'mongodb';
import type { Checkpoint, Doc, DocumentStore, Write } from '../documentStore.js';
import { mongoClientOptions } from './clientOptions.js';
import type { StoredDoc } from './filters.js';

export interface CheckpointDoc {
  _id: string;
  position: number;
}

function putOperation(doc: Doc): AnyBulkWriteOperation<StoredDoc> {
  const { id, ...rest } = doc;
  if (typeof id !== 'string') throw new Error('Document without a string id');
  const replacement = { _id: id, ...rest };
  const pos = doc._pos;
  if (typeof pos !== 'number') return { replaceOne: { filter: { _id: id }, replacement, upsert: true } };
  // Replace only a document built from an older position (a missing one, or one without _pos,
  // compares lower). A pipeline update, unlike a filtered replaceOne, never fails on a newer
  // document (no duplicate-key error), so the ordered bulk write carries on past it.
  // $literal keeps strings that start with '$' from being read as field paths.
  return {
    updateOne: {
      filter: { _id: id },
      update: [
        { $replaceWith: { $cond: { if: { $lt: ['$_pos', pos] }, then: { $literal: replacement }, else: '$$ROOT' } } },
      ],
      upsert: true,
    },
  };
}

type Writes = Pick<DocumentStore, 'commit' | 'getCheckpoint' | 'reset'>;

export interface WriteTarget {
  client: MongoClient;
  checkpoints: Collection<CheckpointDoc>;
  /** The collection of a name, checked once. */
  collection: (name: string) => Collection<StoredDoc>;
  validName: (name: string) => string;
  /** Whether the server offers transactions (a replica set member or mongos). */
  transactions: boolean;
}

export function mongoWrites({ client, checkpoints, collection, validName, transactions }: WriteTarget): Writes {
  async function apply(
    byCollection: Map<string, AnyBulkWriteOperation<StoredDoc>[]>,
    positions: Checkpoint[],
    session?: ClientSession,
  ) {
    // Ordered: a batch may hold several writes to one document, and the last one must win.
    for (const [name, operations] of byCollection)
      await collection(name).bulkWrite(operations, { ordered: true, session });
    // $max: forward only, so a lagging process committing an older page never moves one back.
    for (const c of positions)
      await checkpoints.updateOne({ _id: c.projection }, { $max: { position: c.position } }, { upsert: true, session });
  }

  return {
    async commit(writes: Write[], checkpoint?: Checkpoint | Checkpoint[]) {
      // One bulk write per collection; collections are independent, so only the order within
      // each one matters.
      const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
      for (const w of writes) {
        validName(w.collection);
        let operations = byCollection.get(w.collection);
        if (!operations) byCollection.set(w.collection, (operations = []));
        if (w.op === 'put') operations.push(putOperation(w.doc));
        else if (w.op === 'delete' && typeof w.position === 'number')
          operations.push(putOperation({ id: w.id, _pos: w.position, _deleted: true }));
        else if (w.op === 'delete') operations.push({ deleteOne: { filter: { _id: w.id } } });
        else throw new Error(`Unknown write: ${JSON.stringify((w as { op: unknown }).op)}`);
      }
      const positions = checkpoint === undefined ? [] : Array.isArray(checkpoint) ? checkpoint : [checkpoint];
      if (!byCollection.size && !positions.length) return;
      if (!transactions) return apply(byCollection, positions);
      const concerns = mongoClientOptions();
      await client.withSession((session) =>
        session.withTransaction(() => apply(byCollection, positions, session), {
          readConcern: concerns.readConcern,
          writeConcern: concerns.writeConcern,
        }),
      );
    },

    async getCheckpoint(projection: string) {
      return (await checkpoints.findOne({ _id: projection }))?.position ?? 0;
    },

    async reset(names: string[], projection: string) {
      names.forEach(validName);
      // The checkpoint goes first: should a crash interrupt the rest, the projection starts over
      // from 0 over documents that already reflect those events (and are skipped), rather than
      // resuming from a high checkpoint over emptied collections.
      await checkpoints.deleteOne({ _id: projection });
      for (const name of names) await collection(name).deleteMany({});
    },
  };
}
