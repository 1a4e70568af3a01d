// The reactors' state apart from the read models (read-models/reactorStateStore.ts), on the store
// under test: the reactors' collections, checkpoints and claims go to the reactor-state store
// (MongoDB: the keys database, MONGODB_KEYS_DB; embedded: DATA_DIR/reactors.db), so a read-model
// upgrade (a new, empty read-model store) keeps every one of them; and a release that kept them
// in the read models has them moved over once, none left behind.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { moveReactorState, reactorStateStore, type ReactorStateNames } from '../../read-models/reactorStateStore.js';

export interface ReactorStateStores {
  /** A new, empty read-model store each call (an upgrade's new MONGODB_DB, a deleted read-models.db). */
  readModels(): Promise<DocumentStore>;
  /** The one reactor-state store (the same data each call). */
  reactorState(): Promise<DocumentStore>;
}

export function reactorStateContract(label: string, open: () => Promise<ReactorStateStores>) {
  describe(`the reactors' state apart from the read models: ${label}`, () => {
    const suffix = () => randomUUID().replaceAll('-', '').slice(0, 12);
    const namesFor = (s: string): ReactorStateNames => ({
      collections: [`outbox_${s}`],
      checkpoints: [`mailer_${s}`, `eraser_${s}`],
      claimScopes: [`claims_${s}`],
      runnerScope: `runners_${s}`,
    });

    it('keeps every reactor checkpoint, work item and claim across a read-model upgrade, and the read models apart', async () => {
      const stores = await open();
      const s = suffix();
      const names = namesFor(s);
      const [outbox] = names.collections;
      const [mailer, eraser] = names.checkpoints;
      const readModels = await stores.readModels();
      const reactorState = await stores.reactorState();
      const routed = reactorStateStore(readModels, reactorState, names);
      try {
        // A reactor's items with its checkpoint, one commit; a projection's document with its own.
        await routed.commit(
          [{ op: 'put', collection: outbox, doc: { id: 'm1', status: 'sent', to: 'a@example.se' } }],
          {
            projection: mailer,
            position: 41,
          },
        );
        await routed.commit([{ op: 'put', collection: `bookings_${s}`, doc: { id: 'b1' } }], {
          projection: `catalog_${s}`,
          position: 41,
        });
        await routed.commit([], { projection: eraser, position: 40 });
        expect(await routed.lease(names.claimScopes[0], 'm1', 'p1', 60_000)).toBe('ours');
        await routed.endLease(names.claimScopes[0], 'm1', 'p1', 'done');
        expect(await routed.lease(names.runnerScope, mailer, 'p1', 60_000)).toBe('ours');
        expect(await routed.lease(names.runnerScope, `projections_${s}`, 'p1', 60_000)).toBe('ours');

        // Where each went.
        expect(await reactorState.get(outbox, 'm1')).toMatchObject({ status: 'sent' });
        expect(await readModels.count(outbox)).toBe(0);
        expect(await reactorState.getCheckpoint(mailer)).toBe(41);
        expect(await readModels.getCheckpoint(mailer)).toBe(0);
        expect(await readModels.get(`bookings_${s}`, 'b1')).toMatchObject({ id: 'b1' });
        expect(await reactorState.count(`bookings_${s}`)).toBe(0);
        expect(await readModels.getCheckpoint(`catalog_${s}`)).toBe(41);
        expect(await reactorState.lease(names.runnerScope, mailer, 'p2', 60_000)).toBe('theirs');
        expect(await readModels.lease(names.runnerScope, `projections_${s}`, 'p2', 60_000)).toBe('theirs');
        expect(await reactorState.lease(names.claimScopes[0], 'm1', 'p2', 60_000)).toBe('done');
        expect(await routed.find(outbox)).toHaveLength(1);
      } finally {
        await routed.endLease(names.runnerScope, mailer, 'p1', 'release');
        await routed.close();
      }

      // The upgrade: new, empty read models beside the same reactor state.
      const upgraded = reactorStateStore(await stores.readModels(), await stores.reactorState(), names);
      try {
        expect(await upgraded.getCheckpoint(`catalog_${s}`)).toBe(0);
        expect(await upgraded.count(`bookings_${s}`)).toBe(0);
        expect(await upgraded.getCheckpoint(mailer)).toBe(41);
        expect(await upgraded.getCheckpoint(eraser)).toBe(40);
        expect(await upgraded.get(outbox, 'm1')).toMatchObject({ status: 'sent', to: 'a@example.se' });
        // The claim of the sent mail stays done: it is never sent again.
        expect(await upgraded.lease(names.claimScopes[0], 'm1', 'p3', 60_000)).toBe('done');
      } finally {
        await upgraded.close();
      }
    });

    it('moves the state an older release kept in the read models over once, leaving no copy behind', async () => {
      const stores = await open();
      const s = suffix();
      const names = namesFor(s);
      const [outbox] = names.collections;
      const [mailer, eraser] = names.checkpoints;
      const old = await stores.readModels();
      const reactorState = await stores.reactorState();
      try {
        await old.commit(
          [
            { op: 'put', collection: outbox, doc: { id: 'm1', status: 'sent' } },
            { op: 'put', collection: outbox, doc: { id: 'm2', status: 'pending' } },
            { op: 'put', collection: `bookings_${s}`, doc: { id: 'b1' } },
          ],
          [
            { projection: mailer, position: 17 },
            { projection: `catalog_${s}`, position: 17 },
          ],
        );
        expect(await moveReactorState(old, reactorState, names)).toBe(2);
        expect((await reactorState.find(outbox)).map((d) => d.id).sort()).toEqual(['m1', 'm2']);
        expect(await reactorState.getCheckpoint(mailer)).toBe(17);
        expect(await reactorState.getCheckpoint(eraser)).toBe(0);
        // Nothing of the reactors left in the read models; the read models themselves untouched.
        expect(await old.count(outbox)).toBe(0);
        expect(await old.getCheckpoint(mailer)).toBe(0);
        expect(await old.get(`bookings_${s}`, 'b1')).toMatchObject({ id: 'b1' });
        expect(await old.getCheckpoint(`catalog_${s}`)).toBe(17);

        // Once: a later start moves nothing and keeps what the reactors did since.
        await reactorState.commit([{ op: 'put', collection: outbox, doc: { id: 'm2', status: 'sent' } }], {
          projection: mailer,
          position: 18,
        });
        expect(await moveReactorState(old, reactorState, names)).toBe(0);
        expect(await reactorState.get(outbox, 'm2')).toMatchObject({ status: 'sent' });
        expect(await reactorState.getCheckpoint(mailer)).toBe(18);
      } finally {
        await Promise.all([old.close(), reactorState.close()]);
      }
    });

    it('moves the per-item claims with the state, waiting for one in flight (issue 44, item 7)', async () => {
      const stores = await open();
      const s = suffix();
      const names = namesFor(s);
      const [outbox] = names.collections;
      const [mailer] = names.checkpoints;
      const [claims] = names.claimScopes;
      const old = await stores.readModels();
      const reactorState = await stores.reactorState();
      try {
        await old.commit(
          [
            { op: 'put', collection: outbox, doc: { id: 'sent', status: 'sent' } },
            { op: 'put', collection: outbox, doc: { id: 'flying', status: 'pending' } },
            { op: 'put', collection: outbox, doc: { id: 'stuck', status: 'pending' } },
          ],
          { projection: mailer, position: 9 },
        );
        expect(await old.lease(claims, 'sent', 'old-1', 60_000)).toBe('ours');
        await old.endLease(claims, 'sent', 'old-1', 'done');
        // In flight in a process of the older release: it stores the outcome 300 ms on.
        expect(await old.lease(claims, 'flying', 'old-1', 1_500)).toBe('ours');
        // Its holder stopped renewing long ago (run out): carried as run out.
        expect(await old.lease(claims, 'stuck', 'old-2', 1)).toBe('ours');
        await new Promise((r) => setTimeout(r, 20));
        const finishing = (async () => {
          await new Promise((r) => setTimeout(r, 300));
          await old.commit([{ op: 'put', collection: outbox, doc: { id: 'flying', status: 'sent' } }]);
          await old.endLease(claims, 'flying', 'old-1', 'done');
        })();
        const said: string[] = [];
        const started = Date.now();
        expect(await moveReactorState(old, reactorState, names, { log: (m) => said.push(m), pollMs: 50 })).toBe(3);
        await finishing;
        expect(Date.now() - started).toBeGreaterThanOrEqual(250);
        expect(said.join('\n')).toMatch(/1 claims in flight/);
        // The outcome stored during the wait came along, and both settled claims are done here.
        expect(await reactorState.get(outbox, 'flying')).toMatchObject({ status: 'sent' });
        expect(await reactorState.lease(claims, 'flying', 'new-1', 60_000)).toBe('done');
        expect(await reactorState.lease(claims, 'sent', 'new-1', 60_000)).toBe('done');
        expect(await reactorState.lease(claims, 'stuck', 'new-1', 60_000)).toBe('ours');
        const carried = await reactorState.leasesIn([claims]);
        expect(carried.map((c) => [c.id, c.done]).sort()).toEqual([
          ['flying', true],
          ['sent', true],
          ['stuck', false],
        ]);
      } finally {
        await Promise.all([old.close(), reactorState.close()]);
      }
    });

    it('carries a running claim with its holder and the rest of its term (putLeases), a done one closing it', async () => {
      const stores = await open();
      const s = suffix();
      const [claims] = namesFor(s).claimScopes;
      const from = await stores.readModels();
      const to = await stores.reactorState();
      try {
        expect(await from.lease(claims, 'a', 'old-1', 60_000)).toBe('ours');
        expect(await to.lease(claims, 'b', 'new-1', 60_000)).toBe('ours');
        expect(await from.lease(claims, 'b', 'old-1', 60_000)).toBe('ours');
        await from.endLease(claims, 'b', 'old-1', 'done');
        const records = await from.leasesIn([claims]);
        expect(records.find((r) => r.id === 'a')).toMatchObject({ owner: 'old-1', done: false });
        expect(records.find((r) => r.id === 'a')!.remainingMs).toBeGreaterThan(50_000);
        await to.putLeases(records);
        expect(await to.lease(claims, 'a', 'new-1', 60_000)).toBe('theirs');
        expect(await to.lease(claims, 'a', 'old-1', 60_000)).toBe('ours');
        expect(await to.lease(claims, 'b', 'new-1', 60_000)).toBe('done');
        // Another scope's leases are not listed.
        expect(await to.leasesIn([`other_${s}`])).toEqual([]);
      } finally {
        await Promise.all([from.close(), to.close()]);
      }
    });
  });
}
