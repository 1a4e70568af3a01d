// Rebuilding read models outside the server (npm run replay, npm run projections:rebuild): every
// projection from position 0 in one pass, optionally only up to a moment, then a check that the
// stored result is what the events say: the same events folded again into a scratch store in
// memory must give the same digest per read model. A difference means the target store lost or
// kept something the projections did not write (a concurrent writer, a half-applied reset, a
// store bug), which is exactly what an operator must know before trusting it.
import type { EventStore, Position } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../read-models/sqliteDocumentStore.js';
import { readModelDigests } from './digest.js';
import { PROJECTIONS_HEAD, allProjections } from './index.js';
import { logView } from './logView.js';
import type { Projection } from './projection.js';
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

export async function rebuildReadModels(events: EventStore, docs: DocumentStore, options: RebuildOptions = {}): Promise<RebuildResult> {
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
        options.progress(`progress: ${applied} events applied (position ${page[page.length - 1]!.position})`);
      }
    },
  });
  // The servers' head says every projection applied the log up to it: a rebuild of all of them
  // stores it anew (up to `until` on a replay), one of some of them leaves none behind, so the
  // next start resumes from each projection's own checkpoint.
  const all = allProjections.every((p) => projections.includes(p));
  await docs.reset([], PROJECTIONS_HEAD);
  const runner = new ProjectionRunner(view, docs, projections, { log: () => {}, head: all ? PROJECTIONS_HEAD : undefined });
  // rebuild() on a runner that was never started resets, replays and stops: no live loop.
  await runner.rebuild();
  // Indexes after the bulk load: building them once is cheaper than maintaining them per write.
  for (const p of projections) for (const [collection, field] of p.indexes ?? []) await docs.ensureIndex(collection, field);
  const position = runner.position();
  const checks = await verifyReadModels(events, docs, position, projections);
  return { position, events: applied, checks, ok: checks.every((c) => c.ok) };
}

/** Compares the read models in docs with the events up to position folded into a scratch store. */
export async function verifyReadModels(events: EventStore, docs: DocumentStore, position: Position, projections: readonly Projection[] = allProjections): Promise<ReadModelCheck[]> {
  const scratch = openSqliteDocumentStore(':memory:');
  try {
    await new ProjectionRunner(logView(events, { through: position }), scratch, [...projections], { log: () => {} }).rebuild();
    const [stored, expected] = await Promise.all([readModelDigests(docs, projections), readModelDigests(scratch, projections)]);
    return stored.map((s, i) => ({ projection: s.projection, documents: s.documents, stored: s.digest, expected: expected[i]!.digest, ok: s.digest === expected[i]!.digest }));
  } finally {
    await scratch.close();
  }
}

/** The lines the scripts print for a check: one per read model, then the verdict. */
export function checkLines(result: Pick<RebuildResult, 'checks' | 'ok'>): string[] {
  return [
    ...result.checks.map((c) => `${c.ok ? 'ok      ' : 'MISMATCH'} ${c.projection}: ${c.documents} documents, digest ${c.stored}${c.ok ? '' : ` (events say ${c.expected})`}`),
    result.ok ? 'verified: every read model matches the events' : 'FAILED: read models differ from the events',
  ];
}
