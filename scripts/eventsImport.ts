// npm run events:import -- FILE
// Loads an exported NDJSON file into the configured event store, which must be empty, keeping
// ids and order; then rebuilds the read models from it and checks them against the events.
import { resolve } from 'node:path';
import { importEvents } from '../api/eventStore/transfer.js';
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { checkLines, rebuildReadModels } from '../projections/rebuild.js';
import { UsageError, config, run, say } from './cli.js';

await run(async (cleanup) => {
  const file = process.argv[2];
  if (!file) throw new UsageError('usage: npm run events:import -- FILE');
  const c = config();
  const events = await openEventStore(c);
  cleanup.push(() => events.close());
  const imported = await importEvents(events, resolve(file), { progress: (n) => say(`progress: ${n} events imported`) });
  say(`imported ${imported.events} events (through position ${imported.position})`);
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  const result = await rebuildReadModels(events, docs, { progress: say });
  say(`rebuilt every read model: ${result.events} events`);
  checkLines(result).forEach(say);
  return result.ok;
});
