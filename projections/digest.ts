// A digest per read model: a hash over every document of its collections in id order, with keys
// sorted, so two stores (SQLite and MongoDB alike) holding the same documents give the same
// digest however each one orders fields.
import { createHash, type Hash } from 'node:crypto';
import type { Doc, DocumentStore } from '../read-models/documentStore.js';
import type { Projection } from './projection.js';

const PAGE = 1000;

export interface ReadModelDigest {
  projection: string;
  documents: number;
  digest: string;
}

/**
 * Hashes one read model: collection by collection, each one's documents in id order. Each
 * document is hashed as JSON with the keys of every object sorted and undefined fields left out.
 */
export class ReadModelHasher {
  private readonly hash: Hash = createHash('sha256');
  // The text not yet hashed: the hash is handed about 64 KB at a time rather than two calls per
  // document (a call into the hash was 3 % of `npm run projections:rebuild` in a CPU profile of
  // 100,000 bookings). The digest is of the same bytes either way.
  private pending = '';
  documents = 0;

  collection(name: string): void {
    this.pending += `\u0000${name}\u0000`;
  }

  add(doc: Doc): void {
    this.pending += stableJson(doc) + '\n';
    this.documents += 1;
    if (this.pending.length >= 65_536) this.flush();
  }

  digest(): string {
    this.flush();
    return this.hash.digest('hex').slice(0, 16);
  }

  private flush(): void {
    this.hash.update(this.pending);
    this.pending = '';
  }
}

// The sorted order of each list of keys met (documents of a collection share a few), and each
// key quoted: sorting and quoting every object's keys anew was a third of a verified rebuild's
// CPU profile. (JSON.stringify with the sorted keys as its array replacer is slower still: V8
// leaves its fast path.) Bounded: maps with data as keys (pizzas per time) make many lists.
const sortedKeys = new Map<string, string[]>();
const quotedKeys = new Map<string, string>();
const MAX_KEY_LISTS = 10_000;
const lastKeys: Array<{ keys: string[]; sorted: string[] } | undefined> = new Array<
  { keys: string[]; sorted: string[] } | undefined
>(64).fill(undefined);
const sameKeys = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** JSON with the keys of every object sorted (by UTF-16 units, as Array.prototype.sort) and undefined fields left out. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableJson(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value);
  // Most objects have the keys of the one before them with as many keys (the same kind of document).
  const last = lastKeys[keys.length];
  let sorted: string[] | undefined;
  if (last && sameKeys(last.keys, keys)) sorted = last.sorted;
  else {
    const list = keys.join('\u0000');
    sorted = sortedKeys.get(list);
    if (!sorted) {
      if (sortedKeys.size >= MAX_KEY_LISTS) sortedKeys.clear();
      sortedKeys.set(list, (sorted = [...keys].sort()));
    }
    if (keys.length < lastKeys.length) lastKeys[keys.length] = { keys, sorted };
  }
  let out = '{';
  for (const key of sorted) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    let quoted = quotedKeys.get(key);
    if (quoted === undefined) {
      if (quotedKeys.size >= MAX_KEY_LISTS) quotedKeys.clear();
      quotedKeys.set(key, (quoted = `${JSON.stringify(key)}:`));
    }
    out += (out.length > 1 ? ',' : '') + quoted + stableJson(field);
  }
  return out + '}';
}

/**
 * Whether two documents have the same JSON up to the order of keys (stableJson(a) ===
 * stableJson(b), undefined fields left out), without making either JSON: comparing the JSON
 * texts of every folded and stored document was a third of a verified rebuild's check in a CPU
 * profile (two strings of a booking's size per document, and the collections they cost).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    // In an array, undefined is written as null.
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let fields = 0;
  for (const key of Object.keys(a)) {
    const value = (a as Record<string, unknown>)[key];
    if (value === undefined) continue;
    fields += 1;
    if (!sameJson(value, (b as Record<string, unknown>)[key])) return false;
  }
  for (const key of Object.keys(b)) if ((b as Record<string, unknown>)[key] !== undefined) fields -= 1;
  return fields === 0;
}

export async function readModelDigests(
  docs: DocumentStore,
  projections: readonly Projection[],
): Promise<ReadModelDigest[]> {
  const digests: ReadModelDigest[] = [];
  for (const projection of projections) {
    const hasher = new ReadModelHasher();
    for (const collection of projection.collections) {
      hasher.collection(collection);
      // In pages by id, so a collection of any size is hashed in bounded memory.
      for (let after: string | null = null; ;) {
        const page: Doc[] = await docs.find(collection, after === null ? {} : { id: { $gt: after } }, {
          sort: [['id', 1]],
          limit: PAGE,
        });
        for (const doc of page) hasher.add(doc);
        if (page.length < PAGE) break;
        after = page[page.length - 1].id;
      }
    }
    digests.push({ projection: projection.name, documents: hasher.documents, digest: hasher.digest() });
  }
  return digests;
}

/**
 * Orders ids as the stores do (SQLite's BINARY collation and MongoDB compare UTF-8 bytes).
 * JavaScript compares UTF-16 units, which differs only where a surrogate (a character beyond
 * U+FFFF) meets U+E000..U+FFFF: in UTF-8 the former is the larger.
 */
export function compareIds(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x <= 0xdfff ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y <= 0xdfff ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}
