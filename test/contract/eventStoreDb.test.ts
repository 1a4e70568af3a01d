// The event store contract against EventStoreDB: EVENTSTORE_URL, or a throwaway container via
// testcontainers where a Docker engine answers; skipped with the reason otherwise.
import { afterAll, describe, it } from 'vitest';
import { openEventStoreDb } from '../../api/eventStore/eventStoreDb.js';
import { eventStoreContract } from './eventStore.contract.js';
import { serverUnavailableReason } from './docker.js';

const reason = await serverUnavailableReason('EVENTSTORE_URL');

if (reason) {
  console.warn(`EventStoreDB contract suite skipped: ${reason}`);
  describe.skip(`EventStore contract: EventStoreDB (${reason})`, () => {
    it('needs a server', () => {});
  });
} else {
  let url = process.env.EVENTSTORE_URL;
  let stop = async () => {};
  if (!url) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    stop = async () => void (await container.stop());
  }
  afterAll(() => stop());
  eventStoreContract('EventStoreDB', async () => {
    const store = openEventStoreDb(url!);
    return { store, cleanup: () => store.close() };
  });
}
