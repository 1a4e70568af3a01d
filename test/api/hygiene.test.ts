// The hygiene sweep (api/timers/hygiene.ts) on the real server and SQLite store, with the clock
// moved by hand: expired admin sessions go a day after their expiry; the mail and push logs'
// finished items go once older than the retention setting's cutoff, pending ones never; the
// embedded outbox's mail files after a month.
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_HOURS } from '../../api/auth/session.js';
import { MAIL_LOG } from '../../api/mail/outbox.js';
import { PUSH_LOG } from '../../api/push/reactor.js';
import { SESSION_KEPT_AFTER_EXPIRY_MS } from '../../api/timers/hygiene.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MONDAY_MORNING, useTestServer } from './harness.js';

let now = MONDAY_MORNING.getTime();
const t = useTestServer({ now: () => new Date(now) });

const HOUR = 3_600_000;
const sessions = () => t.server.docs.count(COLLECTIONS.adminSessions);
const ids = async (collection: string) => (await t.server.docs.find(collection)).map((d) => d.id).sort();

/** Finished and pending items of a log, written at the given instants (as the reactors write them). */
async function logItems(collection: string, stateField: 'status' | 'state', items: Array<[string, string, string]>) {
  await t.server.docs.commit(
    items.map(([id, state, created_at]) => ({
      op: 'put' as const,
      collection,
      doc: { id, [stateField]: state, created_at, kind: 'booking_received', booking_id: null, to: null },
    })),
  );
}

describe('admin sessions', () => {
  it('go a day after they expired, not before; a live one stays', async () => {
    await t.login();
    const before = await sessions();
    expect(before).toBeGreaterThanOrEqual(1);

    // Expired, but within the day kept after it: still there.
    now += SESSION_HOURS * HOUR + SESSION_KEPT_AFTER_EXPIRY_MS - 60_000;
    expect((await t.server.hygiene.sweep()).sessions).toBe(0);
    await t.login(); // a live one, started now
    expect(await sessions()).toBe(before + 1);

    now += 120_000;
    expect((await t.server.hygiene.sweep()).sessions).toBe(before);
    expect(await sessions()).toBe(1);
    // The live one still signs in.
    const admin = await t.login();
    expect((await t.get('/api/admin/sessions', admin)).status).toBe(200);
    expect((await t.server.hygiene.sweep()).sessions).toBe(0);
  });
});

describe('the mail and push logs', () => {
  it('keep everything while the retention setting is 0 (the privacy notice: until the customer asks)', async () => {
    // 24 months by default (rule: personal-data-retention): a kiosk that chose 0 keeps the log.
    const admin = await t.login();
    const settings = (await t.get('/api/admin/settings', admin)).body;
    expect((await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: 0 }, admin)).status).toBe(
      200,
    );
    await logItems(MAIL_LOG, 'status', [['m-old-0', 'sent', '2020-01-01T10:00:00.000Z']]);
    expect((await t.server.hygiene.sweep()).mails).toBe(0);
    expect(await ids(MAIL_LOG)).toContain('m-old-0');
  });

  it('lose finished push items after a month also at retention 0: they name no one', async () => {
    const month = new Date(now - 31 * 24 * HOUR).toISOString();
    await logItems(PUSH_LOG, 'state', [
      ['p0-sent-old', 'sent', month],
      ['p0-pending-old', 'pending', month],
      ['p0-sent-new', 'sent', new Date(now - 24 * HOUR).toISOString()],
    ]);
    expect((await t.server.hygiene.sweep()).pushes).toBe(1);
    expect(await ids(PUSH_LOG)).toEqual(['p0-pending-old', 'p0-sent-new']);
    for (const id of ['p0-pending-old', 'p0-sent-new'])
      await t.server.docs.commit([{ op: 'delete', collection: PUSH_LOG, id }]);
  });

  it('lose finished items older than the retention cutoff, keep newer ones and every pending one', async () => {
    const admin = await t.login();
    const settings = (await t.get('/api/admin/settings', admin)).body;
    expect((await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: 1 }, admin)).status).toBe(
      200,
    );
    // The clock is now in late November 2026: the cutoff is a month back, in late October.
    const cutoffDay = new Date(now - 31 * 24 * HOUR).toISOString().slice(0, 10);
    const before = `${cutoffDay.slice(0, 8)}01T09:00:00.000Z`;
    const recent = new Date(now - 24 * HOUR).toISOString();
    await logItems(MAIL_LOG, 'status', [
      ['m-sent-old', 'sent', before],
      ['m-failed-old', 'failed', before],
      ['m-pending-old', 'pending', before],
      ['m-sent-new', 'sent', recent],
    ]);
    await logItems(PUSH_LOG, 'state', [
      ['p-sent-old', 'sent', before],
      ['p-gone-old', 'gone', before],
      ['p-pending-old', 'pending', before],
      ['p-sent-new', 'sent', recent],
    ]);

    const swept = await t.server.hygiene.sweep();
    expect(swept).toMatchObject({ mails: 3, pushes: 2 }); // m-old-0 too, now under a cutoff
    const mails = await ids(MAIL_LOG);
    for (const gone of ['m-old-0', 'm-sent-old', 'm-failed-old']) expect(mails).not.toContain(gone);
    for (const kept of ['m-pending-old', 'm-sent-new']) expect(mails).toContain(kept);
    expect(await ids(PUSH_LOG)).toEqual(['p-pending-old', 'p-sent-new']);

    // Once gone, gone: a second sweep deletes nothing.
    expect(await t.server.hygiene.sweep()).toMatchObject({ mails: 0, pushes: 0 });

    // As the clock moves on, the newer one passes the cutoff too.
    now += 40 * 24 * HOUR;
    await t.login();
    expect((await t.server.hygiene.sweep()).pushes).toBe(1);
    expect(await ids(PUSH_LOG)).toEqual(['p-pending-old']);
  });
});

describe("the embedded outbox's mail files", () => {
  it('go once a month old, zeroed and removed, whatever the retention setting; newer ones and files being written stay', async () => {
    const outbox = join(t.dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const file = (name: string, ageDays: number) => {
      const path = join(outbox, name);
      writeFileSync(path, 'To: kund@example.se\r\n\r\nHej Kund Kundsson');
      const at = new Date(now - ageDays * 24 * HOUR);
      utimesSync(path, at, at);
    };
    file('gammal.eml', 31);
    file('ny.eml', 29);
    file('skrivs.eml.1.ab12.tmp', 40);

    expect((await t.server.hygiene.sweep()).outbox).toBeGreaterThanOrEqual(1);
    const left = readdirSync(outbox);
    expect(left).not.toContain('gammal.eml');
    for (const kept of ['ny.eml', 'skrivs.eml.1.ab12.tmp']) expect(left).toContain(kept);
  });
});
