// Leases (who runs a timer or sends a mail) and abuse-limit counters in MongoDB: each an atomic
// pipeline update on the server's clock ($$NOW), so API hosts with skewed clocks agree
// (documentStore.ts says what each call promises; both adapters pass its contract).
import { MongoServerError, type Collection } from 'mongodb';
import type { DocumentStore, LeaseRecord, LeaseState } from '../documentStore.js';

export interface LeaseDoc {
  _id: string;
  owner: string;
  expires_at: Date;
  /** When the TTL index may remove it. */
  purge_at?: Date;
  done?: boolean;
}

export interface RateLimitDoc {
  _id: string;
  count: number;
  reset_at: Date;
}

/** How long a finished lease or mail claim is kept, and an abandoned one after it ran out. */
const LEASE_RETENTION_MS = 30 * 86_400_000;

type Leases = Pick<DocumentStore, 'lease' | 'endLease' | 'leaseOwners' | 'releaseLeasesOf' | 'purgeLeases'>;
type LeaseRecords = Pick<DocumentStore, 'leasesIn' | 'putLeases'>;
type Counters = Pick<DocumentStore, 'countHit' | 'purgeCounters'>;

/** Taking, ending and purging leases. */
export function mongoLeases(leases: Collection<LeaseDoc>): Leases {
  return {
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

    async releaseLeasesOf(owner: string) {
      const running = { owner, done: { $ne: true }, $expr: { $gt: ['$expires_at', '$$NOW'] } };
      const purgeAt = { $add: ['$$NOW', LEASE_RETENTION_MS] };
      const result = await leases.updateMany(running, [{ $set: { expires_at: new Date(0), purge_at: purgeAt } }]);
      return result.modifiedCount;
    },

    async purgeLeases(now?: Date) {
      // purge_at is set when a lease finishes or is taken (its term plus the keeping time); the
      // TTL index deletes the same by itself, when its monitor runs.
      const due = { $lte: [{ $ifNull: ['$purge_at', '$$NOW'] }, now ?? '$$NOW'] };
      return (await leases.deleteMany({ purge_at: { $exists: true }, $expr: due })).deletedCount;
    },
  };
}

/** The leases as records, carried to another store and back (backup and restore). */
export function mongoLeaseRecords(leases: Collection<LeaseDoc>): LeaseRecords {
  return {
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
  };
}

/** The abuse-limit counters; their TTL index is made on first use. */
export function mongoCounters(rateLimits: Collection<RateLimitDoc>): Counters {
  let counterExpiry: Promise<unknown> | null = null;
  return {
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
  };
}
