// A counter order with only a name (no e-mail, no phone; rule: staff-orders) is personal data
// sealed under a key of its own booking: Kunddata finds it by the name and the day or by its
// number, exports and erases it, and the retention sweep lets it expire like any other customer
// (rule: personal-data-retention; issue 45). GDPR art. 5.1 e and 15-17:
// https://eur-lex.europa.eu/eli/reg/2016/679/oj.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SealedEventStore } from '../../api/eventStore/sealed.js';
import { customerStream } from '../../domain/customers/erasure.js';
import { ownerOf } from '../../domain/customers/personalData.js';
import { msg } from '../../domain/messages.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

const counterOrder = (overrides: Record<string, unknown> = {}) => ({
  source: 'counter',
  date: '2026-11-24',
  time: '13:00',
  name: 'Nils Namnsson',
  items: [{ pizza_id: 1, qty: 1 }],
  ...overrides,
});

describe('Kunddata for a counter order with only a name', () => {
  it('finds it by name and date, exports and erases it by its number, and leaves the other orders alone', async () => {
    const admin = await t.login();
    const order = await t.post('/api/admin/staff-orders', counterOrder(), admin);
    expect(order.status).toBe(201);
    const id: string = order.body.booking.id;
    const other = await t.post('/api/admin/staff-orders', counterOrder({ name: 'Nils Annan', time: '14:00' }), admin);
    const online = await t.post(
      '/api/bookings',
      bookingPayload({ name: 'Nina Namnsson', email: 'nina@example.se', date: '2026-11-24', time: '15:00' }),
    );
    expect(online.status).toBe(201);

    // By name (part of it, any case) and date: the day's orders, each saying how it names its customer.
    const found = await t.get('/api/admin/customers/orders?name=namnsson&date=2026-11-24', admin);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({ booking_id: id, name: 'Nils Namnsson', booking_time: '13:00', contact: 'name' }),
      expect.objectContaining({ booking_id: online.body.booking_id, name: 'Nina Namnsson', contact: 'email' }),
    ]);
    expect((await t.get('/api/admin/customers/orders?name=namnsson&date=2026-11-25', admin)).body).toEqual([]);
    // Bad input: a clear Swedish 400.
    const short = await t.get('/api/admin/customers/orders?name=N&date=2026-11-24', admin);
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(msg.customerOrdersName);
    const badNumber = await t.get('/api/admin/customers/export?booking_id=nils', admin);
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.error).toBe(msg.customerBookingIdInvalid);

    // By its number: that order, and no other.
    const exported = await t.get(`/api/admin/customers/export?booking_id=${id}`, admin);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ email: '', booking_id: id });
    expect(exported.body.bookings.map((b: { booking: { id: string } }) => b.booking.id)).toEqual([id]);
    // An order number with an e-mail names that e-mail's customer.
    expect((await t.get(`/api/admin/customers/export?booking_id=${online.body.booking_id}`, admin)).body).toMatchObject(
      {
        email: 'nina@example.se',
      },
    );

    const erased = await t.post('/api/admin/customers/erase', { booking_id: id }, admin);
    expect(erased.status).toBe(200);
    expect(erased.body.erased_bookings).toBe(1);
    expect((await t.get(`/api/admin/bookings/${id}`, admin)).body).toMatchObject({ name: '[raderad]' });
    expect((await t.get(`/api/admin/bookings/${other.body.booking.id}`, admin)).body).toMatchObject({
      name: 'Nils Annan',
    });
    expect((await t.get('/api/admin/customers/orders?name=namnsson&date=2026-11-24', admin)).body).toEqual([
      expect.objectContaining({ booking_id: online.body.booking_id }),
    ]);
  });
});

describe('the retention sweep (rule: personal-data-retention)', () => {
  it('erases a name-only counter order older than the cutoff, once, and keeps a recent one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-name-only-'));
    let clock = MONDAY_MORNING;
    const s = await startTestServer({ dataDir: dir, now: () => clock, config: { retentionIntervalMs: 0 } });
    try {
      let admin = await s.login();
      const old = await s.post('/api/admin/staff-orders', counterOrder(), admin);
      const kept = await s.post(
        '/api/admin/staff-orders',
        counterOrder({ name: 'Ny Gäst', date: '2026-12-30' }),
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
      });
      expect((await s.get(`/api/admin/bookings/${kept.body.booking.id}`, admin)).body).toMatchObject({
        name: 'Ny Gäst',
      });
      const customerId = (s.server.events as SealedEventStore).keys.customerIdOf(
        ownerOf({ booking_id: old.body.booking.id }),
      );
      const recorded = await s.server.events.readStream(customerStream(customerId));
      expect(recorded.map((e) => [e.type, (e.data as { reason: string }).reason])).toEqual([
        ['CustomerErased', 'retention'],
      ]);
      expect(await s.server.retention.sweep()).toBe(0);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
