// npm run restore -- FILE [--erasures JOURNAL ...] [--by EMAIL]
// Restores an archive made by npm run backup into the configured stores (DATA_DIR, or
// EVENTSTORE_URL and MONGODB_URL/MONGODB_KEYS_DB), whose event log must be empty; re-applies the
// erasures made after the backup that the live key store or an erasure journal
// (BACKUP_DIR/erasures.ndjson, and each --erasures file) knows, and records that in the log
// (ErasuresReapplied, by --by or 'system'); then rebuilds the read models from the restored log
// and checks them. Run it with the kiosk stopped.
import { resolve } from 'node:path';
import { restoreBackup } from '../api/backup/backup.js';
import { checkPassphrase } from '../api/backup/archive.js';
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { UsageError, config, rebuildAfterImport, run, say } from './cli.js';

const USAGE = 'usage: npm run restore -- FILE [--erasures JOURNAL ...] [--by EMAIL]   (with BACKUP_PASSPHRASE set)';

await run(async (cleanup) => {
  const args = process.argv.slice(2);
  const erasureFiles: string[] = [];
  let file: string | undefined;
  let actor: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--erasures' && args[i + 1]) erasureFiles.push(resolve(args[++i]));
    else if (args[i] === '--by' && args[i + 1] && !actor) actor = args[++i];
    else if (!file && !args[i].startsWith('--')) file = args[i];
    else throw new UsageError(USAGE);
  }
  if (!file) throw new UsageError(USAGE);
  const c = config();
  const passphrase = checkPassphrase(c.backupPassphrase);
  const restored = await restoreBackup(c, resolve(file), passphrase, { erasureFiles, actor });
  say(`restored ${restored.events} events and ${restored.keys} keys from the backup of ${restored.createdAt}`);
  say(`re-applied ${restored.reapplied} erasures made after the backup (recorded in the log as ErasuresReapplied)`);
  if (restored.sources.length > 0) say(`erasures looked for in: ${restored.sources.join(', ')}`);
  else
    console.error(
      'WARNING: no erasure journal (BACKUP_DIR/erasures.ndjson, --erasures FILE) and no key store of this kiosk were found: ' +
        'customers erased after this backup are NOT erased again. Run the restore again (into empty stores) with BACKUP_DIR set as the kiosk had it, or name the journal with --erasures.',
    );
  const events = await openEventStore(c);
  cleanup.push(() => events.close());
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  return rebuildAfterImport(events, docs);
});
