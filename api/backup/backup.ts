// Backups of the embedded store (npm run backup / npm run restore, and the scheduled backups of
// api/backup/schedule.ts): one encrypted archive (api/backup/archive.ts) of the event log as
// stored (personal fields sealed under the customers' keys), the key store (its secret, every
// key, and its erasure record), the web-push key pair and the session secret, and nothing
// rebuildable: the read models are rebuilt on restore. Not in it: the mail outbox's files and
// the mail log (a restore starts the mail reactor at the head, as an import does).
//
// Consistent: the log is read up to the head it had when the backup began, then the key store,
// after the events, in one read transaction of its own. A key is written before any event sealed under it, so every event of the archive
// finds its key there, unless an erasure destroyed it, which is then what the archive says.
//
// Erasures stay erased (rule: erasure): a restore puts back the keys of the archive except those
// erased after it was taken, as known from the live key store (its erasure record, or a key it no
// longer has) and the erasure journal beside the backups (api/erasure/journal.ts), and prints how
// many it re-applied.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { EventStore } from '../../domain/eventStore.js';
import { openEventStore } from '../stores.js';
import { openSqliteEventStore } from '../eventStore/sqlite.js';
import { exportedLine, importEventsIntoSqliteFile, type ExportedEvent } from '../eventStore/transfer.js';
import { dumpSqliteKeyStore, writeSqliteKeyStore, type KeptErasure, type KeyStoreDump } from '../keys/keyStore.js';
import { erasureJournalIn, readErasureJournal } from '../erasure/journal.js';
import { VAPID_FILE } from '../push/vapid.js';
import { BackupRefusedError, readArchive, writeArchive } from './archive.js';

type StoreConfig = Pick<Config, 'dataDir' | 'eventStoreUrl' | 'mongoUrl' | 'mongoDb' | 'backupDir'>;

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

function embeddedOnly(config: StoreConfig, what: string) {
  if (config.eventStoreUrl || config.mongoUrl)
    throw new BackupRefusedError(
      `npm run ${what} covers the embedded store (DATA_DIR). With EVENTSTORE_URL or MONGODB_URL set, ` +
        'back up and restore as deploy/README.md describes ("Backup and restore", "Personal data").',
    );
}

/** Takes a backup of the configured embedded store into file (which must not exist). */
export async function takeBackup(
  config: StoreConfig,
  file: string,
  passphrase: string,
  now = new Date(),
): Promise<{ events: number; keys: number; position: number }> {
  embeddedOnly(config, 'backup');
  if (!existsSync(join(config.dataDir, 'events.db')))
    throw new BackupRefusedError(`Nothing to back up: ${config.dataDir} holds no event store (events.db).`);
  // Through the seal only to have the key store's identity checked (a log whose keys are missing is refused).
  const events = await openEventStore(config);
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
    const keys = dumpSqliteKeyStore(join(config.dataDir, 'keys.db'));
    if (!keys) throw new BackupRefusedError(`${join(config.dataDir, 'keys.db')} holds no key store.`);
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
  /** Where erasures made after the backup were looked for (none: they could not be known). */
  sources: string[];
}

/**
 * Restores an archive into the configured embedded store, whose event log must be empty; then
 * the read models are rebuilt by the caller (scripts/restore.ts). `erasureFiles`: erasure
 * journals to read besides BACKUP_DIR's.
 */
export async function restoreBackup(
  config: StoreConfig,
  file: string,
  passphrase: string,
  erasureFiles: string[] = [],
): Promise<RestoreResult> {
  embeddedOnly(config, 'restore');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const eventsPath = join(config.dataDir, 'events.db');
  const keysPath = join(config.dataDir, 'keys.db');
  if (existsSync(eventsPath)) {
    const existing = openSqliteEventStore(eventsPath);
    const head = await existing.headPosition().finally(() => existing.close());
    if (head > 0)
      throw new BackupRefusedError(
        `Refusing to restore: ${eventsPath} already holds events (through position ${head}). ` +
          'A restore needs an empty store: stop the kiosk, move DATA_DIR away (keep it until the restore is checked) or point DATA_DIR to a new folder, and run this again.',
      );
  }
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
  // an empty DATA_DIR makes a key store of its own, with no keys: that one is replaced).
  const live = existsSync(keysPath) ? dumpSqliteKeyStore(keysPath) : null;
  const sameStore = live !== null && live.secret === archived.secret;
  if (live && !sameStore && live.keys.length > 0)
    throw new BackupRefusedError(
      `Refusing to restore: ${keysPath} is another key store, holding ${live.keys.length} keys that are not this backup's. ` +
        'Restore into an empty DATA_DIR (move this one away first).',
    );
  const journal = config.backupDir ? erasureJournalIn(config.backupDir) : null;
  const sources = [
    ...(sameStore ? [keysPath] : []),
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
          erased_at: new Date().toISOString(),
        },
    ),
  ];

  // The keys first: should the events fail, the log stays empty and the restore can run again.
  const keysTemp = `${keysPath}.restoring`;
  for (const suffix of ['', '-journal']) rmSync(keysTemp + suffix, { force: true });
  closeSync(openSync(keysTemp, 'a', 0o600));
  writeSqliteKeyStore(keysTemp, { secret: archived.secret, keys, erasures });
  for (const suffix of ['-wal', '-shm']) rmSync(keysPath + suffix, { force: true });
  renameSync(keysTemp, keysPath);

  const events = function* () {
    let start = firstEnd + 1;
    while (start < lastStart) {
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end);
      start = end + 1;
      if (line !== '') yield JSON.parse(line) as ExportedEvent;
    }
  };
  // As stored: sealed records stay sealed under the restored keys, with the key store's identity.
  const done = await importEventsIntoSqliteFile(eventsPath, events(), {
    keepKeyStoreStream: true,
    seal: (store: EventStore) => store,
  });
  for (const [name, content] of Object.entries(trailer.files)) {
    const path = join(config.dataDir, name);
    if (SMALL_FILES.includes(name) && !existsSync(path))
      writeFileSync(path, Buffer.from(content, 'base64'), { mode: 0o600 });
  }
  return { events: done.events, keys: keys.length, createdAt, reapplied: reapplied.length, sources };
}
