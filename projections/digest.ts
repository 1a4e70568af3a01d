// A digest per read model: a hash over every document of its collections in id order, with keys
// sorted, so two stores (SQLite and MongoDB alike) holding the same documents give the same
// digest however each one orders fields.
import { createHash } from 'node:crypto';
import type { DocumentStore } from '../read-models/documentStore.js';
import type { Projection } from './projection.js';

export interface ReadModelDigest {
  projection: string;
  documents: number;
  digest: string;
}

export async function readModelDigests(docs: DocumentStore, projections: readonly Projection[]): Promise<ReadModelDigest[]> {
  const digests: ReadModelDigest[] = [];
  for (const projection of projections) {
    const hash = createHash('sha256');
    let documents = 0;
    for (const collection of projection.collections) {
      hash.update(`\u0000${collection}\u0000`);
      for (const doc of await docs.find(collection, {}, { sort: [['id', 1]] })) {
        hash.update(stableJson(doc)).update('\n');
        documents += 1;
      }
    }
    digests.push({ projection: projection.name, documents, digest: hash.digest('hex').slice(0, 16) });
  }
  return digests;
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
