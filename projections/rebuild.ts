// Rebuilding read models outside the server (npm run replay, npm run projections:rebuild): every
// projection from position 0 in one pass, optionally only up to a moment, then a check that the
// stored result is what the events say: the same events folded again, in memory, must give the
// same digest per read model. A difference means the target store lost or kept something the
// projections did not write (a concurrent writer, a half-applied reset, a store bug), or that the
// runner's paging went wrong, which is exactly what an operator must know before trusting it.
//
// The second fold takes each page as the rebuild reads it, into one batch per projection over
// the whole log that never reads a store: no second read of the log (nor a second decryption of
// its personal fields), no scratch database. It used to fold into an SQLite store in memory
// after reading the log again, which with the digests was most of the command's time in a CPU
// profile. It is still a fold of its own: no pages, no store, no checkpoints, no documents
// carried from a commit under way, so it checks all of those.
import type { EventStore, Position, RecordedEvent } from '../domain/eventStore.js';
import type { Doc, DocumentStore, Filter, FindOptions } from '../read-models/documentStore.js';
import { ReadModelHasher, compareIds, sameJson } from './digest.js';
import { PROJECTIONS_HEAD, allProjections } from './index.js';
import { logView } from './logView.js';
import { ProjectionBatch, type Projection } from './projection.js';
import { ProjectionRunner } from './runner.js';

export interface RebuildOptions {
  /** Rebuild the read models as they stood at this instant (see logView). */
  until?: Date;
  projections?: readonly Projection[];
  /** Receives a progress line now and then on long runs. */
  progress?: (line: string) => void;
  /** Milliseconds between progress lines (default 2000). */
  progressEveryMs?: number;
}

export interface ReadModelCheck {
  projection: string;
  documents: number;
  stored: string;
  expected: string;
  ok: boolean;
}

export interface RebuildResult {
  /** Position of the last event applied (0 when none). */
  position: Position;
  events: number;
  checks: ReadModelCheck[];
  ok: boolean;
}

export async function rebuildReadModels(
  events: EventStore,
  docs: DocumentStore,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const projections = [...(options.projections ?? allProjections)];
  const every = options.progressEveryMs ?? 2000;
  let applied = 0;
  let reported = Date.now();
  const view = logView(events, {
    until: options.until,
    onPage(page) {
      applied += page.length;
      if (options.progress && Date.now() - reported >= every) {
        reported = Date.now();
        options.progress(`progress: ${applied} events applied (position ${page[page.length - 1].position})`);
      }
    },
  });
  // The servers' head says every projection applied the log up to it: a rebuild of all of them
  // stores it anew (up to `until` on a replay), one of some of them leaves none behind, so the
  // next start resumes from each projection's own checkpoint.
  const all = allProjections.every((p) => projections.includes(p));
  await docs.reset([], PROJECTIONS_HEAD);
  // Each page the runner reads is folded a second time, in memory, for the check.
  const expected = new MemoryFold(projections);
  const tee: EventStore = {
    ...view,
    async readAll(afterPosition, maxCount) {
      const page = await view.readAll(afterPosition, maxCount);
      await expected.apply(page);
      return page;
    },
  };
  const runner = new ProjectionRunner(tee, docs, projections, {
    log: () => {},
    head: all ? PROJECTIONS_HEAD : undefined,
  });
  // rebuild() on a runner that was never started resets, replays and stops: no live loop.
  await runner.rebuild();
  // Indexes after the bulk load: building them once is cheaper than maintaining them per write.
  for (const p of projections)
    for (const [collection, field] of p.indexes ?? []) await docs.ensureIndex(collection, field);
  const position = runner.position();
  const checks = await expected.check(docs);
  return { position, events: applied, checks, ok: checks.every((c) => c.ok) };
}

/** Compares the read models in docs with the events up to position folded again in memory. */
export async function verifyReadModels(
  events: EventStore,
  docs: DocumentStore,
  position: Position,
  projections: readonly Projection[] = allProjections,
): Promise<ReadModelCheck[]> {
  const view = logView(events, { through: position });
  const expected = new MemoryFold(projections);
  for (let after = 0; ;) {
    const page = await view.readAll(after, 2000);
    if (page.length === 0) break;
    await expected.apply(page);
    after = page[page.length - 1].position;
  }
  return expected.check(docs);
}

/** Documents read from the store at a time while checking. */
const PAGE = 1000;

/**
 * A page of a collection's stored documents in id order after `after`: as their JSON text where
 * the store keeps it (most of them are then compared without a parse: the parse of every stored
 * document was a tenth of the command in a CPU profile), else as documents.
 */
function storedPage(docs: DocumentStore, collection: string, after: string | null): Promise<Array<Doc | string>> {
  const filter: Filter = after === null ? {} : { id: { $gt: after } };
  const options: FindOptions = { sort: [['id', 1]], limit: PAGE };
  return docs.findJson ? docs.findJson(collection, filter, options) : docs.find(collection, filter, options);
}

/** A store the in-memory fold never reads: every collection starts empty there. */
const nowhere = new Proxy({} as DocumentStore, {
  get() {
    throw new Error('the in-memory fold reads no store');
  },
});

/** The read models the events say, folded in memory: one batch per projection over the whole log. */
class MemoryFold {
  private readonly batches: ProjectionBatch[];

  constructor(private readonly projections: readonly Projection[]) {
    // Every collection "cleared, nothing written yet": a document the batch does not hold cannot exist.
    this.batches = projections.map(
      (p) => new ProjectionBatch(nowhere, new Map(p.collections.map((c) => [c, new Set<string>()]))),
    );
  }

  async apply(page: readonly RecordedEvent[]): Promise<void> {
    for (let i = 0; i < this.projections.length; i++) {
      const projection = this.projections[i];
      const batch = this.batches[i];
      for (const event of page) {
        if (!projection.eventTypes.has(event.type)) continue;
        const pending = projection.apply(event, batch);
        if (pending) await pending;
      }
    }
  }

  /**
   * Compares each read model in docs with the documents folded here (deleted ones are not
   * shown), and gives its digest as readModelDigests does. A stored document matches when its
   * JSON is the folded one's up to the order of fields (another store may order them
   * differently): sameJson. The digest the events give is only worked out for a read model that
   * differs: when all match it is the stored one.
   */
  async check(docs: DocumentStore): Promise<ReadModelCheck[]> {
    const checks: ReadModelCheck[] = [];
    for (let i = 0; i < this.projections.length; i++) {
      const projection = this.projections[i];
      const folded = this.documents(i);
      const stored = new ReadModelHasher();
      let same = true;
      for (const collection of projection.collections) {
        stored.collection(collection);
        const expected = folded.get(collection)!;
        let at = 0;
        for (let after: string | null = null; ;) {
          const page = await storedPage(docs, collection, after);
          for (const kept of page) {
            const want = expected[at++];
            let doc: Doc;
            if (typeof kept !== 'string') doc = kept;
            else if (want !== undefined && JSON.stringify(want) === kept) {
              // Written as the folded document writes: the same document, no parse needed.
              doc = want;
            } else doc = JSON.parse(kept) as Doc;
            stored.add(doc);
            same &&= want !== undefined && (doc === want || (want.id === doc.id && sameJson(want, doc)));
            after = doc.id;
          }
          if (page.length < PAGE) break;
        }
        same &&= at === expected.length;
      }
      const digest = stored.digest();
      checks.push({
        projection: projection.name,
        documents: stored.documents,
        stored: digest,
        expected: same ? digest : this.digest(projection, folded),
        ok: same,
      });
    }
    return checks;
  }

  /** The folded documents of the i-th projection, per collection in id order. */
  private documents(i: number): Map<string, Doc[]> {
    const byCollection = new Map<string, Doc[]>(this.projections[i].collections.map((c) => [c, []]));
    for (const write of this.batches[i].writes())
      if (write.op === 'put') byCollection.get(write.collection)?.push(write.doc);
    for (const list of byCollection.values()) list.sort((a, b) => compareIds(a.id, b.id));
    return byCollection;
  }

  private digest(projection: Projection, folded: Map<string, Doc[]>): string {
    const hasher = new ReadModelHasher();
    for (const collection of projection.collections) {
      hasher.collection(collection);
      for (const doc of folded.get(collection)!) hasher.add(doc);
    }
    return hasher.digest();
  }
}

/** The lines the scripts print for a check: one per read model, then the verdict. */
export function checkLines(result: Pick<RebuildResult, 'checks' | 'ok'>): string[] {
  return [
    ...result.checks.map(
      (c) =>
        `${c.ok ? 'ok      ' : 'MISMATCH'} ${c.projection}: ${c.documents} documents, digest ${c.stored}${c.ok ? '' : ` (events say ${c.expected})`}`,
    ),
    result.ok ? 'verified: every read model matches the events' : 'FAILED: read models differ from the events',
  ];
}
