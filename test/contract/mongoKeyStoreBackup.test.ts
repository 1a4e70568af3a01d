// The key store's backup contract on the MongoDB key store (MONGODB_KEYS_DB): at MONGODB_URL or in
// a container where a Docker engine answers; skipped with the reason otherwise.
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { openMongoKeyStore } from '../../api/keys/mongoKeyStore.js';
import { mongoKeyStoreBackup } from '../../api/keys/mongoKeyStoreBackup.js';
import { keyStoreBackupContract } from './keyStoreBackup.contract.js';
import { mongoServer } from './mongoServer.js';

const server = await mongoServer();

if ('reason' in server) {
  console.warn(`MongoDB key store backup suite skipped: ${server.reason}`);
  describe.skip(`KeyStoreBackup contract: MongoDB (skipped: ${server.reason})`, () => {
    it('needs MONGODB_URL or a Docker engine', () => {});
  });
} else {
  // A database per store, all dropped afterwards, so a shared server is not disturbed.
  const made: string[] = [];
  afterAll(async () => {
    const client = new MongoClient(server.url);
    try {
      for (const name of made) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
    await server.stop();
  });
  keyStoreBackupContract('MongoDB', async () => {
    const dbName = `pizzakiosken_keys_contract_${randomUUID().slice(0, 8)}`;
    made.push(dbName);
    return { backup: mongoKeyStoreBackup(server.url, dbName), open: () => openMongoKeyStore(server.url, dbName) };
  });
}
