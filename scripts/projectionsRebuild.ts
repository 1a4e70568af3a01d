// npm run projections:rebuild
// Clears and rebuilds every live read model from the configured event store, then checks them
// against the events. Run it with the API processes stopped (or build new versioned collections
// beside the old ones, deploy/README.md): a running server keeps applying events from where its
// own checkpoints are and does not know the collections were cleared.
import { openEventStore, openReadModelStore } from '../api/stores.js';
import { checkLines, rebuildReadModels } from '../projections/rebuild.js';
import { alignReactors } from '../api/reactors/align.js';
import { config, run, say } from './cli.js';

await run(async (cleanup) => {
  const c = config();
  const events = await openEventStore(c, { wholeLog: true });
  cleanup.push(() => events.close());
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  const result = await rebuildReadModels(events, docs, { progress: say });
  await alignReactors(events, docs, 'rebuilt');
  say(`rebuilt every read model: ${result.events} events (through position ${result.position})`);
  checkLines(result).forEach(say);
  return result.ok;
});
