// Backup → erasure → restore through the store interfaces (api/backup/backup.ts; rule: erasure,
// rule: backup-restore), written once and run on the embedded store (real SQLite files) and on
// production's stores (EventStoreDB/KurrentDB events, MongoDB read models and key store in
// MONGODB_KEYS_DB) where they can be had: EVENTSTORE_URL and EVENTSTORE_RESTORE_URL (an empty
// second one to restore into) with MONGODB_URL, or a Docker engine for containers. Otherwise the
// production run is skipped with the reason, like test/contract/eventStoreDb.test.ts.
//
// A customer erased before the backup stays erased; one erased after it is erased again by the
// restore (from the erasure journal beside the backups), counted, and recorded in the log as
// ErasuresReapplied; the raw restored stores hold neither's name, e-mail or phone.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../../api/backup/backup.js';
import type { Config } from '../../api/config.js';
import { keyStoreBackupFor } from '../../api/keys/keyStoreBackup.js';
import { openEventStore, openReadModelStore } from '../../api/stores.js';
import { RESTORES_STREAM, type ErasuresReappliedData } from '../../domain/backup/restores.js';
import { rebuildAfterImport } from '../../scripts/cli.js';
import { serverUnavailableReason } from '../contract/docker.js';
import { MONDAY_MORNING, bookingPayload, startTestServer } from './harness.js';

const PASSPHRASE = 'korv-med-bröd-och-senap';
// ASCII on purpose: the raw search below looks for these very bytes.
const BEFORE = { name: 'Berit Fornasson', email: 'berit.fore@example.se', phone: '076-111 22 33' };
const AFTER = { name: 'Ester Raderasson', email: 'ester.raderas@example.se', phone: '073-555 12 34' };
const KEPT = { name: 'Olle Behallsson', email: 'olle.behalls@example.se', phone: '070-999 88 77' };
const SECRETS = [BEFORE, AFTER].flatMap((c) => [c.name, c.email, c.phone]).map((s) => s.toLowerCase());

type StoreConfig = Pick<Config, 'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb' | 'backupDir'> &
  Partial<Pick<Config, 'mongoKeysDb'>>;

interface Stores {
  label: string;
  /** A new, empty set of stores (and a DATA_DIR of its own). */
  fresh(): Promise<StoreConfig>;
  /** Every stored byte of these stores that holds one of SECRETS (the raw files, or the raw documents and events). */
  leaks(config: StoreConfig): Promise<string[]>;
  stop(): Promise<void>;
}

const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-backup-stores-'));
const newDir = (name: string) => mkdtempSync(join(scratch, `${name}-`));

function fileLeaks(path: string): string[] {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => fileLeaks(join(path, name)));
  const text = readFileSync(path).toString('latin1').toLowerCase();
  return SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${path}: ${secret}`);
}

const sqlite: Stores = {
  label: 'embedded SQLite',
  fresh: async () => ({
    dataDir: newDir('data'),
    eventStoreUrl: null,
    mongoUrl: null,
    mongoDb: 'pizzakiosken',
    backupDir: null,
  }),
  async leaks(config) {
    // The files an operator would look at: the three stores, each searched raw.
    return ['events.db', 'keys.db', 'read-models.db'].flatMap((name) => fileLeaks(join(config.dataDir, name)));
  },
  stop: async () => {},
};

/** Production's stores, or why they cannot be had here. */
async function production(): Promise<Stores | { reason: string }> {
  const given = process.env.EVENTSTORE_URL && process.env.EVENTSTORE_RESTORE_URL && process.env.MONGODB_URL;
  const stops: Array<() => Promise<unknown>> = [];
  let eventStores: string[];
  let mongoUrl: string;
  if (given) {
    eventStores = [process.env.EVENTSTORE_URL!, process.env.EVENTSTORE_RESTORE_URL!];
    mongoUrl = process.env.MONGODB_URL!;
  } else {
    const reason = await serverUnavailableReason('EVENTSTORE_URL, EVENTSTORE_RESTORE_URL and MONGODB_URL');
    if (reason) return { reason };
    try {
      const { GenericContainer, Wait } = await import('testcontainers');
      const compose = readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'compose.cluster.yaml'), 'utf8');
      const kurrent = /^\s*image:\s*(\S*kurrentdb\S*)\s*$/m.exec(compose)![1];
      const mongoImage = /^\s*image:\s*(mongo:\S+)\s*$/m.exec(compose)![1];
      const esdb = async () => {
        const c = await new GenericContainer(kurrent)
          .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_MEM_DB: 'true' })
          .withExposedPorts(2113)
          .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
          .withStartupTimeout(120_000)
          .start();
        stops.push(() => c.stop());
        return `esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`;
      };
      const mongo = await new GenericContainer(mongoImage)
        .withExposedPorts(27017)
        .withCommand(['--bind_ip_all'])
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start();
      stops.push(() => mongo.stop());
      mongoUrl = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/?directConnection=true`;
      eventStores = [await esdb(), await esdb()];
    } catch (error) {
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
      return { reason: `a Docker engine answers but the stores did not start (${(error as Error).message})` };
    }
  }
  const databases: string[] = [];
  return {
    label: 'EventStoreDB + MongoDB',
    async fresh() {
      const eventStoreUrl = eventStores.shift();
      if (!eventStoreUrl) throw new Error('no empty event store left');
      const mongoDb = `pizzakiosken_backup_${randomUUID().slice(0, 8)}`;
      databases.push(mongoDb, `${mongoDb}_keys`);
      return {
        dataDir: newDir('prod'),
        eventStoreUrl,
        mongoUrl,
        mongoDb,
        mongoKeysDb: `${mongoDb}_keys`,
        backupDir: null,
      };
    },
    async leaks(config) {
      // The raw events as EventStoreDB holds them, and every document of the read models' and the keys' databases.
      const { openEventStoreDb } = await import('../../api/eventStore/eventStoreDb.js');
      const events = openEventStoreDb(config.eventStoreUrl!);
      const found: string[] = [];
      try {
        for (let after = 0; ;) {
          const page = await events.readAll(after, 1000);
          if (page.length === 0) break;
          for (const e of page) {
            const text = JSON.stringify(e).toLowerCase();
            for (const s of SECRETS) if (text.includes(s)) found.push(`event ${e.position}: ${s}`);
          }
          after = page.at(-1)!.position;
        }
      } finally {
        await events.close();
      }
      const client = new MongoClient(config.mongoUrl!);
      try {
        for (const name of [config.mongoDb, config.mongoKeysDb!])
          for (const { name: collection } of await client.db(name).listCollections().toArray())
            for await (const doc of client.db(name).collection(collection).find()) {
              const text = JSON.stringify(doc).toLowerCase();
              for (const s of SECRETS) if (text.includes(s)) found.push(`${name}.${collection}: ${s}`);
            }
      } finally {
        await client.close();
      }
      return found;
    },
    async stop() {
      const client = new MongoClient(mongoUrl);
      try {
        for (const name of databases) await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** @param withControl also restore without the journal (needs a third set of empty stores). */
function backupEraseRestore(stores: () => Stores, withControl: boolean) {
  let source: StoreConfig;
  let target: StoreConfig;
  let backups: string;
  let ids: Record<'before' | 'after' | 'kept', string>;
  let erasedAfterKeyIds: string[];
  let restored: Awaited<ReturnType<typeof restoreBackup>>;

  beforeAll(async () => {
    source = await stores().fresh();
    backups = newDir('backups');
    const server = await startTestServer({
      dataDir: source.dataDir,
      now: () => MONDAY_MORNING,
      config: { ...source, backupDir: backups, backupPassphrase: PASSPHRASE },
    });
    const archive = join(backups, 'manual.backup');
    try {
      const book = async (who: typeof KEPT, time: string) => {
        const reply = await server.post('/api/bookings', bookingPayload({ ...who, time }));
        expect(reply.status).toBe(201);
        return reply.body.booking_id as string;
      };
      ids = { before: await book(BEFORE, '12:00'), after: await book(AFTER, '12:30'), kept: await book(KEPT, '13:00') };
      const admin = await server.login();
      const erase = async (email: string) =>
        expect((await server.post('/api/admin/customers/erase', { email }, admin)).status).toBe(200);
      await erase(BEFORE.email);
      await takeBackup(source, archive, PASSPHRASE);
      const keysAtBackup = (await (await keyStoreBackupFor(source)).dump())!.keys.map((k) => k.key_id);
      await erase(AFTER.email);
      const keysNow = new Set((await (await keyStoreBackupFor(source)).dump())!.keys.map((k) => k.key_id));
      erasedAfterKeyIds = keysAtBackup.filter((id) => !keysNow.has(id));
      expect(erasedAfterKeyIds).toHaveLength(1);
    } finally {
      await server.close();
    }

    // Into new, empty stores, knowing the erasure after the backup from the journal beside the backups only.
    target = await stores().fresh();
    restored = await restoreBackup({ ...target, backupDir: backups }, archive, PASSPHRASE, {
      actor: 'drift@pizzakiosken.test',
      now: () => new Date('2026-11-23T09:00:00Z'),
    });
    const events = await openEventStore(target);
    const docs = await openReadModelStore(target);
    try {
      expect(await rebuildAfterImport(events, docs)).toBe(true);
    } finally {
      await docs.close();
      await events.close();
    }
  }, 600_000);

  it('re-applies the erasure made after the backup and counts it', () => {
    expect(restored.reapplied).toBe(1);
    expect(restored.reappliedKeyIds).toEqual(erasedAfterKeyIds);
    expect(restored.sources).toEqual([join(backups, 'erasures.ndjson')]);
    expect(restored.keys).toBe(1);
  });

  it('records the restore in the log: ErasuresReapplied, by whom, when, how many, the key ids and nothing personal', async () => {
    const events = await openEventStore(target);
    try {
      const recorded = await events.readStream(RESTORES_STREAM);
      expect(recorded.map((e) => [e.type, e.metadata.actor, e.metadata.timestamp])).toEqual([
        ['ErasuresReapplied', 'drift@pizzakiosken.test', '2026-11-23T09:00:00.000Z'],
      ]);
      const data = recorded[0].data as ErasuresReappliedData;
      expect(data).toMatchObject({ reapplied: 1, key_ids: erasedAfterKeyIds, events_restored: restored.events });
      expect(data.backup_created_at).toBe(restored.createdAt);
      const text = JSON.stringify(recorded).toLowerCase();
      for (const s of [...SECRETS, KEPT.email.toLowerCase()]) expect(text).not.toContain(s);
    } finally {
      await events.close();
    }
  });

  it('serves the restored kiosk: both erased customers read "[raderad]", the kept one is whole', async () => {
    const server = await startTestServer({ dataDir: target.dataDir, now: () => MONDAY_MORNING, config: target });
    try {
      const admin = await server.login();
      for (const id of [ids.before, ids.after]) {
        const booking = await server.get(`/api/admin/bookings/${id}`, admin);
        expect(booking.status).toBe(200);
        expect(booking.body).toMatchObject({ name: '[raderad]', email: '[raderad]', phone: '[raderad]' });
      }
      const kept = await server.get(`/api/admin/bookings/${ids.kept}`, admin);
      expect(kept.body).toMatchObject({ name: KEPT.name, email: KEPT.email, phone: KEPT.phone });
    } finally {
      await server.close();
    }
  });

  it('leaves neither erased customer’s name, e-mail or phone anywhere in the raw restored stores', async () => {
    expect(await stores().leaks(target)).toEqual([]);
    // Nor does the kiosk the backup was taken from, after its two erasures.
    expect(await stores().leaks(source)).toEqual([]);
  });

  it.runIf(withControl)(
    'control: restored without knowing the later erasure, the customer comes back and the search finds them',
    async () => {
      const bare = await stores().fresh();
      // Refused before anything is written unless the operator says there is no journal.
      await expect(restoreBackup(bare, join(backups, 'manual.backup'), PASSPHRASE)).rejects.toThrow(
        /Refusing to restore: no erasure journal/,
      );
      const done = await restoreBackup(bare, join(backups, 'manual.backup'), PASSPHRASE, { noErasureJournal: true });
      expect(done.reapplied).toBe(0);
      expect(done.unchecked).toHaveLength(2);
      const events = await openEventStore(bare);
      const docs = await openReadModelStore(bare);
      try {
        await rebuildAfterImport(events, docs);
      } finally {
        await docs.close();
        await events.close();
      }
      const found = await stores().leaks(bare);
      expect(found.some((line) => line.endsWith(AFTER.email))).toBe(true);
      expect(found.some((line) => line.endsWith(BEFORE.email))).toBe(false);
    },
  );

  it('refuses to restore into stores that hold events, changing nothing', async () => {
    await expect(restoreBackup(target, join(backups, 'manual.backup'), PASSPHRASE)).rejects.toThrow(
      /Refusing to restore: .* already holds events/,
    );
  });
}

describe('backup → erase → restore on the embedded store (SQLite files)', () => {
  backupEraseRestore(() => sqlite, true);
});

const prod = await production();
if ('reason' in prod) {
  console.warn(`backup → erase → restore on EventStoreDB + MongoDB skipped: ${prod.reason}`);
  describe.skip(`backup → erase → restore on EventStoreDB + MongoDB (skipped: ${prod.reason})`, () => {
    it('needs EVENTSTORE_URL, EVENTSTORE_RESTORE_URL and MONGODB_URL, or a Docker engine', () => {});
  });
} else {
  afterAll(() => prod.stop());
  describe('backup → erase → restore on EventStoreDB + MongoDB', () => {
    backupEraseRestore(() => prod, false);
  });
}
