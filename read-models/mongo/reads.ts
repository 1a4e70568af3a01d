// The MongoDB read-model store's reads: a document, a query with its sort and limit, a count, and
// the indexes the queries want.
import type { Collection } from 'mongodb';
import type { Doc, DocumentStore, Filter, FindOptions } from '../documentStore.js';
import { LIVE, fromMongo, mongoField, toMongoFilter, type StoredDoc } from './filters.js';

type Reads = Pick<DocumentStore, 'get' | 'find' | 'count' | 'ensureIndex'>;

/** The reads over the collection of each (checked) name. */
export function mongoReads(collection: (name: string) => Collection<StoredDoc>): Reads {
  return {
    async get<T extends Doc>(name: string, id: string) {
      // An object as id would be read as a query ({$ne: null}: any document).
      if (typeof id !== 'string') throw new Error(`Invalid document id: ${String(id)}`);
      const raw = await collection(name).findOne({ _id: id, ...LIVE });
      return raw ? fromMongo<T>(raw) : null;
    },

    async find<T extends Doc>(name: string, filter: Filter = {}, options?: FindOptions) {
      const limit = options?.limit;
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw new Error(`Invalid limit: ${limit}`);
      if (limit === 0) return []; // Mongo reads limit(0) as "no limit"
      // A Map keeps the keys in the caller's order even for names that look like numbers.
      const sort = new Map<string, 1 | -1>();
      for (const [field, direction] of options?.sort ?? []) {
        if (direction !== 1 && direction !== -1)
          throw new Error(`Invalid sort direction for ${field}: ${String(direction)}`);
        sort.set(mongoField(field), direction);
      }
      if (!sort.has('_id')) sort.set('_id', 1);
      let cursor = collection(name).find(toMongoFilter(filter)).sort(sort);
      if (limit !== undefined) cursor = cursor.limit(limit);
      return (await cursor.toArray()).map((raw) => fromMongo<T>(raw));
    },

    async count(name: string, filter: Filter = {}) {
      return collection(name).countDocuments(toMongoFilter(filter));
    },

    async ensureIndex(name: string, field: string | readonly string[]) {
      const target = collection(name);
      const keys = (typeof field === 'string' ? [field] : [...field]).map(mongoField);
      if (keys.length === 0) throw new Error('An index needs a field');
      if (keys.length === 1 && keys[0] === '_id') return; // _id always has its index
      // A compound index ends in _id, the sort's tie-break, as in the SQLite adapter.
      if (keys.length > 1) keys.push('_id');
      await target.createIndex(Object.fromEntries(keys.map((key) => [key, 1])));
    },
  };
}
