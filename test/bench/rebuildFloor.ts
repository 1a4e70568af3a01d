// The least work a rebuild of a kept log cannot avoid, per event, each step measured alone on one
// thread over the log and the read models a rebuild made of it (BENCH_ONLY=rebuild): reading the
// event rows, parsing their JSON, looking up the customers' keys a page at a time, opening each
// sealed record (AES-256-GCM, a call of Node's decipher each), writing the documents as JSON and
// inserting them. Their sum is CPU time a rebuild spends whatever its design, and divided over the
// machine's cores it bounds the events/s any rebuild here can reach: a planning figure for the
// rebuild aims, printed beside the measured rates.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';

export interface FloorStep {
  step: string;
  microsPerEvent: number;
}

/** Per event, what each unavoidable step costs on this machine, over the log in dataDir. */
export async function rebuildFloor(dataDir: string): Promise<{ events: number; steps: FloorStep[] }> {
  const events = new Database(join(dataDir, 'events.db'), { readonly: true });
  // The key store itself, as the sealed store asks it: a query a page.
  const keys = openSqliteKeyStore(join(dataDir, 'keys.db'));
  const docs = new Database(join(dataDir, 'read-models.db'), { readonly: true });
  try {
    const steps: FloorStep[] = [];
    const page = events.prepare<[number], { position: number; data: string; metadata: string }>(
      'SELECT position, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT 2000',
    );
    const reading = performance.now();
    const pages: Array<Array<{ position: number; data: string; metadata: string }>> = [];
    for (let after = 0; ;) {
      const rows = page.all(after);
      if (rows.length === 0) break;
      pages.push(rows);
      after = rows[rows.length - 1].position;
    }
    const n = Math.max(
      1,
      pages.reduce((sum, rows) => sum + rows.length, 0),
    );
    steps.push({
      step: 'read the event rows (pages of 2,000)',
      microsPerEvent: ((performance.now() - reading) * 1000) / n,
    });
    const timed = <T>(step: string, work: () => T): T => {
      const started = performance.now();
      const result = work();
      steps.push({ step, microsPerEvent: ((performance.now() - started) * 1000) / n });
      return result;
    };

    type Sealed = { key: string; iv: string; data: string };
    const parsed = timed('parse their JSON (data and metadata)', () =>
      pages.map((rows) =>
        rows.map((row) => ({
          data: JSON.parse(row.data) as { sealed?: Sealed },
          metadata: JSON.parse(row.metadata) as unknown,
        })),
      ),
    );

    const keyIds = parsed.map((rows) => new Set(rows.flatMap((e) => (e.data.sealed ? [e.data.sealed.key] : []))));
    const lookingUp = performance.now();
    for (const ids of keyIds) await keys.keysOf(ids);
    steps.push({
      step: "look up the customers' keys (a query a page)",
      microsPerEvent: ((performance.now() - lookingUp) * 1000) / n,
    });

    // The log's ciphertexts are opened under keys the bench cannot read here: the same sizes,
    // sealed again under one key, cost the same calls.
    const key = randomBytes(32);
    const sealed = parsed.flat().flatMap((e) => (e.data.sealed ? [e.data.sealed] : []));
    const resealed = sealed.map((s) => {
      const iv = randomBytes(12);
      const plain = Buffer.alloc(Math.max(0, Buffer.from(s.data, 'base64').length - 16), 'x');
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(s.key));
      return {
        key: s.key,
        iv: iv.toString('base64'),
        data: Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64'),
      };
    });
    timed(`open the ${resealed.length} sealed records (AES-256-GCM)`, () => {
      let openedChars = 0;
      for (const s of resealed) {
        const data = Buffer.from(s.data, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64')).setAAD(Buffer.from(s.key));
        decipher.setAuthTag(data.subarray(data.length - 16));
        openedChars += (decipher.update(data.subarray(0, data.length - 16), undefined, 'utf8') + decipher.final('utf8'))
          .length;
      }
      return openedChars;
    });

    const tables = docs
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'docs:%'")
      .all();
    const documents = tables.flatMap(({ name }) =>
      docs
        .prepare<[], { id: string; doc: string }>(`SELECT id, doc FROM "${name}"`)
        .all()
        .map((row) => ({ id: row.id, doc: JSON.parse(row.doc) as unknown })),
    );
    const json = timed(`write the ${documents.length} read-model documents as JSON`, () =>
      documents.map((d) => JSON.stringify(d.doc)),
    );
    const scratch = new Database(':memory:');
    scratch.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL, pos INTEGER)');
    const insert = scratch.prepare<[string, string, number]>(
      'INSERT OR REPLACE INTO docs (id, doc, pos) VALUES (?, ?, ?)',
    );
    const insertPage = scratch.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) insert.run(`${i}:${documents[i].id}`, json[i], i);
    });
    timed('insert them (in memory, 2,000 a transaction)', () => {
      for (let i = 0; i < json.length; i += 2000) insertPage(i, Math.min(i + 2000, json.length));
    });
    scratch.close();
    return { events: n, steps };
  } finally {
    events.close();
    await keys.close();
    docs.close();
  }
}
