// npm run restore -- FILE [--erasures JOURNAL ...] [--no-erasure-journal] [--by EMAIL]
// Restores an archive made by npm run backup into the configured stores (DATA_DIR, or
// EVENTSTORE_URL and MONGODB_URL/MONGODB_KEYS_DB), whose event log must be empty; re-applies the
// erasures made after the backup that the live key store or an erasure journal
// (BACKUP_DIR/erasures.ndjson, and each --erasures file) knows, and records that in the log
// (ErasuresReapplied, by --by or 'system'); then rebuilds the read models from the restored log
// and checks them. Run it with the kiosk stopped. With no journal and no key store of this kiosk
// found, it refuses before writing anything, unless --no-erasure-journal says there is none: it
// then prints how many customers' keys, and which ids, it put back unchecked.
import { resolve } from 'node:path';
import { restoreBackup } from '../api/backup/backup.js';
import { checkPassphrase } from '../api/backup/archive.js';
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { UsageError, config, rebuildAfterImport, run, say } from './cli.js';

const USAGE =
  'usage: npm run restore -- FILE [--erasures JOURNAL ...] [--no-erasure-journal] [--by EMAIL]   (with BACKUP_PASSPHRASE set)';

await run(async (cleanup) => {
  const args = process.argv.slice(2);
  const erasureFiles: string[] = [];
  let file: string | undefined;
  let actor: string | undefined;
  let noErasureJournal = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--erasures' && args[i + 1]) erasureFiles.push(resolve(args[++i]));
    else if (args[i] === '--by' && args[i + 1] && !actor) actor = args[++i];
    else if (args[i] === '--no-erasure-journal') noErasureJournal = true;
    else if (!file && !args[i].startsWith('--')) file = args[i];
    else throw new UsageError(USAGE);
  }
  if (!file) throw new UsageError(USAGE);
  const c = config();
  const passphrase = checkPassphrase(c.backupPassphrase);
  const restored = await restoreBackup(c, resolve(file), passphrase, { erasureFiles, actor, noErasureJournal });
  say(`restored ${restored.events} events and ${restored.keys} keys from the backup of ${restored.createdAt}`);
  say(`re-applied ${restored.reapplied} erasures made after the backup (recorded in the log as ErasuresReapplied)`);
  const dropped = restored.dropped.filter((d) => d.dropped > 0);
  if (dropped.length > 0)
    say(
      `dropped ${dropped.map((d) => `${d.dropped} ${d.label}`).join(', ')} waiting in the outbox for events the restored log does not hold (never sent)`,
    );
  if (restored.sources.length > 0) say(`erasures looked for in: ${restored.sources.join(', ')}`);
  else
    console.error(
      `WARNING: restored without an erasure journal or a key store of this kiosk (--no-erasure-journal): ` +
        `${restored.unchecked.length} customers' keys put back unchecked, so any of them erased after this backup is readable again: ` +
        `${restored.unchecked.join(', ') || '(none)'}. Erase again those erased since the backup.`,
    );
  const events = await openEventStore(c);
  cleanup.push(() => events.close());
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  return rebuildAfterImport(events, docs);
});
