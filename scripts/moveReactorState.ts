// node dist/scripts/moveReactorState.js (npx tsx scripts/moveReactorState.ts before a build)
// Moves the reactors' state (outbox and mail log, push and SMS items, their checkpoints and the
// per-item claims) that a release before it kept in the read models' store (MONGODB_DB, or
// DATA_DIR/read-models.db) into its own store (MONGODB_KEYS_DB, or DATA_DIR/reactors.db), as the
// first start of a server does (read-models/reactorStateStore.ts moveReactorState): claims in
// flight in a process of the older release are waited for, up to their term, and carried over.
// For the upgrade that builds the read models in a new MONGODB_DB (deploy/README.md, "Upgrade"):
// run it once on the old MONGODB_DB with the old worker stopped, before switching databases.
import { openReadModelStore } from '../api/stores.js';
import { reactorStateNames } from '../api/reactorState.js';
import { config, run, say } from './cli.js';

await run(async (cleanup) => {
  const docs = await openReadModelStore(config());
  cleanup.push(() => docs.close());
  const names = reactorStateNames();
  for (const collection of names.collections) say(`${collection}: ${await docs.count(collection)} documents`);
  for (const checkpoint of names.checkpoints) say(`${checkpoint}: checkpoint ${await docs.getCheckpoint(checkpoint)}`);
  say(`claims: ${(await docs.leasesIn(names.claimScopes)).length}`);
  return true;
});
