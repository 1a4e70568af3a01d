// The read-model writer thread (read-models/sqlite/writer.ts starts it): a connection of its own
// to the store's file that applies each commit it is sent in one transaction, in the order they
// arrive, and answers with the commit's number and the error if it failed.
//
// Loaded by the worker as a file, with no module loader of ours: under tsx and Vitest as this
// TypeScript file (Node 24 strips its types itself), from dist/ as the compiled JavaScript. So it
// imports packages and `import type` only, never a module of ours by its .js name.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { WriterCommit, WriterSetup } from './writer.js';

const setup = workerData as WriterSetup;
const db = new Database(setup.file);
for (const pragma of setup.pragmas) db.pragma(pragma);

interface Statements {
  put: Database.Statement<[string, string | null, number | null, number | null]>;
  del: Database.Statement<[string]>;
}
const statements = new Map<string, Statements>();
const of = (table: string): Statements => {
  let s = statements.get(table);
  if (!s)
    statements.set(
      table,
      (s = {
        put: db.prepare(setup.sql.put.replaceAll('{table}', table)),
        del: db.prepare(setup.sql.del.replaceAll('{table}', table)),
      }),
    );
  return s;
};
const checkpoint = db.prepare<[string, number]>(setup.sql.checkpoint);

const commit = db.transaction((c: WriterCommit) => {
  const targets = c.tables.map(of);
  for (let i = 0; i < c.ops.length; i++) {
    const t = targets[c.table[i]];
    if (c.ops[i] === 0) t.put.run(c.ids[i], c.docs[i], c.pos[i], c.pos[i]);
    else t.del.run(c.ids[i]);
  }
  for (const [projection, position] of c.checkpoints) checkpoint.run(projection, position);
});

const port = parentPort!;
port.on('message', (c: WriterCommit | 'close') => {
  if (c === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    commit(c);
    port.postMessage({ n: c.n });
  } catch (error) {
    port.postMessage({ n: c.n, error: String((error as Error)?.message ?? error) });
  }
});
