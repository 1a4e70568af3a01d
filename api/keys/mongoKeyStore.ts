// The customers' keys in production (rule: erasure): a MongoDB collection of their own,
// `customer_keys`, beside the read models but never part of them (a rebuild does not touch it).
// Writes are majority-acknowledged and journaled (mongoClientOptions), so a key is durable
// before the event it seals is appended. Deleting a document leaves no readable copy to this
// application; what the storage engine keeps in freed blocks until compaction is the operator's
// part (docs/OPERATIONS.md, "Erasure").
//
// Keys by generation, as in the embedded store (api/keys/keyStore.ts): a key's document has the
// key's own random id as `_id` and its customer's id as `customer` (unique: one current key per
// customer). A key made before generations has the customer id as `_id` and no `customer`; it is
// its customer's current key until erased.
//
// Every key destroyed is kept in the erasure record `key_erasures` (customer id, serial, when;
// nothing about the person), as keys.db keeps it: a restore of an older backup re-applies it.
import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, type Binary, type Collection, type Filter } from 'mongodb';
import { mongoClientOptions } from '../../read-models/mongoDocumentStore.js';
import { customerIdWith, identityOf, newKey, type KeyStore } from './keyStore.js';

export type KeyDoc = { _id: string; key: Binary | Buffer; serial: string; customer?: string };
/** One destroyed key (rule: erasure), in `key_erasures` beside the keys: `_id` is "customer serial". */
export type ErasureDoc = { _id: string; customer: string; serial: string; erased_at: string };

export const KEYS_COLLECTION = 'customer_keys';
/** The erasure record, as keys.db's `erasures` table: a restore re-applies these (api/backup). */
export const ERASURES_COLLECTION = 'key_erasures';
export const SECRET_ID = '#secret';
export const CUSTOMER_INDEX = 'customer_1';
export const bytes = (value: Binary | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer));

/**
 * The customer's current key: theirs by `customer`, or one made before generations (its `_id`
 * the customer id). Each branch has an index (`customer`, `_id`). A customer id (32 characters of
 * base64url, customerIdWith) is never the secret's `_id`.
 */
const currentOf = (customerId: string): Filter<KeyDoc> => ({
  $or: [{ customer: customerId }, { _id: customerId, customer: { $exists: false } }],
});

/**
 * @param dbName the key store's own database (MONGODB_KEYS_DB), apart from the read models, so an
 * upgrade that builds them in a new database never starts on an empty key store.
 * @param movedFrom the read models' database (MONGODB_DB), where releases before MONGODB_KEYS_DB
 * kept `customer_keys`: moved from there once (moveKeys).
 */
export async function openMongoKeyStore(
  url: string,
  dbName = 'pizzakiosken_keys',
  options: { movedFrom?: string; log?: (message: string) => void } = {},
): Promise<KeyStore> {
  const client = new MongoClient(url, mongoClientOptions());
  await client.connect();
  const keys = client.db(dbName).collection<KeyDoc>(KEYS_COLLECTION);
  const erasures = client.db(dbName).collection<ErasureDoc>(ERASURES_COLLECTION);
  if (options.movedFrom && options.movedFrom !== dbName) {
    try {
      await moveKeys(client.db(options.movedFrom).collection<KeyDoc>('customer_keys'), keys, options.log);
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
  }

  // The first process makes the secret; the unique _id lets every other one read that same one.
  // Likewise a customer's key: the unique `customer` index lets two processes making it at once
  // agree on one (documents without `customer`, the secret and keys made before generations, are
  // left out of the index).
  const inserted = async (doc: KeyDoc): Promise<boolean> => {
    try {
      await keys.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) return false;
      throw error;
    }
  };
  try {
    await keys.createIndex(
      { customer: 1 },
      { name: CUSTOMER_INDEX, unique: true, partialFilterExpression: { customer: { $exists: true } } },
    );
    await inserted({ _id: SECRET_ID, key: randomBytes(32), serial: '' });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  const secret = await keys.findOne({ _id: SECRET_ID });
  if (!secret) throw new Error('customer_keys: the secret could not be read back');
  const customerIdOf = customerIdWith(bytes(secret.key));

  const find = async (customerId: string) => {
    const doc = await keys.findOne(currentOf(customerId));
    return doc && { id: doc._id, key: bytes(doc.key), serial: doc.serial };
  };

  return {
    identity: identityOf(bytes(secret.key)),
    customerIdOf,
    async keyFor(customerId) {
      const found = await find(customerId);
      if (found) return found;
      const made = newKey();
      if (await inserted({ _id: made.id, customer: customerId, key: made.key, serial: made.serial })) return made;
      // Another process made the customer's key first: theirs is ours.
      const theirs = await find(customerId);
      if (!theirs) throw new Error('customer_keys: a customer key could be neither made nor read');
      return theirs;
    },
    async keysOf(keyIds) {
      const ids = [...new Set(keyIds)].filter((id) => id !== SECRET_ID);
      const found = new Map<string, Buffer>();
      if (ids.length === 0) return found;
      for await (const doc of keys.find({ _id: { $in: ids } })) found.set(doc._id, bytes(doc.key));
      return found;
    },
    async serialOf(customerId) {
      return (await find(customerId))?.serial ?? null;
    },
    async erase(customerId, serial) {
      // The erasure is kept before the key goes (there is no transaction across the two on a
      // standalone server): a crash between leaves a record of a key still there, which the
      // erasure reactor's replay then deletes; never a key gone without a record.
      if (!(await keys.findOne({ ...currentOf(customerId), serial }, { projection: { _id: 1 } }))) return false;
      await erasures.updateOne(
        { _id: `${customerId} ${serial}` },
        { $setOnInsert: { customer: customerId, serial, erased_at: new Date().toISOString() } },
        { upsert: true },
      );
      return (await keys.deleteOne({ ...currentOf(customerId), serial })).deletedCount > 0;
    },
    close: () => client.close(),
  };
}

/**
 * Moves the key store of a release before MONGODB_KEYS_DB into its own database, once: when the
 * old collection has a secret and the new one none. The secret goes first, so a process starting
 * beside this one takes the same secret, never a new one (that would change every customer id).
 * Every document is copied (one already there is skipped: two processes may copy at once), the
 * copy is checked id by id, and only then the old collection is dropped: left behind, it would
 * keep the keys of customers erased later, which the erasure deletes in the new database only.
 */
async function moveKeys(
  from: Collection<KeyDoc>,
  to: Collection<KeyDoc>,
  log: (message: string) => void = (message) => console.log(message),
): Promise<void> {
  const secret = await from.findOne({ _id: SECRET_ID });
  if (!secret) return; // nothing (left) to move
  const present = await to.findOne({ _id: SECRET_ID });
  // The same secret: a move cut off before its drop, resumed. Another: two key stores, refused.
  if (present && !bytes(present.key).equals(bytes(secret.key)))
    throw new Error(
      `customer_keys exists in both ${from.dbName} and ${to.dbName} with different secrets: keep the one whose keys the events were sealed under (deploy/README.md, "Personal data")`,
    );
  const copy = async (doc: KeyDoc) => {
    try {
      await to.insertOne(doc);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
    }
  };
  await copy(secret);
  let moved = 0;
  for await (const doc of from.find({ _id: { $ne: SECRET_ID } })) {
    await copy(doc);
    moved++;
  }
  for await (const doc of from.find({}, { projection: { _id: 1 } }))
    if ((await to.countDocuments({ _id: doc._id })) === 0)
      throw new Error(`customer_keys: key ${doc._id} was not copied to ${to.dbName}; the old collection is kept`);
  try {
    await from.drop();
  } catch (error) {
    // Another process starting at the same time dropped it first.
    if (!(error instanceof MongoServerError && error.code === 26)) throw error;
  }
  log(`customer_keys: ${moved} keys moved from database ${from.dbName} to ${to.dbName} (MONGODB_KEYS_DB)`);
}
