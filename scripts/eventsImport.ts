// npm run events:import -- FILE
// Loads an exported NDJSON file into the configured event store, which must be empty, keeping
// ids and order; then rebuilds the read models from it and checks them against the events.
import { resolve } from 'node:path';
import { importEvents, importEventsIntoSqliteFile } from '../api/eventStore/transfer.js';
import { eventsFile, openEventStore, openKeyStore, openReadModelStore } from '../api/stores.js';
import { sealedEventStore } from '../api/eventStore/sealed.js';
import type { EventStore } from '../domain/eventStore.js';
import { UsageError, config, rebuildAfterImport, run, say } from './cli.js';

await run(async (cleanup) => {
  const file = process.argv[2];
  if (!file) throw new UsageError('usage: npm run events:import -- FILE');
  const c = config();
  const progress = (n: number) => say(`progress: ${n} events imported`);
  // The embedded store takes the whole file or nothing (a new file put in place at the end);
  // EventStoreDB has no transaction over many streams: a failed import there must be cleared by hand.
  // Events exported in plain text (from before sealing, or as the export writes them) are sealed
  // as they go in, each customer under their key in this DATA_DIR's key store (rule: erasure);
  // into EventStoreDB they go through openEventStore's seal below.
  const intoFile = async () => {
    const keys = await openKeyStore(c);
    const seal = (store: EventStore) => sealedEventStore(store, keys, false);
    return importEventsIntoSqliteFile(eventsFile(c), resolve(file), { progress, seal }).finally(() => keys.close());
  };
  const imported = c.eventStoreUrl ? null : await intoFile();
  const events = await openEventStore(c);
  cleanup.push(() => events.close());
  const done = imported ?? (await importEvents(events, resolve(file), { progress }));
  say(`imported ${done.events} events (through position ${done.position})`);
  const docs = await openReadModelStore(c);
  cleanup.push(() => docs.close());
  return rebuildAfterImport(events, docs);
});
