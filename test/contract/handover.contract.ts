// Part of the DocumentStore contract (documentStore.contract.ts): the projections' lease handed
// over between "processes" on the store under test (each a runner with its own read-through
// cache, as api/server.ts wires them), again and again while events arrive and the followers read
// the documents. The giving leader resolves follow() only once its last commit landed, the taking
// one drops its cache before its first write; afterwards every event is in the read model. The
// followers lag on purpose (testDelays, api/testHooks.ts), so their caches are older than the
// checkpoints the next leader starts from: without the drop, an event would vanish.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';
import { cachedDocumentStore } from '../../read-models/cachedDocumentStore.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { ProjectionRunner } from '../../projections/runner.js';
import type { Projection } from '../../projections/projection.js';

type Tally = Doc & { n: number };

export function handOverContract(storeOf: () => DocumentStore) {
  describe('projections handed over between processes', () => {
    it('lose no event when the lease goes round three processes while events arrive', async () => {
      const store = storeOf();
      const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-handover-contract-'));
      const events = openSqliteEventStore(join(dir, 'events.db'));
      const suffix = randomUUID().replaceAll('-', '');
      const collection = `handover_${suffix}`;
      const tally: Projection = {
        name: `tally_${suffix}`,
        collections: [collection],
        eventTypes: new Set(['Counted']),
        apply: (event, batch) =>
          batch.update<Tally>(collection, (event.data as { day: string }).day, event, (current) => ({
            id: (event.data as { day: string }).day,
            n: (current?.n ?? 0) + 1,
          })),
      };
      const processes = [0, 1, 2].map(() => {
        const docs = cachedDocumentStore(store, [collection]);
        const runner = new ProjectionRunner(events, docs, [tally], {
          head: `head_${suffix}`,
          follow: true,
          pollIntervalMs: 20,
          onFollowed: (changed) => docs.forget(changed),
          onLead: () => docs.forget(new Set([collection])),
          testDelays: { followMs: 400, commitMs: 30 },
        });
        return { docs, runner };
      });
      const days = ['d1', 'd2'];
      const appended = new Map<string, number>();
      let last = 0;
      const count = async (day: string) => {
        const data = { day };
        const metadata = { actor: 'system', timestamp: new Date().toISOString() };
        last = (await events.append(day, [{ id: randomUUID(), type: 'Counted', data, metadata }], 'any')).position;
        appended.set(day, (appended.get(day) ?? 0) + 1);
      };
      try {
        for (const p of processes) await p.runner.start();
        let leader = processes[0];
        leader.runner.lead();
        for (let round = 1; round <= 6; round++) {
          for (let i = 0; i < 8; i++) {
            await count(days[i % days.length]);
            leader.runner.wake();
            // The followers read (and cache) the days as they are now.
            for (const p of processes) if (p !== leader) for (const day of days) await p.docs.get(collection, day);
          }
          await leader.runner.waitFor(last);
          const next = processes[round % processes.length];
          await leader.runner.follow();
          next.runner.lead();
          leader = next;
        }
        await count('d1');
        expect(await leader.runner.waitFor(last)).toBe(true);
        for (const day of days) expect((await store.get<Tally>(collection, day))?.n, day).toBe(appended.get(day));
      } finally {
        for (const p of processes) await p.runner.stop();
        await events.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
