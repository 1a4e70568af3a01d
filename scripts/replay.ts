// npm run replay -- --until <ISO time> [--out DIR]
// Rebuilds every read model as it stood at that moment into a SQLite read-model store of its own
// (DIR/read-models.db, a fresh temp dir by default) from the configured event store, prints the
// booking figures of that moment and checks the result against the events. The live read models
// are never touched.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openEventStore } from '../api/stores.js';
import { openSqliteDocumentStore } from '../read-models/sqliteDocumentStore.js';
import { statsOverview } from '../read-models/queries/stats.js';
import { checkLines, rebuildReadModels } from '../projections/rebuild.js';
import { UsageError, config, run, say } from './cli.js';

await run(async (cleanup) => {
  const { values } = parseArgs({ options: { until: { type: 'string' }, out: { type: 'string' } } });
  const until = new Date(values.until ?? '');
  if (!values.until || Number.isNaN(until.getTime()))
    throw new UsageError('usage: npm run replay -- --until <ISO time, e.g. 2026-11-24T18:00:00+01:00> [--out DIR]');
  const c = config();
  const out = values.out ? resolve(values.out) : mkdtempSync(join(tmpdir(), 'pizzakiosken-replay-'));
  if (!c.mongoUrl && out === c.dataDir)
    throw new UsageError(`--out ${out} is the live DATA_DIR: choose another directory.`);
  mkdirSync(out, { recursive: true });

  const events = await openEventStore(c, { wholeLog: true });
  cleanup.push(() => events.close());
  const docs = openSqliteDocumentStore(join(out, 'read-models.db'));
  cleanup.push(() => docs.close());

  const result = await rebuildReadModels(events, docs, { until, progress: say });
  const { overview, revenue } = await statsOverview(docs, { now: until, timeZone: c.timeZone });
  say(
    `read models as of ${until.toISOString()}: ${result.events} events (through position ${result.position}) in ${join(out, 'read-models.db')}`,
  );
  say(`pending: ${overview.pending_bookings}`);
  say(`confirmed: ${overview.confirmed_bookings}`);
  say(`cancelled: ${overview.cancelled_bookings}`);
  say(`pizzas: ${overview.total_pizzas}`);
  say(`revenue: ${revenue.total_revenue.toFixed(2)} kr`);
  checkLines(result).forEach(say);
  return result.ok;
});
