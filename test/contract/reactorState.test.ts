// The reactors' state contract (reactorState.contract.ts) on the embedded stores: the read models
// in read-models.db (a new file for each "upgrade"), the reactors' state in reactors.db. The
// MongoDB run is in mongoDocumentStore.test.ts (the keys database beside the read models').
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { reactorStateContract } from './reactorState.contract.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

reactorStateContract('SQLite (read-models.db, reactors.db)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-reactor-state-'));
  dirs.push(dir);
  let generation = 0;
  return {
    readModels: async () => openSqliteDocumentStore(join(dir, `read-models-${++generation}.db`)),
    reactorState: async () => openSqliteDocumentStore(join(dir, 'reactors.db')),
  };
});
