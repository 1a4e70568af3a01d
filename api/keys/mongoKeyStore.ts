// The customers' keys in production (rule: erasure): a MongoDB collection of their own,
// `customer_keys`, beside the read models but never part of them (a rebuild does not touch it).
// Writes are majority-acknowledged and journaled (mongoClientOptions), so a key is durable
// before the event it seals is appended. Deleting a document leaves no readable copy to this
// application; what the storage engine keeps in freed blocks until compaction is the operator's
// part (docs/OPERATIONS.md, "Erasure").
import { randomBytes } from 'node:crypto';
import { MongoClient, MongoServerError, type Binary } from 'mongodb';
import { mongoClientOptions } from '../../read-models/mongoDocumentStore.js';
import { keyIdWith, newKey, type KeyStore } from './keyStore.js';

type KeyDoc = { _id: string; key: Binary | Buffer; serial: string };

const SECRET_ID = '#secret';
const bytes = (value: Binary | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer));

export async function openMongoKeyStore(url: string, dbName = 'pizzakiosken'): Promise<KeyStore> {
  const client = new MongoClient(url, mongoClientOptions());
  await client.connect();
  const keys = client.db(dbName).collection<KeyDoc>('customer_keys');

  // The first process makes the secret; the unique _id lets every other one read that same one.
  const inserted = async (doc: KeyDoc): Promise<boolean> => {
    try {
      await keys.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) return false;
      throw error;
    }
  };
  await inserted({ _id: SECRET_ID, key: randomBytes(32), serial: '' });
  const secret = await keys.findOne({ _id: SECRET_ID });
  if (!secret) throw new Error('customer_keys: the secret could not be read back');
  const keyIdOf = keyIdWith(bytes(secret.key));

  const find = async (keyId: string) => {
    const doc = await keys.findOne({ _id: keyId });
    return doc && { key: bytes(doc.key), serial: doc.serial };
  };

  return {
    keyIdOf,
    async keyFor(keyId) {
      const found = await find(keyId);
      if (found) return found;
      const made = newKey();
      if (await inserted({ _id: keyId, key: made.key, serial: made.serial })) return made;
      return (await find(keyId))!;
    },
    async keysOf(keyIds) {
      const ids = [...new Set(keyIds)].filter((id) => id !== SECRET_ID);
      const found = new Map<string, Buffer>();
      if (ids.length === 0) return found;
      for await (const doc of keys.find({ _id: { $in: ids } })) found.set(doc._id, bytes(doc.key));
      return found;
    },
    async serialOf(keyId) {
      return (await find(keyId))?.serial ?? null;
    },
    async erase(keyId, serial) {
      return (await keys.deleteOne({ _id: keyId, serial })).deletedCount > 0;
    },
    close: () => client.close(),
  };
}
