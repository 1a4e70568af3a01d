// The production read-model store: MongoDB with the official driver, chosen by MONGODB_URL.
// One Mongo collection per read-model collection; our `id` is Mongo's `_id`.
//
// commit() is atomic only where the server offers transactions (a replica set or mongos, as in
// deploy/): then the writes and the checkpoint commit together. A standalone server has none,
// and commit() is then a sequence of writes that a crash can cut anywhere. That is safe because
// idempotence comes from the projections, not the store: every document carries the position of
// the last event applied to it (_pos), the projection skips events at or before it, and a put
// here only replaces a document built from an older position. A crash before the checkpoint is
// stored therefore only replays events whose effects are already in place, and several API
// processes may run the same projection against one database without moving a document
// backwards. Deletes from projections carry their position and leave a tombstone under the same
// guard (documentStore.ts), so a lagging process cannot re-add a deleted document either.
import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type MongoClientOptions,
  type Filter as MongoFilter,
} from 'mongodb';
import type {
  Checkpoint,
  Doc,
  DocumentStore,
  FieldCondition,
  Filter,
  FindOptions,
  LeaseRecord,
  LeaseState,
  Write,
} from './documentStore.js';

/** Apart from the read models' own collections: its name cannot be taken by one (see checkName). */
const CHECKPOINTS = '_checkpoints';
const LEASES = '_leases';
const RATE_LIMITS = '_rate_limits';
const NAME = /^[A-Za-z0-9_]+$/;
const OPERATORS = new Set(['$gte', '$lte', '$gt', '$lt', '$in', '$ne']);

/** A read-model document as stored: our id as _id. */
interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

interface RateLimitDoc {
  _id: string;
  count: number;
  reset_at: Date;
}

interface LeaseDoc {
  _id: string;
  owner: string;
  expires_at: Date;
  /** When the TTL index may remove it. */
  purge_at?: Date;
  done?: boolean;
}

interface CheckpointDoc {
  _id: string;
  position: number;
}

/** The same names the SQLite store accepts; field names never reach Mongo as operators or paths. */
function checkName(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name) || name === CHECKPOINTS || name === LEASES || name === RATE_LIMITS)
    throw new Error(`Invalid read-model name: ${JSON.stringify(name)}`);
  return name;
}

const mongoField = (name: string) => (name === 'id' ? '_id' : checkName(name));

/** Tombstones (deletes with a position) are never read. */
const LIVE = { _deleted: { $exists: false } };

function toMongoFilter(filter: Filter): MongoFilter<StoredDoc> {
  const out: Record<string, unknown> = { ...LIVE };
  for (const name of Object.keys(filter)) out[mongoField(name)] = toCondition(name, filter[name]);
  return out;
}

/**
 * A value a filter compares with, checked as the SQLite store checks it: an object or an array
 * here would be read by MongoDB as a query of its own (an operator smuggled in with a value).
 */
function checkScalar(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(`Unsupported filter value: ${JSON.stringify(value)}`);
}

function toCondition(field: string, condition: FieldCondition): unknown {
  // Refused as the SQLite store refuses them: left out, undefined would match everything here.
  if (condition === undefined) throw new Error(`Filter on ${field} without a condition`);
  if (condition === null || typeof condition !== 'object') return checkScalar(condition);
  const out: Record<string, unknown> = {};
  for (const [op, value] of Object.entries(condition)) {
    if (!OPERATORS.has(op)) throw new Error(`Unsupported filter operator: ${op}`);
    if (op === '$in' && !Array.isArray(value)) throw new Error('$in needs an array');
    if (value !== undefined) out[op] = op === '$in' ? (value as unknown[]).map(checkScalar) : checkScalar(value);
  }
  // {} would mean "equals an empty object" here and "anything" in SQL.
  if (Object.keys(out).length === 0) throw new Error(`Filter on ${field} without an operator`);
  return out;
}

function fromMongo<T extends Doc>(raw: StoredDoc): T {
  const { _id, ...rest } = raw;
  return { id: _id, ...rest } as T;
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

/** How long a finished lease or mail claim is kept, and an abandoned one after it ran out. */
const LEASE_RETENTION_MS = 30 * 86_400_000;

/**
 * The client's options, explicit rather than the server's defaults. Writes are acknowledged once a
 * majority of the replica set has them in its journal, and reads see only majority-committed
 * data: with an arbiter (or after a failover) a lease, a mail claim or its done flag acknowledged
 * by one member alone could be rolled back, and a mail sent twice. ignoreUndefined: an undefined
 * field is left out, as JSON (and so the SQLite store) does, instead of being stored as null.
 */
export const mongoClientOptions = (): MongoClientOptions => ({
  ignoreUndefined: true,
  writeConcern: { w: 'majority', journal: true },
  readConcern: { level: 'majority' },
  readPreference: 'primary',
});

export async function openMongoDocumentStore(url: string, dbName = 'pizzakiosken'): Promise<DocumentStore> {
  const client = new MongoClient(url, mongoClientOptions());
  const db = client.db(dbName);
  const checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS);
  const leases = db.collection<LeaseDoc>(LEASES);
  const rateLimits = db.collection<RateLimitDoc>(RATE_LIMITS);
  let counterExpiry: Promise<unknown> | null = null;
  let transactions: boolean;
  try {
    await client.connect();
    // Transactions need a replica set member or mongos; a standalone server rejects them.
    // (isMaster for servers older than hello.)
    const hello = await db
      .admin()
      .command({ hello: 1 })
      .catch(() => db.admin().command({ isMaster: 1 }));
    transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
    // Finished leases and mail claims go by themselves once their purge time has passed (set
    // when they finish or run out; see sqliteDocumentStore's leaseRetentionMs), instead of
    // growing by every mail ever sent.
    await leases.createIndex({ purge_at: 1 }, { expireAfterSeconds: 0 });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }

  // Names already checked, so a commit of many writes tests each name once.
  const validNames = new Set<string>();
  const validName = (name: string) => {
    if (!validNames.has(name)) validNames.add(checkName(name));
    return name;
  };
  const collection = (name: string) => db.collection<StoredDoc>(validName(name));

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

    async lease(scope: string, id: string, owner: string, ttlMs: number): Promise<LeaseState> {
      const _id = `${scope}:${id}`;
      // One atomic update of the lease document (upserted when missing) that takes it only when
      // it is free; the document it leaves behind says who holds it. Expiry runs on the server's
      // clock ($$NOW), so API hosts with skewed clocks still agree. (A filter cannot say "free":
      // MongoDB refuses $expr in an upsert's filter.)
      const takeable = {
        $and: [
          { $ne: ['$done', true] },
          {
            $or: [
              { $eq: ['$owner', { $literal: owner }] },
              { $lte: [{ $ifNull: ['$expires_at', new Date(0)] }, '$$NOW'] },
            ],
          },
        ],
      };
      const update = [
        {
          $set: {
            owner: { $cond: [takeable, { $literal: owner }, '$owner'] },
            expires_at: { $cond: [takeable, { $add: ['$$NOW', ttlMs] }, '$expires_at'] },
            purge_at: { $cond: [takeable, { $add: ['$$NOW', ttlMs + LEASE_RETENTION_MS] }, '$purge_at'] },
          },
        },
      ];
      for (let attempt = 1; ; attempt++) {
        try {
          const lease = await leases.findOneAndUpdate({ _id }, update, { upsert: true, returnDocument: 'after' });
          return lease?.done ? 'done' : lease?.owner === owner ? 'ours' : 'theirs';
        } catch (error) {
          // Two first upserts of one _id at once: one inserts, the other may see a duplicate key.
          if (attempt < 3 && error instanceof MongoServerError && error.code === 11000) continue;
          throw error;
        }
      }
    },

    async endLease(scope: string, id: string, owner: string, end: 'release' | 'done') {
      const _id = `${scope}:${id}`;
      const purgeAt = { $add: ['$$NOW', LEASE_RETENTION_MS] };
      if (end === 'done') {
        await leases.updateOne(
          { _id },
          [
            {
              $set: {
                done: true,
                owner: { $ifNull: ['$owner', { $literal: owner }] },
                expires_at: { $ifNull: ['$expires_at', new Date(0)] },
                purge_at: purgeAt,
              },
            },
          ],
          { upsert: true },
        );
      } else
        await leases.updateOne({ _id, owner, done: { $ne: true } }, [
          { $set: { expires_at: new Date(0), purge_at: purgeAt } },
        ]);
    },

    async leaseOwners() {
      // Running on the server's clock, as lease() decides.
      const running = { done: { $ne: true }, $expr: { $gt: ['$expires_at', '$$NOW'] } };
      return (await leases.distinct('owner', running)).filter((owner): owner is string => typeof owner === 'string');
    },

    async leasesIn(scopes: readonly string[]) {
      const found: LeaseRecord[] = [];
      for (const scope of scopes) {
        const prefix = `${scope}:`;
        // The term left on the server's clock, as lease() decides.
        const rows = leases.aggregate<{ _id: string; owner: string; done?: boolean; remaining: number }>([
          { $match: { _id: { $regex: `^${scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:` } } },
          {
            $project: {
              owner: 1,
              done: 1,
              remaining: { $subtract: [{ $ifNull: ['$expires_at', new Date(0)] }, '$$NOW'] },
            },
          },
        ]);
        for await (const row of rows)
          found.push({
            scope,
            id: row._id.slice(prefix.length),
            owner: row.owner,
            done: row.done === true,
            remainingMs: row.done === true ? 0 : Number(row.remaining),
          });
      }
      return found;
    },

    async putLeases(records: readonly LeaseRecord[]) {
      for (const r of records) {
        const _id = `${r.scope}:${r.id}`;
        if (r.done)
          // As endLease(…, 'done'): closed whoever holds it.
          await leases.updateOne(
            { _id },
            [
              {
                $set: {
                  done: true,
                  owner: { $ifNull: ['$owner', { $literal: r.owner }] },
                  expires_at: { $ifNull: ['$expires_at', new Date(0)] },
                  purge_at: { $add: ['$$NOW', LEASE_RETENTION_MS] },
                },
              },
            ],
            { upsert: true },
          );
        else {
          // Only where there is none: its holder and what is left of its term, on the server's clock.
          const remaining = Math.max(0, r.remainingMs);
          await leases.updateOne(
            { _id },
            [
              {
                $set: {
                  owner: { $ifNull: ['$owner', { $literal: r.owner }] },
                  expires_at: { $ifNull: ['$expires_at', { $add: ['$$NOW', remaining] }] },
                  purge_at: { $ifNull: ['$purge_at', { $add: ['$$NOW', remaining + LEASE_RETENTION_MS] }] },
                },
              },
            ],
            { upsert: true },
          );
        }
      }
    },

    async releaseLeasesOf(owner: string) {
      const running = { owner, done: { $ne: true }, $expr: { $gt: ['$expires_at', '$$NOW'] } };
      const purgeAt = { $add: ['$$NOW', LEASE_RETENTION_MS] };
      const result = await leases.updateMany(running, [{ $set: { expires_at: new Date(0), purge_at: purgeAt } }]);
      return result.modifiedCount;
    },

    async countHit(key: string, windowMs: number) {
      // Counters go away on their own an hour after their window ended (a TTL index).
      counterExpiry ??= rateLimits
        .createIndex({ reset_at: 1 }, { expireAfterSeconds: 3600 })
        .catch((error: unknown) => {
          counterExpiry = null;
          throw error;
        });
      await counterExpiry;
      // One atomic pipeline update (upserted when missing), on the server's clock ($$NOW) so API
      // hosts with skewed clocks count in the same window. Both $set fields read the document as
      // it was before the update.
      const running = { $gt: [{ $ifNull: ['$reset_at', new Date(0)] }, '$$NOW'] };
      const update = [
        {
          $set: {
            count: { $cond: [running, { $add: ['$count', 1] }, 1] },
            reset_at: { $cond: [running, '$reset_at', { $add: ['$$NOW', windowMs] }] },
            now: '$$NOW',
          },
        },
      ];
      for (let attempt = 1; ; attempt++) {
        try {
          const counter = (await rateLimits.findOneAndUpdate({ _id: key }, update, {
            upsert: true,
            returnDocument: 'after',
          })) as (RateLimitDoc & { now: Date }) | null;
          if (!counter) throw new Error(`Rate-limit counter ${key} not returned`);
          return { count: counter.count, resetInMs: counter.reset_at.getTime() - counter.now.getTime() };
        } catch (error) {
          // Two first upserts of one _id at once: one inserts, the other may see a duplicate key.
          if (attempt < 3 && error instanceof MongoServerError && error.code === 11000) continue;
          throw error;
        }
      }
    },

    async purgeCounters(olderThanMs: number, now?: Date) {
      // On the server's clock, as countHit sets reset_at, unless told the time; the TTL index
      // does the same an hour after each window, but its monitor runs when it will.
      const ended = { $lt: ['$reset_at', { $subtract: [now ?? '$$NOW', olderThanMs] }] };
      return (await rateLimits.deleteMany({ $expr: ended })).deletedCount;
    },

    async purgeLeases(now?: Date) {
      // purge_at is set when a lease finishes or is taken (its term plus the keeping time); the
      // TTL index deletes the same by itself, when its monitor runs.
      const due = { $lte: [{ $ifNull: ['$purge_at', '$$NOW'] }, now ?? '$$NOW'] };
      return (await leases.deleteMany({ purge_at: { $exists: true }, $expr: due })).deletedCount;
    },

    async purge() {},

    async close() {
      await client.close();
    },
  };
}
