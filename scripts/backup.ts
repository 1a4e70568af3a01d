// npm run backup -- FILE
// Writes one encrypted archive of the configured stores (DATA_DIR, or EventStoreDB and the MongoDB
// key store in production): the event log as stored, the customers' keys and the erasure record
// (api/backup/backup.ts), to FILE (mode 0600), under BACKUP_PASSPHRASE. Safe while
// the kiosk runs: the archive is consistent as of the log's head when it started.
import { resolve } from 'node:path';
import { takeBackup } from '../api/backup/backup.js';
import { checkPassphrase } from '../api/backup/archive.js';
import { UsageError, config, run, say } from './cli.js';

await run(async () => {
  const file = process.argv[2];
  if (!file) throw new UsageError('usage: npm run backup -- FILE   (with BACKUP_PASSPHRASE set)');
  const passphrase = checkPassphrase(config().backupPassphrase);
  const done = await takeBackup(config(), resolve(file), passphrase);
  say(`backed up ${done.events} events (through position ${done.position}) and ${done.keys} keys to ${resolve(file)}`);
  say(
    'encrypted under BACKUP_PASSPHRASE: keep the passphrase apart from the file; without it the backup cannot be read',
  );
  return true;
});
