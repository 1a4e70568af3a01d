// npm run events:export -- FILE
// Writes every event of the configured event store to FILE as NDJSON (global order), then checks
// the live read models against the exported events. A server that writes meanwhile makes that
// check differ; the export itself is still complete up to the position it names.
import { resolve } from 'node:path';
import { exportEvents } from '../api/eventStore/transfer.js';
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { checkLines, verifyReadModels } from '../projections/rebuild.js';
import { UsageError, config, run, say } from './cli.js';

await run(async (cleanup) => {
  const file = process.argv[2];
  if (!file) throw new UsageError('usage: npm run events:export -- FILE');
  const c = config();
  const events = await openEventStore(c);
  cleanup.push(() => events.close());
  const result = await exportEvents(events, resolve(file), { progress: (n) => say(`progress: ${n} events exported`) });
  say(`exported ${result.events} events (through position ${result.position}) to ${resolve(file)}`);
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
