// The key store as a backup sees it (rule: erasure, rule: backup-restore): read whole, and written
// whole into an empty store, for both implementations (DATA_DIR/keys.db here, MongoDB's
// customer_keys in api/keys/mongoKeyStoreBackup.ts), so that backup and restore (api/backup) are
// one piece of code for the embedded default and production. Run a restore's write with the
// kiosk stopped: a running process keeps the secret it read at start.
import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { dumpSqliteKeyStore, writeSqliteKeyStore, type KeyStoreDump } from './keyStore.js';

export interface KeyStoreBackup {
  /** Where the store lives, for the operator's messages. */
  readonly where: string;
  /** Every key (by generation), the secret and the erasure record; null when there is no store yet. */
  dump(): Promise<KeyStoreDump | null>;
  /**
   * Makes the store hold exactly `dump`, all or nothing. Refused (KeyStoreNotEmptyError) when the
   * store holds keys or erasures and is another one (another secret): only an empty store, or this
   * very store being restored over, is written.
   */
  write(dump: KeyStoreDump): Promise<void>;
}

export class KeyStoreNotEmptyError extends Error {
  override name = 'KeyStoreNotEmptyError';
}

/** Refuses to write over a key store that holds keys or erasures of another store. */
export function checkWritable(existing: KeyStoreDump | null, dump: KeyStoreDump, where: string): void {
  if (!existing || existing.secret === dump.secret) return;
  if (existing.keys.length > 0 || existing.erasures.length > 0)
    throw new KeyStoreNotEmptyError(
      `Refusing to restore: ${where} is another key store, holding ${existing.keys.length} keys and ` +
        `${existing.erasures.length} erasures that are not this backup's. Restore into an empty key store.`,
    );
}

/** DATA_DIR/keys.db: read in one read transaction; written into a new file put in place by a rename. */
export function sqliteKeyStoreBackup(file: string): KeyStoreBackup {
  const where = `the file ${file} (DATA_DIR/keys.db)`;
  return {
    where,
    async dump() {
      return existsSync(file) ? dumpSqliteKeyStore(file) : null;
    },
    async write(dump) {
      checkWritable(await this.dump(), dump, where);
      const temp = `${file}.restoring`;
      for (const suffix of ['', '-journal']) rmSync(temp + suffix, { force: true });
      closeSync(openSync(temp, 'a', 0o600));
      writeSqliteKeyStore(temp, dump);
      // The old store's WAL must not be replayed into the new file.
      for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
      renameSync(temp, file);
    },
  };
}

type StoreConfig = Pick<Config, 'dataDir' | 'mongoUrl' | 'mongoDb'> & Partial<Pick<Config, 'mongoKeysDb'>>;

/** The configured key store (as api/stores.ts openKeyStore opens it), for a backup or a restore. */
export async function keyStoreBackupFor(config: StoreConfig): Promise<KeyStoreBackup> {
  if (config.mongoUrl)
    return (await import('./mongoKeyStoreBackup.js')).mongoKeyStoreBackup(
      config.mongoUrl,
      config.mongoKeysDb ?? `${config.mongoDb}_keys`,
    );
  return sqliteKeyStoreBackup(join(config.dataDir, 'keys.db'));
}
