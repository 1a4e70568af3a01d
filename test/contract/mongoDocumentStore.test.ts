// The read-model store contract against MongoDB: MONGODB_URL, or a throwaway container via
// testcontainers where a Docker engine answers; skipped with the reason otherwise.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { openMongoDocumentStore } from '../../read-models/mongoDocumentStore.js';
import { documentStoreContract } from './documentStore.contract.js';
import { serverUnavailableReason } from './docker.js';

const reason = await serverUnavailableReason('MONGODB_URL');

if (reason) {
  console.warn(`MongoDB contract suite skipped: ${reason}`);
  describe.skip(`DocumentStore contract: MongoDB (${reason})`, () => {
    it('needs a server', () => {});
  });
} else {
  let url = process.env.MONGODB_URL;
  let stop = async () => {};
  if (!url) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)).start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}`;
    stop = async () => void (await container.stop());
  }
  afterAll(() => stop());
  // A database of its own per run, so a shared server is not disturbed.
  const dbName = `pizzakiosken_contract_${randomUUID().slice(0, 8)}`;
  documentStoreContract('MongoDB', async () => {
    const store = await openMongoDocumentStore(url!, dbName);
    return { store, cleanup: () => store.close() };
  });
}
