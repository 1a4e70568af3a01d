// One MongoDB server for a contract suite: MONGODB_URL, or a throwaway standalone container of the
// image production runs (deploy/compose.cluster.yaml) where a Docker engine answers; otherwise the reason
// the suite is skipped, found quickly (never a failure or a hang for want of a server).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverUnavailableReason } from './docker.js';

const MONGO_IMAGE =
  /^\s*image:\s*(mongo:\S+)\s*$/m.exec(
    readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'compose.cluster.yaml'), 'utf8'),
  )?.[1] ?? 'mongo:7';

export type MongoServer = { url: string; stop(): Promise<void> } | { reason: string };

export async function mongoServer(): Promise<MongoServer> {
  if (process.env.MONGODB_URL) return { url: process.env.MONGODB_URL, stop: async () => {} };
  const reason = await serverUnavailableReason('MONGODB_URL');
  if (reason) return { reason };
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(MONGO_IMAGE)
      .withExposedPorts(27017)
      .withCommand(['--bind_ip_all'])
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(180_000)
      .start();
    return {
      url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
      stop: async () => void (await container.stop()),
    };
  } catch (error) {
    return { reason: `a Docker engine answers but MongoDB did not start (${(error as Error).message.split('\n')[0]})` };
  }
}
