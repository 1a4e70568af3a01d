// The key store's backup contract on the embedded key store, DATA_DIR/keys.db (real files).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { sqliteKeyStoreBackup } from '../../api/keys/keyStoreBackup.js';
import { keyStoreBackupContract } from './keyStoreBackup.contract.js';

const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-keystore-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

keyStoreBackupContract('SQLite (keys.db)', async () => {
  const file = join(mkdtempSync(join(scratch, 'store-')), 'keys.db');
  return { backup: sqliteKeyStoreBackup(file), open: async () => openSqliteKeyStore(file) };
});
