// The MongoDB key store (MONGODB_KEYS_DB) as a backup sees it (api/keys/keyStoreBackupPort.ts): the
// secret, every key and the erasure record read whole, and written whole into an empty store.
// The write goes into staging collections first and then renames them over `key_erasures` and
// `customer_keys` (a rename is atomic on the server): a restore cut off halfway leaves the store
// as it was, never a store missing some keys (which a restore run again would take for erasures).
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { mongoClientOptions } from '../../read-models/mongoDocumentStore.js';
import type { KeyStoreDump } from './keyStore.js';
import { checkWritable, type KeyStoreBackup } from './keyStoreBackupPort.js';
import {
  CUSTOMER_INDEX,
  ERASURES_COLLECTION,
  KEYS_COLLECTION,
  SECRET_ID,
  bytes,
  type ErasureDoc,
  type KeyDoc,
} from './mongoKeyStore.js';

const BATCH = 1000;
const STAGED = '_restoring';

async function dumpOf(db: Db): Promise<KeyStoreDump | null> {
  const keys = db.collection<KeyDoc>(KEYS_COLLECTION);
  const secret = await keys.findOne({ _id: SECRET_ID });
  if (!secret) return null;
  const dump: KeyStoreDump = { secret: bytes(secret.key).toString('base64'), keys: [], erasures: [] };
  for await (const doc of keys.find({ _id: { $ne: SECRET_ID } }).sort({ _id: 1 }))
    dump.keys.push({
      key_id: doc._id,
      customer: doc.customer ?? null,
      key: bytes(doc.key).toString('base64'),
      serial: doc.serial,
    });
  for await (const e of db.collection<ErasureDoc>(ERASURES_COLLECTION).find({}).sort({ erased_at: 1, _id: 1 }))
    dump.erasures.push({ customer: e.customer, serial: e.serial, erased_at: e.erased_at });
  return dump;
}

async function dropIfThere(db: Db, name: string) {
  try {
    await db.collection(name).drop();
  } catch (error) {
    // 26: NamespaceNotFound, nothing to drop.
    if (!(error instanceof MongoServerError && error.code === 26)) throw error;
  }
}

async function insertAll(db: Db, name: string, docs: Array<KeyDoc | ErasureDoc>) {
  const collection = db.collection<KeyDoc | ErasureDoc>(name);
  for (let i = 0; i < docs.length; i += BATCH) await collection.insertMany(docs.slice(i, i + BATCH));
}

export function mongoKeyStoreBackup(url: string, dbName: string): KeyStoreBackup {
  const where = `the MongoDB collection ${KEYS_COLLECTION} in database ${dbName} (MONGODB_URL, MONGODB_KEYS_DB)`;
  const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const client = new MongoClient(url, mongoClientOptions());
    await client.connect();
    try {
      return await work(client.db(dbName));
    } finally {
      await client.close();
    }
  };
  return {
    where,
    dump: () => withDb(dumpOf),
    write: (dump) =>
      withDb(async (db) => {
        checkWritable(await dumpOf(db), dump, where);
        const keysStaged = KEYS_COLLECTION + STAGED;
        const erasuresStaged = ERASURES_COLLECTION + STAGED;
        for (const name of [keysStaged, erasuresStaged]) {
          await dropIfThere(db, name);
          await db.createCollection(name);
        }
        await db
          .collection<KeyDoc>(keysStaged)
          .createIndex(
            { customer: 1 },
            { name: CUSTOMER_INDEX, unique: true, partialFilterExpression: { customer: { $exists: true } } },
          );
        const keyDocs: KeyDoc[] = [
          { _id: SECRET_ID, key: Buffer.from(dump.secret, 'base64'), serial: '' },
          // A key made before generations has no `customer` (left out of the unique index).
          ...dump.keys.map((k) => ({
            _id: k.key_id,
            key: Buffer.from(k.key, 'base64'),
            serial: k.serial,
            ...(k.customer === null ? {} : { customer: k.customer }),
          })),
        ];
        await insertAll(db, keysStaged, keyDocs);
        const erasureDocs = new Map<string, ErasureDoc>();
        for (const e of dump.erasures)
          erasureDocs.set(`${e.customer} ${e.serial}`, { _id: `${e.customer} ${e.serial}`, ...e });
        await insertAll(db, erasuresStaged, [...erasureDocs.values()]);
        // The keys (with the secret) first, then the record: cut off between, the store is the
        // backup's (its secret) with the record it had, and the restore may simply run again.
        await db.renameCollection(keysStaged, KEYS_COLLECTION, { dropTarget: true });
        await db.renameCollection(erasuresStaged, ERASURES_COLLECTION, { dropTarget: true });
      }),
  };
}
