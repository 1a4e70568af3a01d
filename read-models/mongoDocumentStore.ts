// The production read-model store: MongoDB with the official driver, chosen by MONGODB_URL.
// One Mongo collection per read-model collection; our `id` is Mongo's `_id`.
//
// commit() is not one transaction here. Idempotence comes from the projections instead: every
// document carries the position of the last event applied to it (_pos), and a put only replaces
// a document built from an older position. Several API processes may therefore run the same
// projection against one database, and a replay after a crash never moves a document backwards
// (a checkpoint set back by a lagging process only costs a harmless replay).
import { MongoClient, MongoBulkWriteError, type AnyBulkWriteOperation, type Document, type Filter as MongoFilter, type Sort } from 'mongodb';
import type { Checkpoint, Doc, DocumentStore, FieldCondition, Filter, FindOptions, Scalar, Write } from './documentStore.js';

const CHECKPOINTS = '_checkpoints';
const DUPLICATE_KEY = 11000;

const field = (name: string) => (name === 'id' ? '_id' : name);

function toMongoFilter(filter: Filter): MongoFilter<Document> {
  const out: Record<string, unknown> = {};
  for (const [name, condition] of Object.entries(filter)) out[field(name)] = toCondition(condition);
  return out;
}

function toCondition(condition: FieldCondition): unknown {
  if (condition === null || typeof condition !== 'object') return condition;
  const out: Record<string, Scalar | Scalar[]> = {};
  for (const [op, value] of Object.entries(condition)) if (value !== undefined) out[op] = value as Scalar | Scalar[];
  return out;
}

function fromMongo<T extends Doc>(raw: Document | null): T | null {
  if (!raw) return null;
  const { _id, ...rest } = raw;
  return { id: String(_id), ...rest } as T;
}

function toMongo(doc: Doc): Document {
  const { id, ...rest } = doc;
  return { _id: id, ...rest } as Document;
}

export async function openMongoDocumentStore(url: string, dbName = 'pizzakiosken'): Promise<DocumentStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);

  async function writeCollection(collection: string, writes: Write[]) {
    const operations: AnyBulkWriteOperation<Document>[] = writes.map((w) => {
      if (w.op === 'delete') return { deleteOne: { filter: { _id: w.id as never } } };
      const doc = toMongo(w.doc);
      const pos = typeof w.doc._pos === 'number' ? w.doc._pos : null;
      const filter: MongoFilter<Document> =
        pos === null ? { _id: doc._id } : { _id: doc._id, $or: [{ _pos: { $lt: pos } }, { _pos: { $exists: false } }] };
      return { replaceOne: { filter, replacement: doc, upsert: true } };
    });
    try {
      // Unordered: a batch holds at most one write per document (the projection batch's
      // identity map), so order within it does not matter.
      await db.collection(collection).bulkWrite(operations, { ordered: false });
    } catch (error) {
      // A duplicate key means the stored document is already newer: that write is skipped.
      if (error instanceof MongoBulkWriteError && error.writeErrors && [error.writeErrors].flat().every((e) => e.code === DUPLICATE_KEY)) return;
      throw error;
    }
  }

  return {
    async get<T extends Doc>(collection: string, id: string) {
      return fromMongo<T>(await db.collection(collection).findOne({ _id: id as never }));
    },

    async find<T extends Doc>(collection: string, filter: Filter = {}, options?: FindOptions) {
      const sort: Sort = {};
      for (const [name, direction] of options?.sort ?? []) (sort as Record<string, 1 | -1>)[field(name)] = direction;
      if (!('_id' in (sort as object))) (sort as Record<string, 1 | -1>)._id = 1;
      let cursor = db.collection(collection).find(toMongoFilter(filter)).sort(sort);
      if (options?.limit !== undefined) cursor = cursor.limit(options.limit);
      return (await cursor.toArray()).map((raw) => fromMongo<T>(raw)!);
    },

    async count(collection: string, filter: Filter = {}) {
      return db.collection(collection).countDocuments(toMongoFilter(filter));
    },

    async ensureIndex(collection: string, name: string) {
      await db.collection(collection).createIndex({ [field(name)]: 1 });
    },

    async commit(writes: Write[], checkpoints?: Checkpoint | Checkpoint[]) {
      const byCollection = new Map<string, Write[]>();
      for (const w of writes) {
        const list = byCollection.get(w.collection) ?? [];
        list.push(w);
        byCollection.set(w.collection, list);
      }
      for (const [collection, list] of byCollection) await writeCollection(collection, list);
      for (const checkpoint of checkpoints === undefined ? [] : [checkpoints].flat()) {
        await db
          .collection<{ _id: string; position: number }>(CHECKPOINTS)
          .updateOne({ _id: checkpoint.projection }, { $set: { position: checkpoint.position } }, { upsert: true });
      }
    },

    async getCheckpoint(projection: string) {
      return (await db.collection<{ _id: string; position: number }>(CHECKPOINTS).findOne({ _id: projection }))?.position ?? 0;
    },

    async reset(collections: string[], projection: string) {
      for (const collection of collections) await db.collection(collection).deleteMany({});
      await db.collection<{ _id: string }>(CHECKPOINTS).deleteOne({ _id: projection });
    },

    async close() {
      await client.close();
    },
  };
}
