import type { MongoClientOptions } from 'mongodb';

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
