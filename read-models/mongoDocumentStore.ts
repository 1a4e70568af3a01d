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
import { MongoClient } from 'mongodb';
import type { DocumentStore } from './documentStore.js';
import { mongoClientOptions } from './mongo/clientOptions.js';
import { CHECKPOINTS, LEASES, RATE_LIMITS, checkName, type StoredDoc } from './mongo/filters.js';
import { mongoCounters, mongoLeaseRecords, mongoLeases, type LeaseDoc, type RateLimitDoc } from './mongo/leases.js';
import { mongoReads } from './mongo/reads.js';
import { mongoWrites, type CheckpointDoc } from './mongo/writes.js';

export { mongoClientOptions };

export async function openMongoDocumentStore(url: string, dbName = 'pizzakiosken'): Promise<DocumentStore> {
  const client = new MongoClient(url, mongoClientOptions());
  const db = client.db(dbName);
  const checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS);
  const leases = db.collection<LeaseDoc>(LEASES);
  const rateLimits = db.collection<RateLimitDoc>(RATE_LIMITS);
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

  return {
    ...mongoReads(collection),
    ...mongoWrites({ client, checkpoints, collection, validName, transactions }),
    ...mongoLeases(leases),
    ...mongoLeaseRecords(leases),
    ...mongoCounters(rateLimits),

    async purge() {},

    async close() {
      await client.close();
    },
  };
}
