// The key store as a backup sees it (rule: erasure, rule: backup-restore; the port is
// ./keyStoreBackupPort.ts): read whole, and written whole into an empty store, for both
// implementations (DATA_DIR/keys.db here, MongoDB's customer_keys in api/keys/mongoKeyStoreBackup.ts),
// so that backup and restore (api/backup) are one piece of code for the embedded default and
// production. Run a restore's write with the kiosk stopped: a running process keeps the secret it
// read at start.
import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { dumpSqliteKeyStore, writeSqliteKeyStore } from './keyStore.js';
import { checkWritable, type KeyStoreBackup } from './keyStoreBackupPort.js';

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
