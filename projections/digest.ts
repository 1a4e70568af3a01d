// A digest per read model: a hash over every document of its collections in id order, with keys
// sorted, so two stores (SQLite and MongoDB alike) holding the same documents give the same
// digest however each one orders fields.
import { createHash } from 'node:crypto';
import type { Doc, DocumentStore } from '../read-models/documentStore.js';
import type { Projection } from './projection.js';

const PAGE = 1000;

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
      // In pages by id, so a collection of any size is hashed in bounded memory.
      for (let after: string | null = null; ; ) {
        const page: Doc[] = await docs.find(collection, after === null ? {} : { id: { $gt: after } }, { sort: [['id', 1]], limit: PAGE });
        for (const doc of page) hash.update(stableJson(doc)).update('\n');
        documents += page.length;
        if (page.length < PAGE) break;
        after = page[page.length - 1]!.id;
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
