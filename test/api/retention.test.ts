// The retention setting (rule: personal-data-retention): customers whose last booking is older
// than personal_data_retention_months are erased by the sweep, exactly once, with two servers
// sweeping one DATA_DIR at the same time and after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/eventStore.js';
import type { EventStore } from '../../domain/eventStore.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-retention-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

let now = MONDAY_MORNING;
const start = async () => {
  const server = await startTestServer({ dataDir, now: () => now, config: { retentionIntervalMs: 0 } });
  servers.push(server);
  return server;
};

async function erasures(events: EventStore): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  for (let after = 0; ;) {
    const page = await events.readAll(after, 500);
    if (page.length === 0) return found;
    found.push(...page.filter((e) => e.type === 'CustomerErased'));
    after = page.at(-1)!.position;
  }
}

describe('personal_data_retention_months', () => {
  it('erases each customer whose last booking is older, once, from two servers and after a restart; keeps the others', async () => {
    const a = await start();
    const b = await start();
    const old = await a.post(
      '/api/bookings',
      bookingPayload({ name: 'Gammal Kund', email: 'gammal@example.se', date: '2026-11-24' }),
    );
    const recent = await a.post(
      '/api/bookings',
      bookingPayload({ name: 'Ny Kund', email: 'ny@example.se', date: '2026-12-05' }),
    );
    // Booked long ago too, and again lately: the last booking counts.
    await a.post('/api/bookings', bookingPayload({ email: 'ny@example.se', date: '2026-11-24', time: '13:00' }));
    for (const r of [old, recent]) expect(r.status).toBe(201);
    // Only on the VIP list, never booked: expires too, by the day the entry was made.
    const vip = await a.post(
      '/api/admin/vip-customers',
      { email: 'vip@example.se', name: 'Vera Vip', phone: '070-9', notes: 'Stamgäst' },
      await a.login(),
    );
    expect(vip.status).toBe(201);

    // 24 months by default (rule: personal-data-retention): bookings half a year old are kept.
    now = new Date('2027-06-01T08:00:00Z');
    expect(await a.server.retention.sweep()).toBe(0);

    // Signed in at each of the test's moments: a session runs out as the clock moves on.
    let admin = await a.login();
    const settings = (await a.get('/api/admin/settings', admin)).body;
    expect(settings.personal_data_retention_months).toBe(24);
    expect(
      (await a.put('/api/admin/settings', { ...settings, personal_data_retention_months: -1 }, admin)).body.error,
    ).toBe('Lagringstiden för personuppgifter måste vara ett heltal, minst 0');
    expect((await a.put('/api/admin/settings', { ...settings, personal_data_retention_months: 1 }, admin)).status).toBe(
      200,
    );

    // 2 January 2027: the cutoff is 2 December 2026, after the old customer's last booking, before the other's.
    now = new Date('2027-01-02T08:00:00Z');
    admin = await a.login();
    const swept = await Promise.all([a.server.retention.sweep(), b.server.retention.sweep()]);
    expect(swept[0] + swept[1]).toBe(2);
    const recorded = await erasures(a.server.events);
    expect(recorded).toHaveLength(2);
    expect(recorded.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'retention', booking_ids: [old.body.booking_id] }),
        expect.objectContaining({ reason: 'retention', booking_ids: [], vip_customer_ids: [vip.body.id] }),
      ]),
    );
    expect(recorded.map((e) => e.metadata.actor)).toEqual(['system', 'system']);
    expect((await a.get(`/api/admin/vip-customers`, admin)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: vip.body.id, name: '[raderad]', notes: '[raderad]' })]),
    );
    expect((await a.get(`/api/admin/bookings/${old.body.booking_id}`, admin)).body).toMatchObject({
      name: '[raderad]',
      email: '[raderad]',
      status: 'pending',
    });
    expect((await a.get(`/api/admin/bookings/${recent.body.booking_id}`, admin)).body).toMatchObject({
      name: 'Ny Kund',
      email: 'ny@example.se',
    });

    // Again, and after a restart: nothing more.
    expect(await b.server.retention.sweep()).toBe(0);
    await a.close();
    const again = await start();
    expect(await again.server.retention.sweep()).toBe(0);
    expect(await erasures(again.server.events)).toHaveLength(2);
  });

  it("keeps a customer who books between the sweep's listing and their erasure; one sweep at a time", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-retention-race-'));
    let clock = MONDAY_MORNING;
    const t = await startTestServer({ dataDir: dir, now: () => clock, config: { retentionIntervalMs: 0 } });
    try {
      const quick = await t.post('/api/bookings', bookingPayload({ email: 'snabb@example.se', date: '2026-11-24' }));
      const gone = await t.post('/api/bookings', bookingPayload({ email: 'borta@example.se', date: '2026-11-24' }));
      for (const r of [quick, gone]) expect(r.status).toBe(201);
      // Monday 4 January 2027, retention one month: the cutoff is 4 December, both bookings older.
      clock = new Date('2027-01-04T08:00:00Z');
      const admin = await t.login();
      const settings = (await t.get('/api/admin/settings', admin)).body;
      await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: 1 }, admin);

      // One sweep at a time: while another process holds the sweep's lease, this one skips its turn.
      await t.server.docs.lease('runners', 'retention', 'another-process', 60_000);
      expect(await t.server.retention.sweep()).toBe(0);
      expect(await erasures(t.server.events)).toEqual([]);
      await t.server.docs.endLease('runners', 'retention', 'another-process', 'release');

      // One customer books again after the sweep listed them, before their erasure is decided.
      const customers = t.server.services.customers;
      const erase = customers.eraseExpired.bind(customers);
      let again: { status: number } | null = null;
      customers.eraseExpired = async (...args: Parameters<typeof erase>) => {
        if ('email' in args[0] && args[0].email === 'snabb@example.se')
          again = await t.post(
            '/api/bookings',
            bookingPayload({ email: 'Snabb@Example.se', date: '2027-01-05', time: '13:00' }),
          );
        return erase(...args);
      };
      expect(await t.server.retention.sweep()).toBe(1);
      expect(again).toMatchObject({ status: 201 });
      const recorded = await erasures(t.server.events);
      expect(recorded.map((e) => (e.data as { booking_ids: string[] }).booking_ids)).toEqual([[gone.body.booking_id]]);
      expect((await t.get(`/api/admin/bookings/${quick.body.booking_id}`, admin)).body).toMatchObject({
        email: 'snabb@example.se',
      });
      expect((await t.get(`/api/admin/bookings/${gone.body.booking_id}`, admin)).body).toMatchObject({
        email: '[raderad]',
      });
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
