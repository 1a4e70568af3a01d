// The sweeps' one setup (api/reactors/leasedSweep.ts) on a real SQLite document store: one sweep
// at a time across processes (two owners here), the lease let go at the end of each so the next
// turn may fall to either, a second call of the same process joining the sweep under way, and a
// sweep that stops between its steps once stopped.
import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { everyLeasedSweep, type SweepTurn } from '../../api/reactors/leasedSweep.js';

/** A sweep of the lease 'test-sweep' by one owner, run by hand only; 'skipped' when another holds it. */
const testSweep = <T>(docs: DocumentStore, owner: string, sweep: (turn: SweepTurn) => Promise<T>) =>
  everyLeasedSweep<T | 'skipped'>({
    docs,
    lease: 'test-sweep',
    leaseTtlMs: 60_000,
    owner,
    intervalMs: 0,
    nothing: () => 'skipped',
    what: 'test sweep',
    log: () => {},
    sweep,
  });

describe('everyLeasedSweep', () => {
  it('lets one owner sweep at a time, and the other take the next turn once it ended', async () => {
    const docs = openSqliteDocumentStore(':memory:');
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const swept: string[] = [];
      const sweeper = (owner: string, work: () => Promise<void>) =>
        testSweep(docs, owner, async () => {
          swept.push(owner);
          await work();
          return 'swept';
        });
      const a = sweeper('host:1:a-1', () => held);
      const b = sweeper('host:2:b-1', async () => {});
      const first = a.sweep();
      // A holds the lease while its sweep runs: B skips its turn.
      await expect.poll(() => swept).toEqual(['host:1:a-1']);
      expect(await b.sweep()).toBe('skipped');
      release();
      expect(await first).toBe('swept');
      // A let the lease go at its end: B sweeps now.
      expect(await b.sweep()).toBe('swept');
      expect(swept).toEqual(['host:1:a-1', 'host:2:b-1']);
    } finally {
      await docs.close();
    }
  });

  it('joins a second call of the same process to its sweep under way, rather than sweeping twice', async () => {
    const docs = openSqliteDocumentStore(':memory:');
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let sweeps = 0;
      const sweep = testSweep(docs, 'host:1:a-1', async () => {
        sweeps += 1;
        await held;
        return `sweep ${sweeps}`;
      });
      // The lease is this owner's for both calls: only the join keeps the second from sweeping too.
      const first = sweep.sweep();
      const second = sweep.sweep();
      await expect.poll(() => sweeps).toBe(1);
      release();
      expect(await Promise.all([first, second])).toEqual(['sweep 1', 'sweep 1']);
      expect(sweeps).toBe(1);
      // Once it ended, the next call sweeps anew.
      expect(await sweep.sweep()).toBe('sweep 2');
    } finally {
      await docs.close();
    }
  });

  it('answers goOn() false once the lease went to another owner, and a failed sweep still lets it go', async () => {
    const docs = openSqliteDocumentStore(':memory:');
    try {
      let asked: boolean | null = null;
      const sweep = testSweep(docs, 'host:1:a-1', async (turn) => {
        // Taken over meanwhile (this process stalled past its term): it must end.
        await docs.endLease('runners', 'test-sweep', 'host:1:a-1', 'release');
        expect(await docs.lease('runners', 'test-sweep', 'host:2:b-1', 60_000)).toBe('ours');
        asked = await turn.goOn();
        await docs.endLease('runners', 'test-sweep', 'host:2:b-1', 'release');
        throw new Error('a step failed');
      });
      await expect(sweep.sweep()).rejects.toThrow('a step failed');
      expect(asked).toBe(false);
      // Released after the failure: another owner takes it at once.
      expect(await docs.lease('runners', 'test-sweep', 'host:3:c-1', 60_000)).toBe('ours');
    } finally {
      await docs.close();
    }
  });
});
