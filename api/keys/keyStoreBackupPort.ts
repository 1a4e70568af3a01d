// The key store as a backup sees it (rule: erasure, rule: backup-restore), the port both
// implementations fill: DATA_DIR/keys.db (api/keys/keyStoreBackup.ts) and MongoDB's customer_keys
// (api/keys/mongoKeyStoreBackup.ts). A module of its own so that each implementation imports it
// and neither imports the other (keyStoreBackup.ts loads the MongoDB one only when configured).
import type { KeyStoreDump } from './keyStore.js';

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
