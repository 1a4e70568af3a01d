// Opens the stores the configuration names: one place for the server and the operations CLIs
// (replay, export/import, rebuild), so both always work on the same data.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentStore } from '../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../read-models/sqliteDocumentStore.js';
import { moveReactorState, reactorStateStore } from '../read-models/reactorStateStore.js';
import { reactorStateNames } from './reactorState.js';
import { openSqliteEventStore } from './eventStore/sqlite.js';
import { sealedEventStore, type SealedEventStore } from './eventStore/sealed.js';
import { KEYS_PAGE_CACHE_KIB_WHOLE_LOG, openSqliteKeyStore, type KeyStore } from './keys/keyStore.js';
import { checkKeyStoreIdentity, type KeyStoreLocation } from './keys/identity.js';
import type { Config } from './config.js';

type StoreConfig = Pick<Config, 'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb'> &
  Partial<Pick<Config, 'keyStoreReset' | 'mongoKeysDb'>>;

const keysDbOf = (config: StoreConfig) => config.mongoKeysDb ?? `${config.mongoDb}_keys`;

export interface OpenEventStoreOptions {
  /**
   * How the key store's identity is checked against the log's (api/keys/identity.ts): the server
   * 'record's it (and a KEY_STORE_RESET); the CLIs only 'verify' (the default): a log whose keys
   * are missing is refused either way.
   */
  keyStoreIdentity?: 'record' | 'verify';
  /** The clock the recorded events are stamped with (the server's). */
  now?: () => Date;
  /**
   * A command that reads the whole log (rebuild, replay, export): the embedded key file gets a
   * larger page cache (KEYS_PAGE_CACHE_KIB_WHOLE_LOG); the server keeps its memory small.
   */
  wholeLog?: boolean;
}

/**
 * The event log, with customers' personal fields sealed under their keys (rule: erasure): every
 * reader and writer of the log, the server and each CLI alike, goes through the seal. Refused
 * (KeyStoreMismatchError) when the key store is not the one the log's sealed records need.
 */
export async function openEventStore(
  config: StoreConfig,
  options: OpenEventStoreOptions = {},
): Promise<SealedEventStore> {
  const keys = await openKeyStore(config, options.wholeLog ? KEYS_PAGE_CACHE_KIB_WHOLE_LOG : undefined);
  let events: SealedEventStore;
  try {
    // The production adapters load only when configured: the embedded default never needs them.
    const inner = config.eventStoreUrl
      ? (await import('./eventStore/eventStoreDb.js')).openEventStoreDb(config.eventStoreUrl)
      : openSqliteEventStore(eventsFile(config));
    // The tail of opened events (sealed.ts) needs dense positions: the embedded store's.
    events = sealedEventStore(inner, keys, true, { tail: !config.eventStoreUrl });
  } catch (error) {
    await keys.close();
    throw error;
  }
  try {
    await checkKeyStoreIdentity(events, keys, {
      where: keyStoreLocation(config),
      reset: config.keyStoreReset ?? false,
      mode: options.keyStoreIdentity ?? 'verify',
      now: options.now,
    });
  } catch (error) {
    await events.close();
    throw error;
  }
  return events;
}

/** Where the configured key store lives, as the operator restores it. */
export function keyStoreLocation(config: StoreConfig): KeyStoreLocation {
  return {
    describe: config.mongoUrl
      ? `the MongoDB collection customer_keys in database ${keysDbOf(config)} (MONGODB_URL, MONGODB_KEYS_DB)`
      : `the file ${join(config.dataDir, 'keys.db')} (DATA_DIR/keys.db)`,
  };
}

/**
 * The customers' keys, apart from the event log: DATA_DIR/keys.db in the embedded default, the
 * `customer_keys` collection of a database of its own (MONGODB_KEYS_DB) where the read models are
 * in MongoDB.
 */
export async function openKeyStore(config: StoreConfig, pageCacheKib?: number): Promise<KeyStore> {
  if (config.mongoUrl)
    return (await import('./keys/mongoKeyStore.js')).openMongoKeyStore(config.mongoUrl, keysDbOf(config), {
      movedFrom: config.mongoDb,
    });
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return openSqliteKeyStore(privateFile(join(config.dataDir, 'keys.db')), { pageCacheKib });
}

/** The embedded event store's file (made private, in a private DATA_DIR). */
export function eventsFile(config: StoreConfig): string {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return privateFile(join(config.dataDir, 'events.db'));
}

/**
 * The read models, with the reactors' state kept apart (read-models/reactorStateStore.ts): every
 * caller gets one DocumentStore, and the reactors' checkpoints, work items, logs and claims live
 * where a read-model upgrade never reaches them (openReactorStateStore). A release that kept them
 * in the read models has them moved over at its first start, before any reactor runs.
 */
export async function openReadModelStore(config: StoreConfig): Promise<DocumentStore> {
  const readModels = config.mongoUrl
    ? await (
        await import('../read-models/mongoDocumentStore.js')
      ).openMongoDocumentStore(config.mongoUrl, config.mongoDb)
    : openSqliteDocumentStore(privateFile(join(dataDirOf(config), 'read-models.db')));
  let reactors: DocumentStore;
  try {
    reactors = await openReactorStateStore(config);
  } catch (error) {
    await readModels.close();
    throw error;
  }
  const names = reactorStateNames();
  try {
    await moveReactorState(readModels, reactors, names, { log: (message) => console.error(message) });
  } catch (error) {
    await Promise.all([readModels.close(), reactors.close()]);
    throw error;
  }
  return reactorStateStore(readModels, reactors, names);
}

/**
 * Where the reactors' state lives. Production (MongoDB): the key store's own database
 * (MONGODB_KEYS_DB, default `<MONGODB_DB>_keys`), which an upgrade keeps while it builds its read
 * models in a new MONGODB_DB (deploy/README.md, "Upgrade"): the outbox, the checkpoints and the
 * claims then carry over by themselves, so nothing is mailed twice or skipped.
 *
 * The embedded default: a file of its own, DATA_DIR/reactors.db, not keys.db. The same guarantee
 * (read-models.db can be deleted and rebuilt, `npm run projections:rebuild`, without the reactors
 * starting over), while keys.db stays what it is: the key store alone, which a backup carries and
 * a restore puts back as one unit (api/backup), and whose file holds nothing else to be
 * overwritten with it. reactors.db holds the outbox's recipients until an erasure scrubs them,
 * like read-models.db: private (0600) like every database file here.
 */
export async function openReactorStateStore(config: StoreConfig): Promise<DocumentStore> {
  if (config.mongoUrl)
    return (await import('../read-models/mongoDocumentStore.js')).openMongoDocumentStore(
      config.mongoUrl,
      keysDbOf(config),
    );
  return openSqliteDocumentStore(privateFile(join(dataDirOf(config), 'reactors.db')));
}

/** DATA_DIR, made private if new. */
function dataDirOf(config: StoreConfig): string {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return config.dataDir;
}

/**
 * A database file readable by this user only. SQLite gives its -wal and -shm files the
 * database file's permissions, so they are private too.
 */
function privateFile(file: string): string {
  if (existsSync(file)) chmodSync(file, 0o600);
  else closeSync(openSync(file, 'a', 0o600));
  return file;
}
