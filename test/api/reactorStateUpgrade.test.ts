// A read-model upgrade keeps the reactors' state and the keys (issue 33): in the embedded default
// the reactors' checkpoints, outbox and claims live in DATA_DIR/reactors.db, the keys in keys.db,
// so deleting read-models.db (the embedded counterpart of building the read models in a new
// MONGODB_DB) and starting again rebuilds the read models, mails nothing twice and skips nothing:
// the mails of a booking made while no process ran the reactors go out after the upgrade.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_LOG } from '../../api/mail/outbox.js';
import { MAIL_REACTOR } from '../../api/mail/reactor.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-reactor-upgrade-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (runReactors = true) => startTestServer({ dataDir, now: () => MONDAY_MORNING, config: { runReactors } });

/** The mail-log entries about a booking, once every one of them is sent. */
async function sentAbout(t: TestServer, bookingId: string, expected: number) {
  for (let i = 0; i < 150; i++) {
    const mails = await t.server.docs.find<{ id: string; status: string }>(MAIL_LOG, { booking_id: bookingId });
    if (mails.length === expected && mails.every((m) => m.status === 'sent')) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${expected} mails about ${bookingId} were not sent`);
}

const emlFiles = () => readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));

describe('a read-model upgrade (read-models.db deleted, rebuilt at start)', () => {
  it('keeps the reactors’ state and the keys: nothing mailed twice, nothing skipped', async () => {
    // 1. A booking, its mails sent (the receipt and the staff notice).
    let t = await start();
    const first = await t.post(
      '/api/bookings',
      bookingPayload({ name: 'Ulla Uppgradering', email: 'ulla@example.se' }),
    );
    expect(first.status).toBe(201);
    await sentAbout(t, first.body.booking_id, 2);
    const checkpoint = await t.server.docs.getCheckpoint(MAIL_REACTOR);
    expect(checkpoint).toBeGreaterThan(0);
    await t.close();
    const mailedBefore = emlFiles().length;

    // 2. A booking while no process runs the reactors (the old worker stopped for the upgrade).
    t = await start(false);
    const second = await t.post('/api/bookings', bookingPayload({ email: 'vilma@example.se', time: '13:00' }));
    expect(second.status).toBe(201);
    await t.close();
    expect(emlFiles()).toHaveLength(mailedBefore);

    // The reactors' state is in reactors.db, not in the read models about to go.
    const readModels = new Database(join(dataDir, 'read-models.db'), { readonly: true });
    const tables = readModels.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const inReadModels = tables.includes(`docs:${MAIL_LOG}`)
      ? (readModels.prepare(`SELECT count(*) FROM "docs:${MAIL_LOG}"`).pluck().get() as number)
      : 0;
    const reactorCheckpoint = readModels
      .prepare('SELECT count(*) FROM checkpoints WHERE projection = ?')
      .pluck()
      .get(MAIL_REACTOR) as number;
    readModels.close();
    expect(inReadModels).toBe(0);
    expect(reactorCheckpoint).toBe(0);

    // 3. The upgrade: the read models go and are rebuilt from the log at the next start.
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `read-models.db${suffix}`), { force: true });
    t = await start();
    try {
      expect(existsSync(join(dataDir, 'reactors.db'))).toBe(true);
      // The mail reactor goes on from where it was: the gap's mails go out, the first booking's do not again.
      expect(await t.server.docs.getCheckpoint(MAIL_REACTOR)).toBeGreaterThanOrEqual(checkpoint);
      await sentAbout(t, second.body.booking_id, 2);
      await sentAbout(t, first.body.booking_id, 2);
      expect(emlFiles()).toHaveLength(mailedBefore + 2);
      // The keys are kept: the rebuilt read models and the history still name the customer.
      const admin = await t.login();
      expect((await t.get(`/api/admin/bookings/${first.body.booking_id}`, admin)).body).toMatchObject({
        name: 'Ulla Uppgradering',
        email: 'ulla@example.se',
      });
    } finally {
      await t.close();
    }
  });
});
