// Backups (npm run backup / npm run restore, and the scheduled backups of api/backup/schedule.ts),
// through the store interfaces, so one piece of code serves the embedded default (DATA_DIR) and
// production (EventStoreDB/KurrentDB and the MongoDB key store of MONGODB_KEYS_DB): one encrypted
// archive (api/backup/archive.ts) of the event log as stored (personal fields sealed under the
// customers' keys), the key store (its secret, every key by generation, and its erasure record:
// api/keys/keyStoreBackup.ts), the web-push key pair and the session secret where they are files,
// and nothing rebuildable: the read models are rebuilt on restore. Not in it: the mail outbox's
// files and the mail log (a restore starts the mail reactor at the head, as an import does).
//
// Consistent: the log is read up to the head it had when the backup began, then the key store,
// after the events. A key is written before any event sealed under it, so every event of the
// archive finds its key there, unless an erasure destroyed it, which is then what the archive says.
//
// Erasures stay erased (rule: erasure, rule: backup-restore): a restore puts back the keys of the
// archive except those erased after it was taken, as known from the live key store (its erasure
// record, or a key it no longer has) and the erasure journal beside the backups
// (api/erasure/journal.ts), prints how many it re-applied, and records that in the log
// (ErasuresReapplied, domain/backup/restores.ts).
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { EventStore } from '../../domain/eventStore.js';
import { RESTORES_STREAM, restoreDecider } from '../../domain/backup/restores.js';
import { CommandBus } from '../commands/commandBus.js';
import { openEventStore, openReadModelStore } from '../stores.js';
import { openSqliteEventStore } from '../eventStore/sqlite.js';
import { exportedLine, importEvents, importEventsIntoSqliteFile, type ExportedEvent } from '../eventStore/transfer.js';
import type { KeptErasure, KeyStoreDump } from '../keys/keyStore.js';
import { keyStoreBackupFor } from '../keys/keyStoreBackup.js';
import { KeyStoreNotEmptyError } from '../keys/keyStoreBackupPort.js';
import { erasureJournalIn, readErasureJournal } from '../erasure/journal.js';
import { VAPID_FILE } from '../push/vapid.js';
import { BackupRefusedError, readArchive, writeArchive } from './archive.js';
import { checkOutboxAgainstRestoredLog } from './restoredOutbox.js';

type StoreConfig = Pick<Config, 'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb' | 'backupDir'> &
  Partial<Pick<Config, 'mongoKeysDb'>>;

/**
 * An archive's contents, as lines: this first, then one line per event (ExportedEvent, the data
 * as stored), then the Trailer. Written as the log is read (the archive is streamed: a
 * scheduled backup in the server never holds the whole log in memory).
 */
interface Opening {
  pizzakiosken_backup: 1;
  created_at: string;
}

/** The last line: what the archive holds, and the key store read after the events. */
interface Trailer {
  events: number;
  position: number;
  keys: KeyStoreDump;
  /** Small files of DATA_DIR that are no store but matter after a restore (SMALL_FILES), base64. */
  files: Record<string, string>;
}

/**
 * The web-push key pair (browsers' subscriptions are bound to it: a new pair orphans them all)
 * and the session secret (signed-in staff stay signed in), restored where the target lacks them.
 */
const SMALL_FILES = [VAPID_FILE, 'session-secret'];

const PAGE = 2000;
/** Read raw: no personal field opened (SealedEventStore.readAll opens only the types asked for). */
const NONE = new Set<string>();

/** Takes a backup of the configured stores into file (which must not exist). */
export async function takeBackup(
  config: StoreConfig,
  file: string,
  passphrase: string,
  now = new Date(),
): Promise<{ events: number; keys: number; position: number }> {
  if (!config.eventStoreUrl && !existsSync(join(config.dataDir, 'events.db')))
    throw new BackupRefusedError(`Nothing to back up: ${config.dataDir} holds no event store (events.db).`);
  // Through the seal only to have the key store's identity checked (a log whose keys are missing is refused).
  const events = await openEventStore(config);
  // The erasure journal beside the backups exists from the first backup on (empty until the first
  // erasure): a restore that finds none knows it is missing, not that nobody was erased.
  if (config.backupDir) {
    mkdirSync(config.backupDir, { recursive: true, mode: 0o700 });
    closeSync(openSync(erasureJournalIn(config.backupDir), 'a', 0o600));
  }
  const keyStore = await keyStoreBackupFor(config);
  let position = 0;
  let count = 0;
  let keyCount = 0;
  const contents = async function* () {
    const opening: Opening = { pizzakiosken_backup: 1, created_at: now.toISOString() };
    yield JSON.stringify(opening) + '\n';
    const head = await events.headPosition();
    while (position < head) {
      const page = await events.readAll(position, PAGE, NONE);
      if (page.length === 0) break;
      let chunk = '';
      for (const e of page) {
        if (e.position > head) break;
        chunk += JSON.stringify(exportedLine(e)) + '\n';
        count += 1;
        position = e.position;
      }
      yield chunk;
    }
    // After the events: every key they were sealed under is here, or was erased.
    const keys = await keyStore.dump();
    if (!keys) throw new BackupRefusedError(`${keyStore.where} holds no key store.`);
    keyCount = keys.keys.length;
    const trailer: Trailer = {
      events: count,
      position,
      keys,
      files: Object.fromEntries(
        SMALL_FILES.filter((name) => existsSync(join(config.dataDir, name))).map((name) => [
          name,
          readFileSync(join(config.dataDir, name)).toString('base64'),
        ]),
      ),
    };
    yield JSON.stringify(trailer) + '\n';
  };
  try {
    await writeArchive(file, passphrase, contents(), now);
  } finally {
    await events.close();
  }
  return { events: count, keys: keyCount, position };
}

export interface RestoreResult {
  events: number;
  keys: number;
  /** When the backup was taken. */
  createdAt: string;
  /** Erasures made after the backup, re-applied: those customers' keys were not restored. */
  reapplied: number;
  /** The ids of the keys left out (what the ErasuresReapplied event names). */
  reappliedKeyIds: string[];
  /** Where erasures made after the backup were looked for (none: they could not be known). */
  sources: string[];
  /**
   * With no source (--no-erasure-journal): the customer ids whose keys were put back without any
   * check against later erasures (ids only: a keyed hash, no name); empty otherwise.
   */
  unchecked: string[];
  /**
   * Work items that waited in the reactors' outboxes (kept reactors.db or MONGODB_KEYS_DB) for
   * events the restored log does not hold: dropped, never sent; per outbox.
   */
  dropped: Array<{ label: string; dropped: number }>;
}

export interface RestoreOptions {
  /** Erasure journals to read besides BACKUP_DIR's. */
  erasureFiles?: string[];
  /**
   * The operator says there is no erasure journal and no key store of this kiosk (npm run restore
   * -- --no-erasure-journal): the archive's keys are put back unchecked. Without it such a restore
   * is refused before anything is written (RestoreResult.unchecked names the keys it leaves).
   */
  noErasureJournal?: boolean;
  /** Who restores (the ErasuresReapplied event's actor): the operator's e-mail, or 'system'. */
  actor?: string;
  now?: () => Date;
}

/** Refuses a target event store that holds events: a restore needs an empty one. */
async function checkEmptyEventStore(config: StoreConfig): Promise<void> {
  if (config.eventStoreUrl) {
    const { openEventStoreDb } = await import('../eventStore/eventStoreDb.js');
    const existing = openEventStoreDb(config.eventStoreUrl);
    const head = await existing.headPosition().finally(() => existing.close());
    if (head > 0)
      throw new BackupRefusedError(
        `Refusing to restore: the EventStoreDB at EVENTSTORE_URL already holds events (through position ${head}). ` +
          'A restore needs an empty event store: stop the app, remove the event store\'s volumes and start it empty (deploy/README.md, "Restore drill"), and run this again.',
      );
    return;
  }
  const eventsPath = join(config.dataDir, 'events.db');
  if (!existsSync(eventsPath)) return;
  const existing = openSqliteEventStore(eventsPath);
  const head = await existing.headPosition().finally(() => existing.close());
  if (head > 0)
    throw new BackupRefusedError(
      `Refusing to restore: ${eventsPath} already holds events (through position ${head}). ` +
        'A restore needs an empty store: stop the kiosk, move DATA_DIR away (keep it until the restore is checked) or point DATA_DIR to a new folder, and run this again.',
    );
}

/** Appends the archive's events, as stored, into the configured (empty) event store. */
async function restoreEvents(config: StoreConfig, events: Iterable<ExportedEvent>) {
  // As stored: sealed records stay sealed under the restored keys, with the key store's identity.
  const options = { keepKeyStoreStream: true, seal: (store: EventStore) => store };
  if (!config.eventStoreUrl) return importEventsIntoSqliteFile(join(config.dataDir, 'events.db'), events, options);
  // EventStoreDB has no transaction across streams: cut off halfway, the events before stay, and
  // the next run is refused as not empty (the restore drill says to empty the store again).
  const { openEventStoreDb } = await import('../eventStore/eventStoreDb.js');
  const store = openEventStoreDb(config.eventStoreUrl);
  try {
    return await importEvents(store, events, options);
  } finally {
    await store.close();
  }
}

/**
 * Restores an archive into the configured stores, whose event log must be empty and whose key
 * store must be empty (or this very store: its keys are then replaced); records the re-applied
 * erasures in the log (ErasuresReapplied); then the read models are rebuilt by the caller
 * (scripts/restore.ts).
 */
export async function restoreBackup(
  config: StoreConfig,
  file: string,
  passphrase: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const erasureFiles = options.erasureFiles ?? [];
  const now = options.now ?? (() => new Date());
  // Nothing is written (not even DATA_DIR made) until every check below has passed.
  await checkEmptyEventStore(config);
  const { contents, createdAt } = await readArchive(file, passphrase);
  const text = contents.toString('utf8');
  const firstEnd = text.indexOf('\n');
  const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
  const opening = JSON.parse(text.slice(0, firstEnd)) as Opening;
  const trailer = JSON.parse(text.slice(lastStart)) as Trailer;
  if (opening.pizzakiosken_backup !== 1 || !trailer.keys)
    throw new BackupRefusedError(`${file}: not a backup's contents.`);
  const archived = trailer.keys;

  // What the live key store knows: refused when it is another store's and holds keys (a start on
  // empty stores makes a key store of its own, with no keys: that one is replaced).
  const keyStore = await keyStoreBackupFor(config);
  const live = await keyStore.dump();
  const sameStore = live !== null && live.secret === archived.secret;
  if (live && !sameStore && (live.keys.length > 0 || live.erasures.length > 0))
    throw new BackupRefusedError(
      `Refusing to restore: ${keyStore.where} is another key store, holding ${live.keys.length} keys that are not this backup's. ` +
        (config.mongoUrl
          ? 'Restore into an empty key store (drop its database MONGODB_KEYS_DB first, or name a new one).'
          : 'Restore into an empty DATA_DIR (move this one away first).'),
    );
  const journal = config.backupDir ? erasureJournalIn(config.backupDir) : null;
  const sources = [
    ...(sameStore ? [keyStore.where] : []),
    ...(journal && existsSync(journal) ? [journal] : []),
    ...erasureFiles,
  ];
  const known: KeptErasure[] = [
    ...(sameStore ? live.erasures : []),
    ...(journal ? readErasureJournal(journal) : []),
    ...erasureFiles.flatMap((f) => {
      if (!existsSync(f)) throw new BackupRefusedError(`${f}: no such erasure journal.`);
      return readErasureJournal(f);
    }),
  ];
  // No journal and no key store of this kiosk: whoever was erased after the backup cannot be
  // known, and a restore would bring them back readable. Refused before anything is written,
  // unless the operator says on the command line there is none to be had (issue 44, item 8).
  const unchecked = sources.length === 0 ? [...new Set(archived.keys.map((k) => k.customer ?? k.key_id))] : [];
  if (sources.length === 0 && !options.noErasureJournal)
    throw new BackupRefusedError(
      `Refusing to restore: no erasure journal (${journal ?? 'BACKUP_DIR is not set'}; none named with --erasures FILE) ` +
        `and no key store of this kiosk (${keyStore.where}) were found, so customers erased after this backup cannot be erased again. ` +
        `It would put back ${unchecked.length} customers' keys unchecked: ${unchecked.join(', ') || '(none)'}. ` +
        'Run it with BACKUP_DIR set as the kiosk had it, or name the journal with --erasures FILE; only if there is none, ' +
        'run it again with --no-erasure-journal. Nothing was written.',
    );
  const erased = new Map(known.map((e) => [`${e.customer} ${e.serial}`, e]));
  // A key of the same store that is gone from it was erased (keys go no other way), also one
  // erased before the store kept an erasure record.
  const liveKeys = new Set(sameStore ? live.keys.map((k) => `${k.key_id} ${k.serial}`) : []);
  const stays = (k: KeyStoreDump['keys'][number]) =>
    !erased.has(`${k.customer ?? k.key_id} ${k.serial}`) && (!sameStore || liveKeys.has(`${k.key_id} ${k.serial}`));
  const keys = archived.keys.filter(stays);
  const reapplied = archived.keys.filter((k) => !stays(k));
  const erasures = [
    ...archived.erasures,
    ...reapplied.map(
      (k) =>
        erased.get(`${k.customer ?? k.key_id} ${k.serial}`) ?? {
          customer: k.customer ?? k.key_id,
          serial: k.serial,
          erased_at: now().toISOString(),
        },
    ),
  ];

  // The keys first: should the events fail, the log stays empty and the restore can run again.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    await keyStore.write({ secret: archived.secret, keys, erasures });
  } catch (error) {
    if (error instanceof KeyStoreNotEmptyError) throw new BackupRefusedError(error.message);
    throw error;
  }

  // The reactors' outboxes may have survived (reactors.db, MONGODB_KEYS_DB): what waits there for
  // an event the restored log does not hold is dropped, never sent (api/backup/restoredOutbox.ts).
  const docs = await openReadModelStore(config);
  let dropped: RestoreResult['dropped'];
  let done: { events: number };
  try {
    const outbox = await checkOutboxAgainstRestoredLog(docs);
    const events = function* () {
      let start = firstEnd + 1;
      while (start < lastStart) {
        const end = text.indexOf('\n', start);
        const line = text.slice(start, end);
        start = end + 1;
        if (line === '') continue;
        const event = JSON.parse(line) as ExportedEvent;
        outbox.saw(event.id);
        yield event;
      }
    };
    done = await restoreEvents(config, events());
    dropped = await outbox.dropUnseen();
  } finally {
    await docs.close();
  }
  for (const [name, content] of Object.entries(trailer.files)) {
    const path = join(config.dataDir, name);
    if (SMALL_FILES.includes(name) && !existsSync(path))
      writeFileSync(path, Buffer.from(content, 'base64'), { mode: 0o600 });
  }

  // The history shows the restore and what it erased again (rule: backup-restore): key ids only.
  const restored = await openEventStore(config);
  try {
    await new CommandBus(restored).handle(
      RESTORES_STREAM,
      restoreDecider,
      {
        type: 'RecordErasuresReapplied',
        restore_id: randomUUID(),
        backup_created_at: createdAt,
        backup_position: trailer.position,
        events_restored: done.events,
        key_ids: reapplied.map((k) => k.key_id),
        now: now(),
      },
      { actor: options.actor ?? 'system', now: now() },
    );
  } finally {
    await restored.close();
  }
  return {
    events: done.events,
    keys: keys.length,
    createdAt,
    reapplied: reapplied.length,
    reappliedKeyIds: reapplied.map((k) => k.key_id),
    sources,
    unchecked,
    dropped,
  };
}
