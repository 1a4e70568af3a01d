// A customer known only by phone (a phone order without e-mail, rule: staff-orders): their
// personal fields are sealed under the key of 'tel:' and the number's digits, so Kunddata finds,
// exports and erases them by phone number, however the number is written, and the retention
// sweep lets them expire like any customer (rule: personal-data-retention).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SealedEventStore } from '../../api/eventStore/sealed.js';
import { customerStream } from '../../domain/customers/erasure.js';
import { ownerOf } from '../../domain/customers/personalData.js';
import { msg } from '../../domain/messages.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

// ASCII on purpose: the search below looks for these very bytes.
const NAME = 'Tore Telefonsson';
const COMMENT = 'Ring Tore vid grinden';

const phoneOrder = (overrides: Record<string, unknown> = {}) => ({
  source: 'phone',
  date: '2026-11-24',
  time: '13:00',
  name: NAME,
  phone: '070-111 22 33',
  comment: COMMENT,
  items: [{ pizza_id: 1, qty: 1 }],
  ...overrides,
});

/** Files under the directory holding any of the texts (compared without case). */
function leaks(dir: string, secrets: string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      found.push(...leaks(path, secrets));
      continue;
    }
    const text = readFileSync(path).toString('latin1').toLowerCase();
    for (const secret of secrets) if (text.includes(secret.toLowerCase())) found.push(`${path}: ${secret}`);
  }
  return found;
}

describe('Kunddata by phone number', () => {
  it('exports and erases a phone customer’s orders however the number is written, and no other customer’s', async () => {
    const admin = await t.login();
    const first = await t.post('/api/admin/staff-orders', phoneOrder(), admin);
    // The same number written another way is the same customer (its digits).
    const second = await t.post('/api/admin/staff-orders', phoneOrder({ time: '14:00', phone: '0701112233' }), admin);
    const stranger = await t.post(
      '/api/admin/staff-orders',
      phoneOrder({ time: '15:00', name: 'Annan Person', phone: '070-999 88 77', comment: null }),
      admin,
    );
    // An online booking with the same number and an e-mail is the e-mail's customer (sealed under its key).
    const online = await t.post(
      '/api/bookings',
      bookingPayload({ time: '16:00', name: 'Mejl Kund', email: 'mejl@example.se', phone: '070-111 22 33' }),
    );
    for (const r of [first, second, stranger]) expect(r.status).toBe(201);
    expect(online.status).toBe(201);
    const [firstId, secondId] = [first.body.booking.id, second.body.booking.id];

    const found = await t.get(`/api/admin/customers/export?phone=${encodeURIComponent('070 111 22 33')}`, admin);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ email: '', phone: '070 111 22 33', waitlist: [], mails: [] });
    expect(found.body.bookings.map((b: any) => b.booking.id)).toEqual([firstId, secondId]);
    expect(found.body.bookings[0].booking).toMatchObject({ name: NAME, comment: COMMENT, source: 'phone' });
    expect(found.body.bookings[0].history.map((h: any) => h.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    // Before: the name is held readable in the read models, never in the event log (sealed).
    const held = leaks(t.dataDir, [NAME, COMMENT]);
    expect(held.some((leak) => leak.includes('read-models.db'))).toBe(true);
    expect(held.filter((leak) => leak.includes('events.db'))).toEqual([]);

    const erased = await t.post('/api/admin/customers/erase', { phone: ' 070-11 12 233 ' }, admin);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased_bookings: 2, erased_at: MONDAY_MORNING.toISOString() });

    // Recorded on the number's own customer stream, by the staff member.
    const customerId = (t.server.events as SealedEventStore).keys.customerIdOf(ownerOf({ phone: '070-111 22 33' }));
    const recorded = await t.server.events.readStream(customerStream(customerId));
    expect(recorded.map((e) => e.type)).toEqual(['CustomerErased']);
    expect(recorded[0].metadata.actor).toBe('admin@pizzakiosken.test');
    expect(recorded[0].data).toMatchObject({ reason: 'request', booking_ids: [firstId, secondId] });

    for (const id of [firstId, secondId]) {
      expect((await t.get(`/api/admin/bookings/${id}`, admin)).body).toMatchObject({
        status: 'confirmed',
        name: '[raderad]',
        phone: '[raderad]',
        comment: '[raderad]',
        total_pizzas: 1,
      });
      const history = (await t.get(`/api/admin/bookings/${id}/history`, admin)).body;
      expect(history[0].data).toMatchObject({ name: '[raderad]', phone: '[raderad]' });
    }
    // The others are untouched: another number, and the e-mail customer with the same number.
    expect((await t.get(`/api/admin/bookings/${stranger.body.booking.id}`, admin)).body).toMatchObject({
      name: 'Annan Person',
      phone: '070-999 88 77',
    });
    expect((await t.get(`/api/admin/bookings/${online.body.booking_id}`, admin)).body).toMatchObject({
      name: 'Mejl Kund',
      phone: '070-111 22 33',
    });
    expect((await t.get('/api/admin/customers/export?phone=0701112233', admin)).body.bookings).toEqual([]);
    expect(leaks(t.dataDir, [NAME, COMMENT])).toEqual([]);
  });

  it('refuses a lookup without a customer, with both or with too short a number, in Swedish', async () => {
    const admin = await t.login();
    const none = await t.get('/api/admin/customers/export', admin);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(msg.customerQueryRequired);
    const both = await t.post('/api/admin/customers/erase', { email: 'a@example.se', phone: '0701112233' }, admin);
    expect(both.status).toBe(400);
    expect(both.body.error).toBe(msg.customerQueryOne);
    const short = await t.post('/api/admin/customers/erase', { phone: '12-34' }, admin);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Telefonnumret ska ha minst 6 siffror');
  });
});

describe('retention of a customer known only by phone', () => {
  it('erases a phone customer whose last order is older than the setting, once, and keeps one with a recent order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-retention-phone-'));
    let clock = MONDAY_MORNING;
    const s = await startTestServer({ dataDir: dir, now: () => clock, config: { retentionIntervalMs: 0 } });
    try {
      let admin = await s.login();
      const old = await s.post('/api/admin/staff-orders', phoneOrder(), admin);
      const kept = await s.post(
        '/api/admin/staff-orders',
        phoneOrder({ name: 'Ny Ringare', phone: '070-444 55 66', date: '2026-12-30' }),
        admin,
      );
      for (const r of [old, kept]) expect(r.status).toBe(201);
      // Monday 4 January 2027, retention one month: the cutoff is 4 December.
      clock = new Date('2027-01-04T08:00:00Z');
      admin = await s.login();
      const settings = (await s.get('/api/admin/settings', admin)).body;
      expect(
        (await s.put('/api/admin/settings', { ...settings, personal_data_retention_months: 1 }, admin)).status,
      ).toBe(200);

      expect(await s.server.retention.sweep()).toBe(1);
      expect((await s.get(`/api/admin/bookings/${old.body.booking.id}`, admin)).body).toMatchObject({
        name: '[raderad]',
        phone: '[raderad]',
      });
      expect((await s.get(`/api/admin/bookings/${kept.body.booking.id}`, admin)).body).toMatchObject({
        name: 'Ny Ringare',
      });
      const customerId = (s.server.events as SealedEventStore).keys.customerIdOf(ownerOf({ phone: '0701112233' }));
      const recorded = await s.server.events.readStream(customerStream(customerId));
      expect(recorded.map((e) => [e.type, (e.data as { reason: string }).reason])).toEqual([
        ['CustomerErased', 'retention'],
      ]);
      // Once: a second sweep finds nothing more to erase.
      expect(await s.server.retention.sweep()).toBe(0);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
