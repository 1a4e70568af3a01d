// Opens the stores the configuration names: one place for the server and the operations CLIs
// (replay, export/import, rebuild), so both always work on the same data.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../read-models/sqliteDocumentStore.js';
import { openSqliteEventStore } from './eventStore/sqlite.js';
import type { Config } from './config.js';

type StoreConfig = Pick<Config, 'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb'>;

export async function openEventStore(config: StoreConfig): Promise<EventStore> {
  // The production adapters load only when configured: the embedded default never needs them.
  if (config.eventStoreUrl) return (await import('./eventStore/eventStoreDb.js')).openEventStoreDb(config.eventStoreUrl);
  return openSqliteEventStore(eventsFile(config));
}

/** The embedded event store's file (made private, in a private DATA_DIR). */
export function eventsFile(config: StoreConfig): string {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return privateFile(join(config.dataDir, 'events.db'));
}

export async function openReadModelStore(config: StoreConfig): Promise<DocumentStore> {
  if (config.mongoUrl) return (await import('../read-models/mongoDocumentStore.js')).openMongoDocumentStore(config.mongoUrl, config.mongoDb);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return openSqliteDocumentStore(privateFile(join(config.dataDir, 'read-models.db')));
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
