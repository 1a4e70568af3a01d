// npm run events:export -- FILE
// Writes every event of the configured event store to FILE as NDJSON (global order), then checks
// the live read models against the exported events. A server that writes meanwhile makes that
// check differ; the export itself is still complete up to the position it names. The file holds
// the personal data of customers not erased in plain text (for auditors): it is written 0600, and
// a note on standard error says so (a line in the file would not be an event for the import).
import { resolve } from 'node:path';
import { exportEvents } from '../api/eventStore/transfer.js';
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { checkLines, verifyReadModels } from '../projections/rebuild.js';
import { UsageError, config, run, say } from './cli.js';

await run(async (cleanup) => {
  const file = process.argv[2];
  if (!file) throw new UsageError('usage: npm run events:export -- FILE');
  const c = config();
  const events = await openEventStore(c, { wholeLog: true });
  cleanup.push(() => events.close());
  const result = await exportEvents(events, resolve(file), { progress: (n) => say(`progress: ${n} events exported`) });
  say(`exported ${result.events} events (through position ${result.position}) to ${resolve(file)}`);
  // On standard error, so that it is seen also when the output is kept as a log.
  console.error(
    `NOTE: ${resolve(file)} holds customers' personal data (names, e-mails, phones) in plain text. ` +
      'It is readable by you only (mode 0600): keep it as safely as the data, and delete it once it has served. ' +
      'For backups use npm run backup (encrypted; erasures stay erased).',
  );
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  const checks = await verifyReadModels(events, docs, result.position);
  const ok = checks.every((check) => check.ok);
  checkLines({ checks, ok }).forEach(say);
  if (!ok)
    say(
      '(live read models: a server writing meanwhile, or read models behind the log, also differ; stop it and run projections:rebuild to be sure)',
    );
  return ok;
});
