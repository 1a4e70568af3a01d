// The read-model store contract against MongoDB: the server at MONGODB_URL, or else throwaway
// containers via testcontainers where a Docker engine answers, one standalone server and one
// single-node replica set (so both commit paths run: plain writes, and a transaction). With
// neither, the suite is skipped with the reason, quickly: this must never fail or hang for want
// of a server.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type * as Testcontainers from 'testcontainers';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { openMongoDocumentStore } from '../../read-models/mongoDocumentStore.js';
import { documentStoreContract } from './documentStore.contract.js';
import { keyStoreContract } from './keyStore.contract.js';
import { reactorStateContract } from './reactorState.contract.js';
import { openMongoKeyStore } from '../../api/keys/mongoKeyStore.js';

interface Server {
  label: string;
  url: string;
}

const DOCKER_CHECK_MS = 5_000;
/** The image production runs (deploy/compose.cluster.yaml), so the suite tests what is deployed. */
const MONGO_IMAGE =
  /^\s*image:\s*(mongo:\S+)\s*$/m.exec(
    readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'compose.cluster.yaml'), 'utf8'),
  )?.[1] ?? 'mongo:7';
const CONTAINER_START_MS = 180_000;

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Servers to run against, or why there are none. */
async function mongoServers(): Promise<{ servers: Server[]; stop(): Promise<void> } | { reason: string }> {
  if (process.env.MONGODB_URL)
    return { servers: [{ label: 'MONGODB_URL', url: process.env.MONGODB_URL }], stop: async () => {} };

  // testcontainers' own detection (DOCKER_HOST, ~/.testcontainers.properties, the default and
  // rootless sockets): it fails within milliseconds when there is no engine.
  let testcontainers: typeof Testcontainers;
  try {
    testcontainers = await import('testcontainers');
    await within(DOCKER_CHECK_MS, 'Docker engine check', testcontainers.getContainerRuntimeClient());
  } catch (error) {
    return { reason: `no MONGODB_URL and no Docker engine (${message(error)})` };
  }

  const { GenericContainer, Wait } = testcontainers;
  const started: Array<{ stop(): Promise<unknown> }> = [];
  const stop = async () => void (await Promise.all(started.map((c) => c.stop())));
  const start = async (replicaSet: boolean) => {
    const container = await new GenericContainer(MONGO_IMAGE)
      .withExposedPorts(27017)
      .withCommand(replicaSet ? ['--replSet', 'rs0', '--bind_ip_all'] : ['--bind_ip_all'])
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    started.push(container);
    // directConnection: the replica set knows its member as localhost:27017, which is not the
    // address mapped for us, so the driver must not go looking for it.
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    if (replicaSet) await initiateReplicaSet(url);
    return url;
  };
  try {
    const [standalone, replicaSet] = await within(
      CONTAINER_START_MS,
      'Starting MongoDB containers',
      Promise.all([start(false), start(true)]),
    );
    return {
      servers: [
        { label: 'standalone', url: standalone },
        { label: 'replica set', url: replicaSet },
      ],
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    return { reason: `a Docker engine answers but MongoDB did not start (${message(error)})` };
  }
}

async function initiateReplicaSet(url: string) {
  const client = new MongoClient(url);
  try {
    await client
      .db('admin')
      .command({ replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] } });
    for (let i = 0; i < 300; i++) {
      if ((await client.db('admin').command({ hello: 1 })).isWritablePrimary) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the replica set elected no primary');
  } finally {
    await client.close();
  }
}

const setup = await mongoServers();

if ('reason' in setup) {
  console.warn(`MongoDB read-model store suite skipped: ${setup.reason}`);
  describe.skip(`DocumentStore contract: MongoDB (skipped: ${setup.reason})`, () => {
    it('needs a MongoDB server', () => {});
  });
} else {
  // A database of its own per run, dropped afterwards, so a shared server is not disturbed.
  const dbName = `pizzakiosken_contract_${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    for (const { url } of setup.servers) {
      const client = new MongoClient(url);
      try {
        await client.db(dbName).dropDatabase();
        // The reactor-state contract's databases (reactorState.contract.ts).
        const { databases } = await client.db('admin').admin().listDatabases();
        for (const { name } of databases) if (name.startsWith(`${dbName}_`)) await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
    }
    await setup.stop();
  });

  for (const { label, url } of setup.servers) {
    documentStoreContract(`MongoDB (${label})`, async () => {
      const store = await openMongoDocumentStore(url, dbName);
      return { store, cleanup: () => store.close() };
    });

    // A key as a release before generations stored it: its _id the customer id, no `customer`.
    keyStoreContract(
      `MongoDB (${label})`,
      () => openMongoKeyStore(url, dbName),
      async (customerId, key, serial) => {
        const client = new MongoClient(url);
        try {
          await client
            .db(dbName)
            .collection<{ _id: string; key: Buffer; serial: string }>('customer_keys')
            .insertOne({ _id: customerId, key, serial });
        } finally {
          await client.close();
        }
      },
    );

    // The reactors' state in the keys database (MONGODB_KEYS_DB), each upgrade's read models in a new one.
    let generation = 0;
    reactorStateContract(`MongoDB (${label}): read models in ${dbName}_rm_N, reactors in ${dbName}_keys`, async () => ({
      readModels: () => openMongoDocumentStore(url, `${dbName}_rm_${++generation}`),
      reactorState: () => openMongoDocumentStore(url, `${dbName}_keys`),
    }));

    describe(`the MongoDB key store in a database of its own (${label})`, () => {
      it('moves an older release’s customer_keys out of the read models’ database once, keys and secret alike', async () => {
        const [readModels, keysDb] = [`${dbName}_rm`, `${dbName}_own_keys`];
        const old = await openMongoKeyStore(url, readModels);
        const customer = old.customerIdOf('flytt@example.se');
        const key = await old.keyFor(customer);
        await old.close();
        const moved = await openMongoKeyStore(url, keysDb, { movedFrom: readModels, log: () => {} });
        const again = await openMongoKeyStore(url, keysDb, { movedFrom: readModels, log: () => {} });
        const client = new MongoClient(url);
        try {
          expect(moved.identity).toBe(old.identity);
          expect(moved.customerIdOf('flytt@example.se')).toBe(customer);
          expect(await moved.keyFor(customer)).toEqual(key);
          expect(await again.keyFor(customer)).toEqual(key);
          // Nothing left behind that an erasure in the new database would miss.
          expect(await client.db(readModels).collection('customer_keys').countDocuments()).toBe(0);
        } finally {
          await Promise.all([moved.close(), again.close()]);
          await client.db(readModels).dropDatabase();
          await client.db(keysDb).dropDatabase();
          await client.close();
        }
      });
    });

    describe(`the MongoDB read-model store (${label})`, () => {
      const withStore = async (test: (store: DocumentStore, collection: string) => Promise<void>) => {
        const store = await openMongoDocumentStore(url, dbName);
        try {
          await test(store, `mongo_${randomUUID().replaceAll('-', '')}`);
        } finally {
          await store.close();
        }
      };

      // The position guard and tombstones are in the shared contract (documentStore.contract.ts).
      it('keeps its checkpoints apart from the read models', () =>
        withStore(async (store) => {
          await expect(store.find('_checkpoints')).rejects.toThrow();
          await expect(store.reset(['_checkpoints'], 'p')).rejects.toThrow();
        }));
    });
  }
}
