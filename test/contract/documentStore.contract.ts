// One contract for every DocumentStore adapter (SQLite, MongoDB). Where the two databases could
// differ (types in comparisons, null versus missing, sort order of text, limit 0), the contract
// pins MongoDB's meaning, so queries answer the same whichever store runs.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, DocumentStore, Filter, FindOptions } from '../../read-models/documentStore.js';
import { cachedDocumentStore } from '../../read-models/cachedDocumentStore.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { ensureHygieneIndexes, startHygiene } from '../../api/timers/hygiene.js';
import { MAIL_LOG } from '../../api/mail/outbox.js';
import { PUSH_LOG } from '../../api/push/reactor.js';
import { defaultSettings } from '../../domain/settings/settings.js';
import { handOverContract } from './handover.contract.js';

type OpenedStore = { store: DocumentStore; cleanup: () => Promise<void> };
export type OpenDocumentStore = () => Promise<OpenedStore>;

const ids = (docs: Doc[]) => docs.map((d) => d.id);

export function documentStoreContract(name: string, open: OpenDocumentStore) {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let cleanup: OpenedStore['cleanup'];
    // Unique names, so runs against one shared server never see each other's documents.
    const unique = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;
    let c: string;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      c = unique('test');
    });
    afterEach(async () => {
      await cleanup();
    });

    handOverContract(() => store);

    const put = (...docs: Doc[]) => store.commit(docs.map((doc) => ({ op: 'put' as const, collection: c, doc })));
    const find = async (filter: Filter, options?: FindOptions) => ids(await store.find(c, filter, options));

    describe('documents', () => {
      it('round-trip nested objects, arrays, booleans, nulls, numbers and Swedish text', async () => {
        const doc = {
          id: 'Räksmörgås 1',
          name: 'Räksmörgås',
          emoji: '🍕 ÅÄÖ åäö',
          n: 12.5,
          zero: 0,
          negative: -42,
          big: 2 ** 40,
          yes: true,
          no: false,
          none: null,
          list: [1, 'två', { x: 'ö', deeper: [true, null] }],
          empty: { object: {}, list: [] },
          nested: { deep: { å: 1, price: '$5', path: '$$ROOT' } },
          _pos: 3,
        };
        await put(doc);
        const got = await store.get(c, 'Räksmörgås 1');
        expect(got).toEqual(doc);
        expect(Object.keys(got!)).not.toContain('_id');
      });

      it('give null for an id that was never stored', async () => {
        expect(await store.get(c, 'missing')).toBeNull();
        expect(await store.get(unique('never_written'), 'missing')).toBeNull();
      });

      it('leave out fields that are undefined, as JSON does', async () => {
        await put({ id: 'u', gone: undefined, kept: 1 });
        const got = await store.get(c, 'u');
        expect(got).toEqual({ id: 'u', kept: 1 });
        expect('gone' in got!).toBe(false);
      });

      it('are replaced whole by a put and removed by a delete', async () => {
        await put({ id: 'a', v: 1, old: true });
        await put({ id: 'a', v: 2 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 2 });
        await store.commit([{ op: 'delete', collection: c, id: 'a' }]);
        expect(await store.get(c, 'a')).toBeNull();
        await store.commit([{ op: 'delete', collection: c, id: 'never-there' }]);
        expect(await store.count(c)).toBe(0);
      });

      it('are returned by find with their id and without store fields', async () => {
        await put({ id: 'a', v: 1 });
        expect(await store.find(c)).toEqual([{ id: 'a', v: 1 }]);
      });
    });

    describe('commit', () => {
      it('applies a batch in order', async () => {
        await store.commit([
          { op: 'put', collection: c, doc: { id: 'x', v: 1 } },
          { op: 'delete', collection: c, id: 'x' },
          { op: 'put', collection: c, doc: { id: 'y', v: 1 } },
          { op: 'put', collection: c, doc: { id: 'y', v: 2 } },
          { op: 'delete', collection: c, id: 'z' },
          { op: 'put', collection: c, doc: { id: 'z', v: 3 } },
          { op: 'put', collection: c, doc: { id: 'w', v: 4 } },
          { op: 'delete', collection: c, id: 'w' },
          { op: 'put', collection: c, doc: { id: 'w', v: 5 } },
        ]);
        expect(await store.get(c, 'x')).toBeNull();
        expect(await store.get(c, 'y')).toEqual({ id: 'y', v: 2 });
        expect(await store.get(c, 'z')).toEqual({ id: 'z', v: 3 });
        expect(await store.get(c, 'w')).toEqual({ id: 'w', v: 5 });
        expect(await store.count(c)).toBe(3);
      });

      it('writes to several collections at once', async () => {
        const o = unique('other');
        await store.commit([
          { op: 'put', collection: c, doc: { id: 'a', in: 'c' } },
          { op: 'put', collection: o, doc: { id: 'a', in: 'o' } },
          { op: 'delete', collection: c, id: 'a' },
        ]);
        expect(await store.get(c, 'a')).toBeNull();
        expect(await store.get(o, 'a')).toEqual({ id: 'a', in: 'o' });
      });

      it('applies large and small commits alike, each in full', async () => {
        // A rebuild's pages are large commits (the SQLite store writes them on a thread of its own).
        const many = (v: number) =>
          Array.from({ length: 600 }, (_, i) => ({
            op: 'put' as const,
            collection: c,
            doc: { id: `d${i}`, v, _pos: v },
          }));
        await store.commit(many(1), { projection: c, position: 1 });
        await store.commit(
          [
            { op: 'put', collection: c, doc: { id: 'd0', v: 2, _pos: 2 } },
            { op: 'delete', collection: c, id: 'd1', position: 2 },
          ],
          { projection: c, position: 2 },
        );
        await store.commit(many(3).slice(2), { projection: c, position: 3 });
        expect(await store.get(c, 'd0')).toEqual({ id: 'd0', v: 2, _pos: 2 });
        expect(await store.get(c, 'd1')).toBeNull();
        expect(await store.get(c, 'd599')).toEqual({ id: 'd599', v: 3, _pos: 3 });
        expect(await store.count(c)).toBe(599);
        expect(await store.getCheckpoint(c)).toBe(3);
        await store.reset([c], c);
        expect(await store.count(c)).toBe(0);
      });

      it('accepts an empty batch', async () => {
        await store.commit([]);
        expect(await store.count(c)).toBe(0);
      });
    });

    describe('positions', () => {
      it('never replace a document with one built from an older or the same position', async () => {
        await put({ id: 'a', v: 'new', _pos: 5 });
        // A lagging process replaying older events, in a batch of its own and within one.
        await put({ id: 'a', v: 'old', _pos: 3 });
        await put({ id: 'a', v: 'same', _pos: 5 }, { id: 'b', v: 'b', _pos: 4 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'new', _pos: 5 });
        expect(await store.get(c, 'b')).toEqual({ id: 'b', v: 'b', _pos: 4 });
        await put({ id: 'a', v: 'newer', _pos: 7 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'newer', _pos: 7 });
        // Without a position a put always replaces; a document without one is replaced by any.
        await put({ id: 'a', v: 'plain' });
        await put({ id: 'a', v: 'positioned', _pos: 1 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'positioned', _pos: 1 });
      });

      it('make a delete a tombstone that reads never show and older puts cannot undo', async () => {
        await put({ id: 'a', v: 1, _pos: 3 }, { id: 'b', v: 1, _pos: 3 });
        await store.commit([{ op: 'delete', collection: c, id: 'a', position: 6 }]);
        expect(await store.get(c, 'a')).toBeNull();
        expect(ids(await store.find(c))).toEqual(['b']);
        expect(ids(await store.find(c, { v: 1 }))).toEqual(['b']);
        expect(await store.count(c)).toBe(1);
        expect(await store.count(c, { id: 'a' })).toBe(0);
        // A lagging process re-creating it from an older event: still deleted.
        await put({ id: 'a', v: 'stale', _pos: 5 });
        expect(await store.get(c, 'a')).toBeNull();
        // A later event brings it back.
        await put({ id: 'a', v: 'again', _pos: 8 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'again', _pos: 8 });
        // An older delete does not remove a newer document.
        await store.commit([{ op: 'delete', collection: c, id: 'a', position: 7 }]);
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'again', _pos: 8 });
      });

      it('are given by findJson, where the store keeps JSON text, as the texts of what find gives', async () => {
        await put({ id: 'b', v: 'två', n: [1, { x: null }], _pos: 2 }, { id: 'a', v: 1, _pos: 1 });
        await store.commit([{ op: 'delete', collection: c, id: 'c', position: 3 }]);
        if (!store.findJson) return;
        const options: FindOptions = { sort: [['id', 1]], limit: 5 };
        const texts = await store.findJson(c, {}, options);
        expect(texts.map((text) => JSON.parse(text) as unknown)).toEqual(await store.find(c, {}, options));
        expect((await store.findJson(c, { id: { $gt: 'a' } }, options)).map((t) => (JSON.parse(t) as Doc).id)).toEqual([
          'b',
        ]);
      });

      it('leave no tombstone behind a reset', async () => {
        const p = unique('proj');
        await store.commit([{ op: 'delete', collection: c, id: 'a', position: 6 }], { projection: p, position: 6 });
        await store.reset([c], p);
        await put({ id: 'a', v: 'rebuilt', _pos: 2 });
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'rebuilt', _pos: 2 });
      });
    });

    describe('filters', () => {
      it('refuse a field without a condition, or with no operator, as every adapter would read it differently', async () => {
        await put({ id: 'a', v: 1 });
        for (const filter of [{ v: undefined }, { v: {} }, { v: { $gte: undefined } }] as unknown as Filter[]) {
          await expect(store.find(c, filter)).rejects.toThrow();
          await expect(store.count(c, filter)).rejects.toThrow();
        }
      });
    });

    describe('collections', () => {
      it('are kept apart: the same id in two collections, writes and counts', async () => {
        const o = unique('other');
        await put({ id: 'a', v: 'c' }, { id: 'b', v: 'c' });
        await store.commit([{ op: 'put', collection: o, doc: { id: 'a', v: 'o' } }]);
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'c' });
        expect(await store.get(o, 'a')).toEqual({ id: 'a', v: 'o' });
        expect([await store.count(c), await store.count(o)]).toEqual([2, 1]);
        expect(ids(await store.find(o, { v: 'c' }))).toEqual([]);
        await store.commit([{ op: 'delete', collection: o, id: 'a' }]);
        expect(await store.get(c, 'a')).toEqual({ id: 'a', v: 'c' });
      });

      it('may be called checkpoints without touching the stored checkpoints', async () => {
        const p = unique('proj');
        await store.commit([{ op: 'put', collection: 'checkpoints', doc: { id: p, position: 99 } }], {
          projection: p,
          position: 4,
        });
        expect(await store.get('checkpoints', p)).toEqual({ id: p, position: 99 });
        expect(await store.getCheckpoint(p)).toBe(4);
        await store.commit([{ op: 'delete', collection: 'checkpoints', id: p }]);
        expect(await store.getCheckpoint(p)).toBe(4);
      });

      it('refuse names that are not plain words, and unknown operators', async () => {
        await expect(store.find('bad-name')).rejects.toThrow();
        await expect(store.find("c'; DROP TABLE docs; --")).rejects.toThrow();
        await expect(store.commit([{ op: 'put', collection: 'a.b', doc: { id: 'x' } }])).rejects.toThrow();
        await expect(store.find(c, { 'a.b': 1 })).rejects.toThrow();
        await expect(store.find(c, { $where: 'true' })).rejects.toThrow();
        await expect(store.find(c, { a: { $regex: 'x' } } as unknown as Filter)).rejects.toThrow();
        await expect(store.ensureIndex(c, 'a b')).rejects.toThrow();
        await expect(store.ensureIndex('bad name', 'a')).rejects.toThrow();
      });
    });

    for (const indexed of [false, true]) {
      describe(`find and count${indexed ? ' with indexes declared' : ''}`, () => {
        const fields = ['date', 'status', 'pizzas', 'vip', 'note', 'score', 'name', 'v', 'id'];
        beforeEach(async () => {
          // Declared before the documents exist and again after: both must keep answers the same.
          if (indexed) for (const f of fields) await store.ensureIndex(c, f);
          await put(
            {
              id: 'b1',
              date: '2026-11-24',
              status: 'pending',
              pizzas: 2,
              vip: true,
              note: null,
              score: 0,
              name: 'Zebra',
            },
            {
              id: 'b2',
              date: '2026-11-25',
              status: 'confirmed',
              pizzas: 4,
              vip: false,
              note: 'x',
              score: 1,
              name: 'apa',
            },
            { id: 'b3', date: '2026-11-25', status: 'cancelled', pizzas: 1, vip: false, score: 1.5, name: 'Örjan' },
            {
              id: 'b4',
              date: '2026-11-27',
              status: 'pending',
              pizzas: 4,
              vip: true,
              note: 'y',
              score: -3,
              name: 'Åsa',
            },
          );
          if (indexed) for (const f of fields) await store.ensureIndex(c, f);
        });

        it('filters by equality on strings, numbers, booleans and several fields', async () => {
          expect(await find({ status: 'pending' })).toEqual(['b1', 'b4']);
          expect(await find({ pizzas: 4 })).toEqual(['b2', 'b4']);
          expect(await find({ score: 1.5 })).toEqual(['b3']);
          expect(await find({ vip: true })).toEqual(['b1', 'b4']);
          expect(await find({ vip: false, status: 'confirmed' })).toEqual(['b2']);
          expect(await find({ date: '2026-11-25', pizzas: 4, vip: false })).toEqual(['b2']);
          expect(await find({ status: 'nope' })).toEqual([]);
          expect(await find({ name: 'Örjan' })).toEqual(['b3']);
        });

        it('treats null as null or missing', async () => {
          expect(await find({ note: null })).toEqual(['b1', 'b3']);
          expect(await find({ unknown_field: null })).toEqual(['b1', 'b2', 'b3', 'b4']);
          expect(await find({ note: { $ne: null } })).toEqual(['b2', 'b4']);
          expect(await find({ note: { $in: [null, 'x'] } })).toEqual(['b1', 'b2', 'b3']);
        });

        it('filters by ranges on text and numbers', async () => {
          expect(await find({ date: { $gte: '2026-11-25', $lte: '2026-11-26' } })).toEqual(['b2', 'b3']);
          expect(await find({ date: { $gt: '2026-11-24', $lt: '2026-11-27' } })).toEqual(['b2', 'b3']);
          expect(await find({ date: { $gte: '2026-11-25' } })).toEqual(['b2', 'b3', 'b4']);
          expect(await find({ date: { $lt: '2026-11-25' } })).toEqual(['b1']);
          expect(await find({ pizzas: { $gt: 1, $lt: 4 } })).toEqual(['b1']);
          expect(await find({ score: { $lt: 0 } })).toEqual(['b4']);
          expect(await find({ score: { $gte: 1 } })).toEqual(['b2', 'b3']);
          expect(await find({ score: { $lte: 1, $gt: -3 } })).toEqual(['b1', 'b2']);
          expect(await find({ date: { $gte: '2026-11-25' }, status: 'pending' })).toEqual(['b4']);
        });

        it('filters by membership and inequality', async () => {
          expect(await find({ status: { $in: ['confirmed', 'cancelled'] } })).toEqual(['b2', 'b3']);
          expect(await find({ pizzas: { $in: [1, 4] } })).toEqual(['b2', 'b3', 'b4']);
          expect(await find({ vip: { $in: [false] } })).toEqual(['b2', 'b3']);
          expect(await find({ status: { $in: [] } })).toEqual([]);
          expect(await find({ status: { $ne: 'pending' } })).toEqual(['b2', 'b3']);
          expect(await find({ note: { $ne: 'x' } })).toEqual(['b1', 'b3', 'b4']);
          expect(await find({ vip: { $ne: true }, pizzas: { $ne: 1 } })).toEqual(['b2']);
        });

        it('filters on id', async () => {
          expect(await find({ id: 'b2' })).toEqual(['b2']);
          expect(await find({ id: { $in: ['b1', 'b3', 'zz'] } })).toEqual(['b1', 'b3']);
          expect(await find({ id: { $gte: 'b3' } })).toEqual(['b3', 'b4']);
          expect(await find({ id: { $ne: 'b1' }, status: 'pending' })).toEqual(['b4']);
        });

        it('sorts by several keys either way, breaking ties by id ascending', async () => {
          expect(await find({}, { sort: [['pizzas', -1]] })).toEqual(['b2', 'b4', 'b1', 'b3']);
          expect(await find({}, { sort: [['pizzas', 1]] })).toEqual(['b3', 'b1', 'b2', 'b4']);
          expect(
            await find(
              {},
              {
                sort: [
                  ['date', 1],
                  ['status', 1],
                ],
              },
            ),
          ).toEqual(['b1', 'b3', 'b2', 'b4']);
          expect(
            await find(
              {},
              {
                sort: [
                  ['date', -1],
                  ['status', -1],
                ],
              },
            ),
          ).toEqual(['b4', 'b2', 'b3', 'b1']);
          expect(
            await find(
              {},
              {
                sort: [
                  ['vip', -1],
                  ['score', 1],
                ],
              },
            ),
          ).toEqual(['b4', 'b1', 'b2', 'b3']);
          expect(await find({}, { sort: [['id', -1]] })).toEqual(['b4', 'b3', 'b2', 'b1']);
          expect(await find({}, { sort: [['score', -1]] })).toEqual(['b3', 'b2', 'b1', 'b4']);
        });

        it('sorts null and missing first, and text by code point', async () => {
          expect(await find({}, { sort: [['note', 1]] })).toEqual(['b1', 'b3', 'b2', 'b4']);
          expect(await find({}, { sort: [['note', -1]] })).toEqual(['b4', 'b2', 'b1', 'b3']);
          expect(await find({}, { sort: [['name', 1]] })).toEqual(['b1', 'b2', 'b4', 'b3']);
        });

        it('limits after filtering and sorting', async () => {
          expect(await find({}, { sort: [['date', -1]], limit: 2 })).toEqual(['b4', 'b2']);
          expect(await find({ vip: false }, { sort: [['score', -1]], limit: 1 })).toEqual(['b3']);
          expect(await find({}, { limit: 3 })).toEqual(['b1', 'b2', 'b3']);
          expect(await find({}, { limit: 10 })).toEqual(['b1', 'b2', 'b3', 'b4']);
          expect(await find({}, { limit: 0 })).toEqual([]);
        });

        it('counts with and without a filter', async () => {
          expect(await store.count(c)).toBe(4);
          expect(await store.count(c, { status: 'pending' })).toBe(2);
          expect(await store.count(c, { date: { $gte: '2026-11-25' }, vip: false })).toBe(2);
          expect(await store.count(c, { note: null })).toBe(2);
          expect(await store.count(unique('empty'))).toBe(0);
        });

        it('never mixes types: true is not 1, false is not 0, "1" is not 1', async () => {
          const t = unique('types');
          if (indexed) await store.ensureIndex(t, 'v');
          await store.commit(
            [{ v: true }, { v: 1 }, { v: false }, { v: 0 }, { v: '1' }, { v: null }, {}].map((fields, i) => ({
              op: 'put' as const,
              collection: t,
              doc: { id: `t${i + 1}`, ...fields },
            })),
          );
          const by = async (filter: Filter) => ids(await store.find(t, filter));
          expect(await by({ v: true })).toEqual(['t1']);
          expect(await by({ v: 1 })).toEqual(['t2']);
          expect(await by({ v: false })).toEqual(['t3']);
          expect(await by({ v: 0 })).toEqual(['t4']);
          expect(await by({ v: '1' })).toEqual(['t5']);
          expect(await by({ v: null })).toEqual(['t6', 't7']);
          expect(await by({ v: { $in: [true, 0] } })).toEqual(['t1', 't4']);
          expect(await by({ v: { $in: ['1', false, null] } })).toEqual(['t3', 't5', 't6', 't7']);
          expect(await by({ v: { $ne: 1 } })).toEqual(['t1', 't3', 't4', 't5', 't6', 't7']);
          expect(await by({ v: { $ne: true } })).toEqual(['t2', 't3', 't4', 't5', 't6', 't7']);
          expect(await by({ v: { $gte: 0 } })).toEqual(['t2', 't4']);
          expect(await by({ v: { $lt: 1 } })).toEqual(['t4']);
          expect(await by({ v: { $gt: false } })).toEqual(['t1']);
          expect(await by({ v: { $gte: '' } })).toEqual(['t5']);
          expect(await by({ v: { $lt: 'z' } })).toEqual(['t5']);
          expect(await store.count(t, { v: { $ne: null } })).toBe(5);
        });
      });
    }

    describe('ensureIndex', () => {
      it('is idempotent and leaves writes working', async () => {
        await store.ensureIndex(c, 'date');
        await store.ensureIndex(c, 'date');
        await put({ id: 'a', date: '2026-01-01' }, { id: 'b', date: '2026-01-02' });
        await put({ id: 'a', date: '2026-01-03' });
        await store.commit([{ op: 'delete', collection: c, id: 'b' }]);
        await store.ensureIndex(c, 'date');
        expect(await find({ date: '2026-01-01' })).toEqual([]);
        expect(await find({ date: { $gte: '2026-01-02' } })).toEqual(['a']);
      });

      it('serves a work queue from a compound index with the same answers as without it', async () => {
        // Pending items by priority, then due time, ties by id; the due filter is a range on
        // the index's last field, and the limit cuts inside a tie.
        const items = [
          { id: 'e', status: 'pending', priority: 1, due_ms: 10 },
          { id: 'a', status: 'pending', priority: 1, due_ms: 5 },
          { id: 'd', status: 'pending', priority: 0, due_ms: 30 },
          { id: 'b', status: 'pending', priority: 1, due_ms: 5 },
          { id: 'c', status: 'sent', priority: 0, due_ms: 1 },
          { id: 'f', status: 'pending', priority: 0, due_ms: 99 },
          { id: 'g', status: 'pending', priority: 2, due_ms: 1 },
        ];
        await put(...items);
        const query = (limit?: number) =>
          find(
            { status: 'pending', due_ms: { $lte: 40 } },
            {
              sort: [
                ['priority', 1],
                ['due_ms', 1],
              ],
              limit,
            },
          );
        const without = [await query(), await query(3)];
        expect(without).toEqual([
          ['d', 'a', 'b', 'e', 'g'],
          ['d', 'a', 'b'],
        ]);
        await store.ensureIndex(c, ['status', 'priority', 'due_ms']);
        await store.ensureIndex(c, ['status', 'priority', 'due_ms']);
        expect([await query(), await query(3)]).toEqual(without);
        await put({ id: 'a', status: 'sent', priority: 1, due_ms: 5 }, { id: 'h', status: 'pending', priority: 0 });
        expect(await query()).toEqual(['d', 'b', 'e', 'g']);
        await expect(store.ensureIndex(c, ['status', 'a+b'])).rejects.toThrow();
        await expect(store.ensureIndex(c, [])).rejects.toThrow();
      });
    });

    describe('checkpoints', () => {
      it('only move forward; reset clears them', async () => {
        const p = unique('proj');
        await store.commit([], { projection: p, position: 10 });
        await store.commit([], [{ projection: p, position: 7 }]);
        expect(await store.getCheckpoint(p)).toBe(10);
        await store.reset([], p);
        expect(await store.getCheckpoint(p)).toBe(0);
        await store.commit([], { projection: p, position: 3 });
        expect(await store.getCheckpoint(p)).toBe(3);
      });

      it('are 0 until a commit stores one, and move only with a commit', async () => {
        const p = unique('proj');
        expect(await store.getCheckpoint(p)).toBe(0);
        await store.commit([{ op: 'put', collection: c, doc: { id: 'a' } }], { projection: p, position: 42 });
        expect(await store.getCheckpoint(p)).toBe(42);
        await put({ id: 'b' });
        expect(await store.getCheckpoint(p)).toBe(42);
        await store.commit([], { projection: p, position: 43 });
        expect(await store.getCheckpoint(p)).toBe(43);
        expect(await store.count(c)).toBe(2);
      });

      it('can be stored for several projections in one commit, each on its own', async () => {
        const [p, q, r] = [unique('proj'), unique('proj'), unique('proj')];
        await store.commit(
          [{ op: 'put', collection: c, doc: { id: 'a' } }],
          [
            { projection: p, position: 5 },
            { projection: q, position: 6 },
          ],
        );
        await store.commit([], [{ projection: q, position: 9 }]);
        expect([await store.getCheckpoint(p), await store.getCheckpoint(q), await store.getCheckpoint(r)]).toEqual([
          5, 9, 0,
        ]);
      });

      it('hold large positions exactly', async () => {
        const p = unique('proj');
        await store.commit([], { projection: p, position: 2 ** 40 + 1 });
        expect(await store.getCheckpoint(p)).toBe(2 ** 40 + 1);
      });
    });

    describe('leases', () => {
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

      it('go to one owner at a time, who can renew it', async () => {
        const scope = unique('lease');
        expect(await store.lease(scope, 'mail', 'a', 10_000)).toBe('ours');
        expect(await store.lease(scope, 'mail', 'b', 10_000)).toBe('theirs');
        expect(await store.lease(scope, 'mail', 'a', 10_000)).toBe('ours');
        expect(await store.lease(scope, 'other', 'b', 10_000)).toBe('ours');
      });

      it('are taken over once their time has run out', async () => {
        const scope = unique('lease');
        expect(await store.lease(scope, 'mail', 'a', 100)).toBe('ours');
        await sleep(250);
        expect(await store.lease(scope, 'mail', 'b', 10_000)).toBe('ours');
        expect(await store.lease(scope, 'mail', 'a', 10_000)).toBe('theirs');
      });

      it('are free at once when released, by their owner only', async () => {
        const scope = unique('lease');
        await store.lease(scope, 'mail', 'a', 10_000);
        await store.endLease(scope, 'mail', 'b', 'release');
        expect(await store.lease(scope, 'mail', 'b', 10_000)).toBe('theirs');
        await store.endLease(scope, 'mail', 'a', 'release');
        expect(await store.lease(scope, 'mail', 'b', 10_000)).toBe('ours');
      });

      it('stay done for everyone once ended as done, also one never taken', async () => {
        const scope = unique('lease');
        await store.lease(scope, 'm1', 'a', 10_000);
        await store.endLease(scope, 'm1', 'a', 'done');
        expect(await store.lease(scope, 'm1', 'a', 10_000)).toBe('done');
        expect(await store.lease(scope, 'm1', 'b', 10_000)).toBe('done');
        await store.endLease(scope, 'm2', 'b', 'done');
        expect(await store.lease(scope, 'm2', 'a', 10_000)).toBe('done');
      });

      it('are listed by running owner, and all of one owner freed at once', async () => {
        const scope = unique('lease');
        const [dead, alive] = [unique('dead-owner'), unique('live-owner')];
        await store.lease(scope, 'm1', dead, 10_000);
        await store.lease(unique('lease'), 'm2', dead, 10_000);
        await store.lease(scope, 'm3', dead, 10_000);
        await store.endLease(scope, 'm3', dead, 'done');
        await store.lease(scope, 'm4', alive, 10_000);
        await store.lease(scope, 'm5', unique('run-out'), 1);
        await sleep(20);
        const owners = await store.leaseOwners();
        expect(owners).toEqual(expect.arrayContaining([dead, alive]));
        expect(owners.filter((o) => o.startsWith('run-out'))).toEqual([]);

        expect(await store.releaseLeasesOf(dead)).toBe(2); // m1 and m2; m3 is done
        expect(await store.leaseOwners()).not.toContain(dead);
        expect(await store.lease(scope, 'm1', alive, 10_000)).toBe('ours');
        expect(await store.lease(scope, 'm3', alive, 10_000)).toBe('done');
        expect(await store.lease(scope, 'm4', dead, 10_000)).toBe('theirs');
      });

      it('go to exactly one of many owners asking at once', async () => {
        const scope = unique('lease');
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => store.lease(scope, 'race', `owner-${i}`, 10_000)),
        );
        expect(answers.filter((a) => a === 'ours')).toHaveLength(1);
      });

      it('are no read models: reset leaves them alone', async () => {
        const scope = unique('lease');
        await store.lease(scope, 'mail', 'a', 10_000);
        await store.endLease(scope, 'sent', 'a', 'done');
        await store.reset([c], unique('p'));
        expect(await store.lease(scope, 'mail', 'b', 10_000)).toBe('theirs');
        expect(await store.lease(scope, 'sent', 'b', 10_000)).toBe('done');
      });
    });

    describe('reset', () => {
      it('clears the named collections and the projection checkpoint, nothing else', async () => {
        const [p, q] = [unique('proj'), unique('proj')];
        const [d, o] = [unique('second'), unique('other')];
        await store.commit(
          [
            { op: 'put', collection: c, doc: { id: 'a' } },
            { op: 'put', collection: d, doc: { id: 'b' } },
            { op: 'put', collection: o, doc: { id: 'kept' } },
          ],
          [
            { projection: p, position: 7 },
            { projection: q, position: 8 },
          ],
        );
        await store.reset([c, d], p);
        expect([await store.count(c), await store.count(d)]).toEqual([0, 0]);
        expect(await store.get(c, 'a')).toBeNull();
        expect(await store.getCheckpoint(p)).toBe(0);
        expect(await store.getCheckpoint(q)).toBe(8);
        expect(await store.get(o, 'kept')).toEqual({ id: 'kept' });
      });

      it('leaves the collection ready for a rebuild, indexes included', async () => {
        const p = unique('proj');
        await store.ensureIndex(c, 'status');
        await store.commit([{ op: 'put', collection: c, doc: { id: 'a', status: 'old' } }], {
          projection: p,
          position: 3,
        });
        await store.reset([c], p);
        await store.commit([{ op: 'put', collection: c, doc: { id: 'b', status: 'new' } }], {
          projection: p,
          position: 1,
        });
        expect(await find({ status: 'new' })).toEqual(['b']);
        expect(await find({ status: 'old' })).toEqual([]);
        expect(await store.getCheckpoint(p)).toBe(1);
      });
    });

    describe('values from outside', () => {
      it('refuses a filter value or an id that is not a scalar (no operator smuggled in with a value)', async () => {
        await put({ id: 'a', name: 'Åsa' }, { id: 'b', name: 'Bo' });
        // An object as a condition is read as operators (and checked as such); as an operator's
        // value, or inside $in, only a scalar passes.
        await expect(store.find(c, { name: Number.NaN })).rejects.toThrow(/Unsupported filter value/);
        await expect(store.find(c, { name: ['Åsa'] as never })).rejects.toThrow();
        for (const value of [{ $ne: null }, ['Åsa'], Number.NaN]) {
          await expect(store.find(c, { name: { $gte: value } as never })).rejects.toThrow(/Unsupported filter value/);
          await expect(store.count(c, { name: { $in: [value] } as never })).rejects.toThrow(/Unsupported filter value/);
        }
        await expect(store.get(c, { $ne: null } as never)).rejects.toThrow(/Invalid document id/);
        await expect(store.get(c, 7 as never)).rejects.toThrow(/Invalid document id/);
        expect(await store.get(c, 'a')).toMatchObject({ name: 'Åsa' });
      });
    });

    describe('countHit', () => {
      it('counts every hit on a key once, also when they arrive together, and keys apart', async () => {
        const key = unique('ip');
        const hits = await Promise.all(Array.from({ length: 20 }, () => store.countHit(key, 60_000)));
        expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        for (const h of hits) {
          expect(h.resetInMs).toBeGreaterThan(0);
          expect(h.resetInMs).toBeLessThanOrEqual(60_000);
        }
        expect((await store.countHit(unique('ip'), 60_000)).count).toBe(1);
      });

      it('starts a new window at the first hit after the last one ended', async () => {
        const key = unique('ip');
        await store.countHit(key, 100);
        expect((await store.countHit(key, 100)).count).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect((await store.countHit(key, 100)).count).toBe(1);
      });

      it('purges the counters whose window ended longer ago than asked, and keeps the running ones', async () => {
        const ended = unique('ip');
        const running = unique('ip');
        await store.countHit(ended, 1);
        await store.countHit(running, 60_000);
        // Every counter of the tests before has ended by then too.
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(await store.purgeCounters(200)).toBeGreaterThanOrEqual(1);
        // Gone: a second purge finds nothing more to delete.
        expect(await store.purgeCounters(200)).toBe(0);
        // The running window is kept and goes on counting.
        expect((await store.countHit(running, 60_000)).count).toBe(2);
        expect(await store.purgeCounters(0)).toBe(0);
      });
    });

    describe('expiry by age, with the clock moved', () => {
      const DAY = 86_400_000;
      it('purgeLeases: a finished lease goes 30 days on (then it can be taken again), a running one stays', async () => {
        const scope = unique('scope');
        await store.lease(scope, 'finished', 'a', 60_000);
        await store.endLease(scope, 'finished', 'a', 'done');
        await store.lease(scope, 'running', 'a', 60_000);
        expect(await store.purgeLeases(new Date(Date.now() + 29 * DAY))).toBe(0);
        expect(await store.lease(scope, 'finished', 'b', 60_000)).toBe('done');
        expect(await store.purgeLeases(new Date(Date.now() + 31 * DAY))).toBeGreaterThanOrEqual(1);
        expect(await store.lease(scope, 'finished', 'b', 60_000)).toBe('ours');
        // The running one was left for good and ran out over 30 days ago by then: gone too.
        expect(await store.lease(scope, 'running', 'b', 60_000)).toBe('ours');
      });

      it('purgeCounters: a counter goes once its window ended longer ago than asked', async () => {
        const key = unique('client');
        await store.countHit(key, 60_000);
        expect(await store.purgeCounters(3_600_000, new Date(Date.now() + 30 * 60_000))).toBe(0);
        expect(await store.purgeCounters(3_600_000, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
        expect((await store.countHit(key, 60_000)).count).toBe(1);
      });
    });

    describe('hygiene by age (api/timers/hygiene.ts), with the clock moved', () => {
      for (const cached of [false, true])
        it(`deletes sessions a day past expiry and the logs' old finished items, nothing else${cached ? ', behind the read-through cache' : ''}`, async () => {
          const docs = cached ? cachedDocumentStore(store, [COLLECTIONS.adminSessions]) : store;
          await ensureHygieneIndexes(docs);
          const run = unique('h');
          const at = (iso: string) => new Date(iso);
          let now = at('2027-03-15T12:00:00.000Z');
          const hygiene = startHygiene({
            docs,
            settings: async () => ({ ...defaultSettings('admin@kiosk.se'), personal_data_retention_months: 1 }),
            clock: () => ({ now, timeZone: 'Europe/Stockholm' }),
            owner: run,
            intervalMs: 0,
            log: () => {},
          });
          const write = (collection: string, ...docsToPut: Doc[]) =>
            docs.commit(
              docsToPut.map((doc) => ({ op: 'put' as const, collection, doc: { ...doc, id: `${run}-${doc.id}` } })),
            );
          await write(
            COLLECTIONS.adminSessions,
            { id: 'expired', expires_at: '2027-03-14T11:00:00.000Z' },
            { id: 'expired-lately', expires_at: '2027-03-14T13:00:00.000Z' },
            { id: 'live', expires_at: '2027-03-15T20:00:00.000Z' },
          );
          await write(
            MAIL_LOG,
            { id: 'sent-old', status: 'sent', created_at: '2027-02-14T23:00:00.000Z' },
            { id: 'failed-old', status: 'failed', created_at: '2027-01-01T10:00:00.000Z' },
            { id: 'pending-old', status: 'pending', created_at: '2027-01-01T10:00:00.000Z' },
            { id: 'sent-new', status: 'sent', created_at: '2027-02-15T00:00:00.000Z' },
            // Entries from before the outbox: no status, written once sent.
            { id: 'legacy-old', to: 'a@example.se', sent_at: '2027-01-01T10:00:00.000Z' },
            { id: 'legacy-new', to: 'a@example.se', sent_at: '2027-03-01T10:00:00.000Z' },
          );
          await write(
            PUSH_LOG,
            { id: 'gone-old', state: 'gone', created_at: '2027-02-01T10:00:00.000Z' },
            { id: 'pending-old', state: 'pending', created_at: '2027-02-01T10:00:00.000Z' },
            { id: 'sent-new', state: 'sent', created_at: '2027-03-01T10:00:00.000Z' },
          );
          const left = async (collection: string) =>
            (await docs.find(collection))
              .map((d) => d.id)
              .filter((id) => id.startsWith(`${run}-`))
              .map((id) => id.slice(run.length + 1))
              .sort();

          await hygiene.sweep();
          expect(await left(COLLECTIONS.adminSessions)).toEqual(['expired-lately', 'live']);
          expect(await docs.get(COLLECTIONS.adminSessions, `${run}-expired`)).toBeNull();
          expect(await left(MAIL_LOG)).toEqual(['legacy-new', 'pending-old', 'sent-new']);
          expect(await left(PUSH_LOG)).toEqual(['pending-old', 'sent-new']);

          // Two hours on: the session that expired lately is a day past too; the logs' cutoff
          // moves with the date only.
          now = at('2027-03-15T14:00:00.000Z');
          await hygiene.sweep();
          expect(await left(COLLECTIONS.adminSessions)).toEqual(['live']);
          expect(await left(MAIL_LOG)).toEqual(['legacy-new', 'pending-old', 'sent-new']);

          // A month on, the newer finished items pass the cutoff as well; pending ones stay.
          now = at('2027-04-20T12:00:00.000Z');
          await hygiene.sweep();
          expect(await left(MAIL_LOG)).toEqual(['pending-old']);
          expect(await left(PUSH_LOG)).toEqual(['pending-old']);
          await hygiene.stop();
        });
    });

    describe('behind the read-through cache', () => {
      it('a read that a commit overtook is not kept: a slow read never brings an old document back', async () => {
        // The real store, its reads held until released (a slow network or disk).
        let held: Promise<void> | null = null;
        const slow = new Proxy(store, {
          get(target, property) {
            if (property === 'get') {
              return async (collection: string, id: string) => {
                const doc = await target.get(collection, id);
                if (held) await held;
                return doc;
              };
            }
            const value = Reflect.get(target, property);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        const cache = cachedDocumentStore(slow, [c]);
        await put({ id: 'dag', bokningar: 1, _pos: 1 });
        let release!: () => void;
        held = new Promise((resolve) => (release = resolve));
        const before = cache.get(c, 'dag'); // reads bokningar 1, then waits
        await cache.commit([{ op: 'put', collection: c, doc: { id: 'dag', bokningar: 2, _pos: 2 } }]);
        release();
        expect(await before).toMatchObject({ bokningar: 1 });
        held = null;
        expect(await cache.get(c, 'dag')).toMatchObject({ bokningar: 2 });
        expect(await cache.get(c, 'dag')).toMatchObject({ bokningar: 2 });
      });
    });
  });
}
