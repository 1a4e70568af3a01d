// The sealed event store's opener thread (api/eventStore/sealed/opener.ts starts it for large pages):
// it opens each batch of sealed records it is sent and answers with the plaintexts as one JSON
// array: null where there was no key, false where the record did not open (its reason in
// `errors`, by index), so one record that cannot be opened never fails its batch.
//
// Loaded by the worker as a file, with no module loader of ours: under tsx and Vitest as this
// TypeScript file (Node 24 strips its types itself), from dist/ as the compiled JavaScript. So it
// imports packages and `import type` only, never a module of ours by its .js name. The store
// imports `decrypt` from here, so the one AES-GCM opening is written once; the thread's own work
// only starts in a worker started with OPENER_THREAD as its data.
import { createDecipheriv, createSecretKey } from 'node:crypto';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** The worker data that makes this module answer batches (any other importer only gets decrypt). */
export const OPENER_THREAD = 'sealed-event-opener';

/**
 * One batch: the keys end to end (32 bytes each: one buffer, as a key read from a store may be a
 * view into a larger one, which a message would copy whole), and per record the index of its key
 * (-1: none), then JSON arrays of the key ids, IVs and data (three strings copy faster than
 * thousands; the answer likewise is one JSON array of the plaintexts).
 */
export interface OpenerBatch {
  n: number;
  keys: Buffer;
  key: number[];
  keyIds: string;
  ivs: string;
  data: string;
}

/** The answer to a batch (with its n): the plaintexts as one JSON array, and why records did not open. */
export interface OpenerAnswer {
  n: number;
  plain?: string;
  errors?: Record<number, string>;
  error?: string;
}

/** The plaintext JSON of a sealed record; throws when the data or its key id was tampered with. */
export function decrypt(key: Buffer, keyId: string, iv: string, sealedData: string): string {
  const data = Buffer.from(sealedData, 'base64');
  // The tag's length fixed: a record cut short fails, never checked against a shorter tag.
  // A KeyObject rather than the Buffer: on Node 24 a Buffer key costs a failed KeyObject brand
  // check that builds an exception (14 µs an open against 6 µs; see seal in sealed/records.ts).
  const decipher = createDecipheriv('aes-256-gcm', createSecretKey(key), Buffer.from(iv, 'base64'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(keyId));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return decipher.update(data.subarray(0, data.length - 16), undefined, 'utf8') + decipher.final('utf8');
}

const messageOf = (error: unknown) => String((error instanceof Error && error.message) || error);

/** The plaintexts of one batch, as one JSON array, and the reasons of those that did not open. */
export function openBatch(b: Omit<OpenerBatch, 'n'>): { plain: string; errors: Record<number, string> } {
  const keyIds = JSON.parse(b.keyIds) as string[];
  const ivs = JSON.parse(b.ivs) as string[];
  const data = JSON.parse(b.data) as string[];
  const keyAt = (i: number) => Buffer.from(b.keys.buffer, b.keys.byteOffset + i * 32, 32);
  const errors: Record<number, string> = {};
  let plain = '[';
  for (let i = 0; i < b.key.length; i++) {
    let opened = 'null';
    if (b.key[i] >= 0) {
      try {
        opened = decrypt(keyAt(b.key[i]), keyIds[i], ivs[i], data[i]);
      } catch (error) {
        opened = 'false';
        errors[i] = messageOf(error);
      }
    }
    plain += (i ? ',' : '') + opened;
  }
  return { plain: plain + ']', errors };
}

if (!isMainThread && workerData === OPENER_THREAD && parentPort) {
  const port = parentPort;
  port.on('message', (b: OpenerBatch | 'close') => {
    if (b === 'close') {
      port.close();
      return;
    }
    let answer: OpenerAnswer;
    try {
      answer = { n: b.n, ...openBatch(b) };
    } catch (error) {
      answer = { n: b.n, error: messageOf(error) };
    }
    port.postMessage(answer);
  });
}
