// One contract for every DocumentStore adapter (SQLite, MongoDB).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, DocumentStore } from '../../read-models/documentStore.js';

export type OpenDocumentStore = () => Promise<{ store: DocumentStore; cleanup(): Promise<void> }>;

export function documentStoreContract(name: string, open: OpenDocumentStore) {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let cleanup: () => Promise<void>;
    let c: string;
    const other = () => `other_${randomUUID().replaceAll('-', '')}`;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      c = `test_${randomUUID().replaceAll('-', '')}`;
    });
    afterEach(async () => {
      await cleanup();
    });

    const put = (...docs: Doc[]) => store.commit(docs.map((doc) => ({ op: 'put' as const, collection: c, doc })));

    it('round-trips documents with nested values, booleans, nulls and Swedish text', async () => {
      const doc = { id: 'a', name: 'Räksmörgås', n: 12.5, ok: true, none: null, list: [1, { x: 'ö' }], nested: { deep: { å: 1 } } };
      await put(doc);
      expect(await store.get(c, 'a')).toEqual(doc);
      expect(await store.get(c, 'missing')).toBeNull();
    });

    it('replaces a document on put and removes it on delete', async () => {
      await put({ id: 'a', v: 1, old: true });
      await put({ id: 'a', v: 2 });
      expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 2 });
      await store.commit([{ op: 'delete', collection: c, id: 'a' }]);
      expect(await store.get(c, 'a')).toBeNull();
    });

    it('applies a batch in order: a put then a delete of the same id leaves nothing', async () => {
      await store.commit([
        { op: 'put', collection: c, doc: { id: 'x', v: 1 } },
        { op: 'delete', collection: c, id: 'x' },
        { op: 'put', collection: c, doc: { id: 'y', v: 2 } },
      ]);
      expect(await store.get(c, 'x')).toBeNull();
      expect(await store.get(c, 'y')).toEqual({ id: 'y', v: 2 });
    });

    describe('find', () => {
      beforeEach(async () => {
        await put(
          { id: 'b1', date: '2026-11-24', status: 'pending', pizzas: 2, vip: true, note: null },
          { id: 'b2', date: '2026-11-25', status: 'confirmed', pizzas: 4, vip: false, note: 'x' },
          { id: 'b3', date: '2026-11-25', status: 'cancelled', pizzas: 1, vip: false },
          { id: 'b4', date: '2026-11-27', status: 'pending', pizzas: 4, vip: true, note: 'y' },
        );
      });
      const ids = (docs: Doc[]) => docs.map((d) => d.id);

      it('filters by equality on strings, numbers, booleans and null', async () => {
        expect(ids(await store.find(c, { status: 'pending' }))).toEqual(['b1', 'b4']);
        expect(ids(await store.find(c, { pizzas: 4 }))).toEqual(['b2', 'b4']);
        expect(ids(await store.find(c, { vip: true }))).toEqual(['b1', 'b4']);
        expect(ids(await store.find(c, { vip: false, status: 'confirmed' }))).toEqual(['b2']);
        expect(ids(await store.find(c, { note: null }))).toEqual(['b1', 'b3']);
      });

      it('filters by ranges, membership and inequality', async () => {
        expect(ids(await store.find(c, { date: { $gte: '2026-11-25', $lte: '2026-11-26' } }))).toEqual(['b2', 'b3']);
        expect(ids(await store.find(c, { pizzas: { $gt: 1, $lt: 4 } }))).toEqual(['b1']);
        expect(ids(await store.find(c, { status: { $in: ['confirmed', 'cancelled'] } }))).toEqual(['b2', 'b3']);
        expect(ids(await store.find(c, { status: { $ne: 'pending' } }))).toEqual(['b2', 'b3']);
      });

      it('sorts by several keys, breaks ties by id and limits', async () => {
        expect(ids(await store.find(c, {}, { sort: [['pizzas', -1]] }))).toEqual(['b2', 'b4', 'b1', 'b3']);
        expect(ids(await store.find(c, {}, { sort: [['date', 1], ['pizzas', -1]] }))).toEqual(['b1', 'b2', 'b3', 'b4']);
        expect(ids(await store.find(c, {}, { sort: [['date', -1]], limit: 2 }))).toEqual(['b4', 'b2']);
      });

      it('counts with a filter', async () => {
        expect(await store.count(c)).toBe(4);
        expect(await store.count(c, { status: 'pending' })).toBe(2);
      });

      it('keeps answering the same after an index is declared (twice)', async () => {
        await store.ensureIndex(c, 'date');
        await store.ensureIndex(c, 'date');
        expect(ids(await store.find(c, { date: '2026-11-25' }))).toEqual(['b2', 'b3']);
      });

      it('keeps collections apart', async () => {
        const o = other();
        await store.commit([{ op: 'put', collection: o, doc: { id: 'b1', status: 'elsewhere' } }]);
        expect(await store.count(c)).toBe(4);
        expect((await store.get(c, 'b1'))!.status).toBe('pending');
      });
    });

    describe('checkpoints', () => {
      it('are 0 until a commit stores one, and move only with a commit', async () => {
        const p = `proj_${randomUUID()}`;
        expect(await store.getCheckpoint(p)).toBe(0);
        await store.commit([{ op: 'put', collection: c, doc: { id: 'a' } }], { projection: p, position: 42 });
        expect(await store.getCheckpoint(p)).toBe(42);
        await put({ id: 'b' });
        expect(await store.getCheckpoint(p)).toBe(42);
        await store.commit([], { projection: p, position: 43 });
        expect(await store.getCheckpoint(p)).toBe(43);
      });

      it('can be stored for several projections in one commit', async () => {
        const [p, q] = [`proj_${randomUUID()}`, `proj_${randomUUID()}`];
        await store.commit([{ op: 'put', collection: c, doc: { id: 'a' } }], [
          { projection: p, position: 5 },
          { projection: q, position: 6 },
        ]);
        expect([await store.getCheckpoint(p), await store.getCheckpoint(q)]).toEqual([5, 6]);
      });

      it('are cleared by reset together with the named collections only', async () => {
        const p = `proj_${randomUUID()}`;
        const o = other();
        await store.commit(
          [
            { op: 'put', collection: c, doc: { id: 'a' } },
            { op: 'put', collection: o, doc: { id: 'kept' } },
          ],
          { projection: p, position: 7 },
        );
        await store.reset([c], p);
        expect(await store.count(c)).toBe(0);
        expect(await store.getCheckpoint(p)).toBe(0);
        expect(await store.get(o, 'kept')).toEqual({ id: 'kept' });
      });
    });
  });
}
