// The operations scripts: replay to a moment, export -> import -> rebuild, and an import that
// refuses a store with events. The logic runs in-process; each CLI runs once as a real process
// on the same files, as an operator would run it.
import { execFile } from 'node:child_process';
import { KEY_STORE_STREAM } from '../../api/keys/identity.js';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportEvents, importEvents, importEventsIntoSqliteFile } from '../../api/eventStore/transfer.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import { allProjections } from '../../projections/index.js';
import { rebuildReadModels, verifyReadModels } from '../../projections/rebuild.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { scriptEntry } from '../apiProcess.js';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const cli = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [...scriptEntry(script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({
      code: failed.code,
      stdout: failed.stdout,
      stderr: failed.stderr,
    }),
  );

let t: TestServer;
let now = MONDAY_MORNING;
let bookingId: string;
const T1 = new Date('2026-11-23T08:00:00Z');
const T2 = new Date('2026-11-23T09:00:00Z');
const scratch: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'pizzakiosken-ops-'));
  scratch.push(d);
  return d;
};

/**
 * Every read model's documents. Without their positions: an import leaves out the key store's own
 * stream (api/keys/identity.ts: it names the key store the log was written with, not the one it
 * is imported under), so the imported log numbers its events one or two lower.
 */
async function snapshot(docs: DocumentStore) {
  const all: Record<string, unknown[]> = {};
  for (const p of allProjections)
    for (const c of p.collections)
      all[c] = (await docs.find(c, {}, { sort: [['id', 1]] })).map(({ _pos: _position, ...doc }) => doc);
  return all;
}

beforeAll(async () => {
  t = await startTestServer({ now: () => now });
  const admin = await t.login();
  now = T1;
  const placed = await t.post('/api/bookings', bookingPayload({ email: 'replay@example.se' }));
  bookingId = placed.body.booking_id;
  await t.post(
    '/api/bookings',
    bookingPayload({ email: 'andra@example.se', time: '13:00', items: [{ pizza_id: 2, qty: 2 }] }),
  );
  now = T2;
  await t.put(`/api/admin/bookings/${bookingId}/confirm`, {}, admin);
  await t.post('/api/admin/pizzas', { name: 'Senare', price_cents: 7000, allergens: [] }, admin);
});
afterAll(async () => {
  await t.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

describe('replay to a moment', () => {
  it('between two events gives the earlier state, after both the later one', async () => {
    const between = openSqliteDocumentStore(join(dir(), 'read-models.db'));
    const early = await rebuildReadModels(t.server.events, between, { until: new Date('2026-11-23T08:30:00Z') });
    expect(early.ok).toBe(true);
    expect((await between.get<BookingDoc>(COLLECTIONS.bookings, bookingId))!.status).toBe('pending');
    expect(await between.find(COLLECTIONS.pizzas, { name: 'Senare' })).toEqual([]);
    await between.close();

    const later = openSqliteDocumentStore(join(dir(), 'read-models.db'));
    const late = await rebuildReadModels(t.server.events, later, { until: T2 });
    expect(late.position).toBeGreaterThan(early.position);
    expect((await later.get<BookingDoc>(COLLECTIONS.bookings, bookingId))!.status).toBe('confirmed');
    expect(await snapshot(later)).toEqual(await snapshot(t.server.docs));
    await later.close();
  });

  it('as a script prints the figures of that moment and leaves the live read models alone', async () => {
    const before = await snapshot(t.server.docs);
    const out = dir();
    const { stdout } = await cli('replay.ts', ['--until', '2026-11-23T09:30:00+01:00', '--out', out], {
      DATA_DIR: t.dataDir,
    });
    expect(stdout).toContain('pending: 2\n');
    expect(stdout).toContain('confirmed: 0\n');
    expect(stdout).toContain('cancelled: 0\n');
    expect(stdout).toContain('pizzas: 4\n');
    expect(stdout).toMatch(/revenue: \d+\.\d\d kr/);
    expect(stdout).toContain('verified: every read model matches the events');
    expect(existsSync(join(out, 'read-models.db'))).toBe(true);
    expect(await snapshot(t.server.docs)).toEqual(before);

    const refused = await cli('replay.ts', ['--until', 'igår'], { DATA_DIR: t.dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('usage: npm run replay');
  });
});

describe('export, import, rebuild', () => {
  it('give read models identical to the live ones, with the same event ids in the same order', async () => {
    const file = join(dir(), 'events.ndjson');
    const exported = await exportEvents(t.server.events, file);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(exported.events);
    expect(Object.keys(lines[0]).sort()).toEqual([
      'data',
      'id',
      'metadata',
      'position',
      'revision',
      'stream',
      'time',
      'type',
    ]);

    const target = dir();
    const events = openSqliteEventStore(join(target, 'events.db'));
    const imported = await importEvents(events, file);
    const kept = lines.filter((l) => l.stream !== KEY_STORE_STREAM);
    expect(kept.length).toBeLessThan(lines.length);
    expect(imported.events).toBe(kept.length);
    const copy = await events.readAll(0, 10_000);
    expect(copy.map((e) => [e.id, e.streamName, e.revision, e.type, e.metadata])).toEqual(
      kept.map((l) => [l.id, l.stream, l.revision, l.type, l.metadata]),
    );

    const docs = openSqliteDocumentStore(join(target, 'read-models.db'));
    const rebuilt = await rebuildReadModels(events, docs);
    expect(rebuilt.ok).toBe(true);
    expect(await snapshot(docs)).toEqual(await snapshot(t.server.docs));

    // Import refuses a store that already holds events, and changes nothing.
    await expect(importEvents(events, file)).rejects.toThrow(/already holds events/);
    expect(await events.headPosition()).toBe(imported.position);
    await docs.close();
    await events.close();
  });

  it('an import that fails halfway writes nothing, also when the refused append shares a batch with good ones', async () => {
    const meta = { actor: 'customer', timestamp: '2026-11-23T08:00:00.000Z' };
    const line = (position: number, stream: string, revision: number, id: string) =>
      JSON.stringify({ position, stream, revision, id, type: 'Noted', time: meta.timestamp, data: {}, metadata: meta });
    // The second event claims a revision its stream already has: refused. The third is fine and
    // was written by the same group commit before the import was all or nothing.
    const file = join(dir(), 'broken.ndjson');
    writeFileSync(file, [line(1, 'a', 0, 'e1'), line(2, 'a', 0, 'e2'), line(3, 'b', 0, 'e3')].join('\n') + '\n');
    const target = dir();
    await expect(importEventsIntoSqliteFile(join(target, 'events.db'), file)).rejects.toThrow();
    const events = openSqliteEventStore(join(target, 'events.db'));
    expect(await events.readAll(0, 10)).toEqual([]);
    await events.close();
    expect(readdirSync(target).filter((name) => name.includes('importing'))).toEqual([]);

    const refused = await cli('eventsImport.ts', [file], { DATA_DIR: target });
    expect(refused.code).not.toBe(0);
    const after = openSqliteEventStore(join(target, 'events.db'));
    expect(await after.headPosition()).toBe(0);
    await after.close();
  });

  it('an import leaves the mail reactor at the new head: no old mail sent again, no new one skipped', async () => {
    const file = join(dir(), 'backup.ndjson');
    await exportEvents(t.server.events, file);
    // Read models of the old deployment: its mail checkpoint is a position of the old log,
    // far beyond what the new store numbers.
    const target = dir();
    const old = openSqliteDocumentStore(join(target, 'read-models.db'));
    await old.commit([], { projection: 'mail_v1', position: 1_000_000 });
    await old.close();
    expect((await cli('eventsImport.ts', [file], { DATA_DIR: target })).code).toBe(0);

    const restored = await startTestServer({ dataDir: target, now: () => now });
    try {
      const booked = await restored.post(
        '/api/bookings',
        bookingPayload({ date: '2026-11-27', time: '13:00', email: 'efter@example.se' }),
      );
      expect(booked.status).toBe(201);
      const placed = (await restored.server.events.readAll(0, 100_000)).find(
        (e) => e.type === 'BookingPlaced' && (e.data as { email: string }).email === 'efter@example.se',
      )!;
      const outbox = join(target, 'outbox');
      // Both of the booking's mails (customer and staff), however slow the machine: the assertion
      // below is about which mails exist, not how soon they come.
      const sent = () =>
        [`${placed.id}-customer.eml`, `${placed.id}-staff.eml`].every((name) => existsSync(join(outbox, name)));
      for (let i = 0; i < 400 && !sent(); i++) await new Promise((r) => setTimeout(r, 50));
      // The new booking's mail went out, and it is the only mail: none of the imported past.
      expect(
        readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort(),
      ).toEqual([`${placed.id}-customer.eml`, `${placed.id}-staff.eml`]);
    } finally {
      await restored.close();
    }
  });

  it('the check finds a document changed, added or removed behind the projections, in the read model it belongs to', async () => {
    const docs = openSqliteDocumentStore(join(dir(), 'read-models.db'));
    const rebuilt = await rebuildReadModels(t.server.events, docs);
    expect(rebuilt.ok).toBe(true);
    // The live read models give the same digests.
    expect(
      (await verifyReadModels(t.server.events, t.server.docs, rebuilt.position)).map((c) => [c.projection, c.stored]),
    ).toEqual(rebuilt.checks.map((c) => [c.projection, c.stored]));
    const failing = async () =>
      (await verifyReadModels(t.server.events, docs, rebuilt.position)).filter((c) => !c.ok).map((c) => c.projection);
    expect(await failing()).toEqual([]);
    const booking = (await docs.get<BookingDoc & { _pos: number }>(COLLECTIONS.bookings, bookingId))!;
    await docs.commit([
      { op: 'put', collection: COLLECTIONS.bookings, doc: { ...booking, status: 'cancelled', _pos: booking._pos + 1 } },
    ]);
    expect(await failing()).toEqual(['bookings_v1']);
    await docs.commit([{ op: 'put', collection: COLLECTIONS.pizzas, doc: { id: '99', name: 'Smuggel' } }]);
    expect(await failing()).toEqual(['menu_v1', 'bookings_v1']);
    await docs.commit([{ op: 'delete', collection: COLLECTIONS.statsDays, id: booking.booking_date }]);
    expect(await failing()).toEqual(['menu_v1', 'bookings_v1', 'stats_v1']);
    await docs.close();
  });

  it('a rebuild brings a mail checkpoint beyond the head of the log back to it', async () => {
    const file = join(dir(), 'backup.ndjson');
    await exportEvents(t.server.events, file);
    const target = dir();
    expect((await cli('eventsImport.ts', [file], { DATA_DIR: target })).code).toBe(0);
    // Where a release before reactors.db kept it: the rebuild's start moves it over (api/stores.ts).
    const docs = openSqliteDocumentStore(join(target, 'read-models.db'));
    await docs.commit([], { projection: 'mail_v1', position: 1_000_000 });
    expect((await cli('projectionsRebuild.ts', [], { DATA_DIR: target })).code).toBe(0);
    const events = openSqliteEventStore(join(target, 'events.db'));
    const reactors = openSqliteDocumentStore(join(target, 'reactors.db'));
    expect(await reactors.getCheckpoint('mail_v1')).toBe(await events.headPosition());
    expect(await docs.getCheckpoint('mail_v1')).toBe(0);
    await events.close();
    await reactors.close();
    await docs.close();
  });

  it('work as scripts on DATA_DIRs', async () => {
    const file = join(dir(), 'backup.ndjson');
    const exported = await cli('eventsExport.ts', [file], { DATA_DIR: t.dataDir });
    expect(exported.stdout).toMatch(/exported \d+ events/);
    expect(exported.stdout).toContain('verified: every read model matches the events');

    const target = dir();
    const imported = await cli('eventsImport.ts', [file], { DATA_DIR: target });
    expect(imported.stdout).toContain('verified: every read model matches the events');
    const docs = openSqliteDocumentStore(join(target, 'read-models.db'));
    expect(await snapshot(docs)).toEqual(await snapshot(t.server.docs));
    await docs.close();

    const rebuilt = await cli('projectionsRebuild.ts', [], { DATA_DIR: target });
    expect(rebuilt.stdout).toContain('verified: every read model matches the events');

    const again = await cli('eventsImport.ts', [file], { DATA_DIR: target });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already holds events');
  });
});
