// The event store contract against EventStoreDB: the server at EVENTSTORE_URL, or a throwaway
// container via testcontainers where a Docker engine answers. Where neither exists (the build
// machines here) the suite is skipped, quickly and with the reason printed, never failed or hung.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openEventStoreDb } from '../../api/eventStore/eventStoreDb.js';
import { eventStoreContract } from './eventStore.contract.js';
import { serverUnavailableReason } from './docker.js';

// The image production runs (deploy/compose.cluster.yaml), read from there so the two never drift apart;
// EVENTSTORE_IMAGE overrides it for a machine that must use a mirror.
const IMAGE = process.env.EVENTSTORE_IMAGE ?? deployedImage();

function deployedImage(): string {
  const compose = readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'compose.cluster.yaml'), 'utf8');
  const image = /^\s*image:\s*(\S*kurrentdb\S*)\s*$/m.exec(compose)?.[1];
  if (!image) throw new Error('deploy/compose.cluster.yaml names no kurrentdb image');
  return image;
}

/** Why the suite cannot run here, or null when it can. Bounded: a dead engine must not hang collection. */
async function unavailable(): Promise<string | null> {
  if (process.env.EVENTSTORE_URL) return null;
  const reason = await serverUnavailableReason('EVENTSTORE_URL');
  if (reason) return reason;
  // The socket (or a remote DOCKER_HOST) is there; ask testcontainers itself whether it can use it.
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000))),
    ]).finally(() => clearTimeout(timer));
    return null;
  } catch (error) {
    return `no EVENTSTORE_URL and no Docker engine usable by testcontainers (${(error as Error).message})`;
  }
}

const reason = await unavailable();

if (reason) {
  console.warn(`EventStoreDB contract suite skipped: ${reason}`);
  describe.skip(`EventStore contract: EventStoreDB (skipped: ${reason})`, () => {
    it('needs EVENTSTORE_URL or a Docker engine', () => {});
  });
} else {
  let url = process.env.EVENTSTORE_URL ?? '';
  let stop = async () => {};
  beforeAll(async () => {
    if (url) return;
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_MEM_DB: 'true',
        // Projections on, as in production: their $-events interleave with ours in $all, which is
        // what the adapter's filtering and paging must cope with.
        KURRENTDB_RUN_PROJECTIONS: 'All',
        KURRENTDB_START_STANDARD_PROJECTIONS: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    stop = async () => void (await container.stop());
  });
  afterAll(() => stop());
  eventStoreContract('EventStoreDB', async () => {
    const store = openEventStoreDb(url);
    return { store, cleanup: () => store.close() };
  });
}
