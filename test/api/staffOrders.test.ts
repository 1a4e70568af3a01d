// POST /api/admin/staff-orders (rule: staff-orders): counter and phone orders share the oven's
// capacity with online bookings, are confirmed at once, and never overbook a slot unless staff
// confirmed an override.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../domain/messages.js';
import { customersLastActiveBefore } from '../../read-models/queries/customers.js';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

const phoneOrder = (overrides: Record<string, unknown> = {}) => ({
  source: 'phone',
  date: '2026-11-24',
  time: '13:00',
  name: 'Lisa Lund',
  phone: '070-765 43 21',
  items: [
    { pizza_id: 1, qty: 1 },
    { pizza_id: 2, qty: 1 },
  ],
  ...overrides,
});

const remaining = async (date: string, time: string) =>
  (await t.get(`/api/test-availability?date=${date}&pizzas=1`)).body.slots.find(
    (s: { time: string }) => s.time === time,
  ).capacity_remaining as number;

describe('POST /api/admin/staff-orders', () => {
  it('places a phone order confirmed at once, on the kitchen board, and takes its capacity', async () => {
    const before = await remaining('2026-11-24', '13:00');
    const reply = await t.post('/api/admin/staff-orders', phoneOrder(), admin);
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({
      source: 'phone',
      status: 'confirmed',
      name: 'Lisa Lund',
      email: '',
      phone: '070-765 43 21',
      total_pizzas: 2,
    });
    const id = reply.body.booking.id as string;
    const board = await t.get('/api/admin/kitchen?date=2026-11-24', admin);
    expect(board.body.bookings.map((b: { id: string }) => b.id)).toContain(id);
    expect(await remaining('2026-11-24', '13:00')).toBe(before - 2);
    // The history names the staff member, as actor and in the event.
    const history = (await t.get(`/api/admin/bookings/${id}/history`, admin)).body;
    expect(history.map((h: { type: string }) => h.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    expect(history[0].actor).toBe('admin@pizzakiosken.test');
    expect(history[0].data).toMatchObject({ source: 'phone', taken_by: { email: 'admin@pizzakiosken.test' } });
  });

  it('keeps a phone order without e-mail sealed in the event log (rule: personal-data)', async () => {
    await t.post('/api/admin/staff-orders', phoneOrder({ name: 'Ville Vallgren', time: '13:30' }), admin);
    const holds = (file: string, text: string) =>
      ['', '-wal'].some((suffix) => {
        const path = join(t.dataDir, file + suffix);
        return existsSync(path) && readFileSync(path).includes(Buffer.from(text));
      });
    // The read models hold the name (the search works); the event log only sealed.
    expect(holds('read-models.db', 'Ville Vallgren')).toBe(true);
    expect(holds('events.db', 'Ville Vallgren')).toBe(false);
    expect(holds('events.db', '070-765 43 21')).toBe(false);
  });

  it('takes a counter order without name, phone or e-mail', async () => {
    const reply = await t.post(
      '/api/admin/staff-orders',
      { source: 'counter', date: '2026-11-24', time: '13:15', items: [{ pizza_id: 3, qty: 1 }] },
      admin,
    );
    expect(reply.status).toBe(201);
    expect(reply.body.booking).toMatchObject({ source: 'counter', name: '', email: '', phone: null });
  });

  it('refuses a phone order without a number, in Swedish, changing nothing', async () => {
    const listed = (await t.get('/api/admin/bookings?date=2026-11-24', admin)).body.length;
    const reply = await t.post('/api/admin/staff-orders', phoneOrder({ phone: '' }), admin);
    expect(reply).toMatchObject({ status: 400, body: { error: msg.staffOrderPhoneRequired } });
    expect((await t.get('/api/admin/bookings?date=2026-11-24', admin)).body).toHaveLength(listed);
  });

  it('is for staff only', async () => {
    expect((await t.post('/api/admin/staff-orders', phoneOrder())).status).toBe(401);
  });

  it('places a retried order once (Idempotency-Key)', async () => {
    const send = () =>
      fetch(`${t.base}/api/admin/staff-orders`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json', 'idempotency-key': 'staff-retry-1' },
        body: JSON.stringify(phoneOrder({ time: '14:00' })),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.booking.id).toBe(first.body.booking.id);
    const at14 = (await t.get('/api/admin/bookings?date=2026-11-24', admin)).body.filter(
      (b: { booking_time: string }) => b.booking_time === '14:00',
    );
    expect(at14).toHaveLength(1);
  });

  it('lists a phone order without e-mail for the retention sweep by its number, never as an empty e-mail', async () => {
    const customers = await customersLastActiveBefore(t.server.docs, '2099-01-01');
    expect(customers).toContainEqual({ phone: '070-765 43 21' });
    expect(customers).not.toContainEqual({ email: '' });
  });

  it('shows source online on online bookings', async () => {
    const reply = await t.post('/api/bookings', bookingPayload({ time: '15:00' }));
    expect(reply.body.booking.source).toBe('online');
    const listed = await t.get(`/api/admin/bookings/${reply.body.booking_id}`, admin);
    expect(listed.body.source).toBe('online');
  });

  it('mails the confirmation only to an address given, and never a "received" mail', async () => {
    const without = await t.post('/api/admin/staff-orders', phoneOrder({ time: '16:00' }), admin);
    const withMail = await t.post(
      '/api/admin/staff-orders',
      phoneOrder({ time: '16:15', email: 'lisa@example.se' }),
      admin,
    );
    const mailsOf = async (id: string): Promise<Array<{ kind: string }>> =>
      (await t.get(`/api/admin/mails?booking_id=${id}`, admin)).body.mails;
    // The reactor follows the log in order: once the later order's mail is written, the earlier
    // order has been looked at too.
    let later: Array<{ kind: string }> = [];
    for (let i = 0; i < 200 && later.length === 0; i++) {
      later = await mailsOf(withMail.body.booking.id);
      if (later.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(later.map((m) => m.kind)).toEqual(['booking_confirmed']);
    expect(await mailsOf(without.body.booking.id)).toEqual([]);
  });
});

describe('staff orders racing online bookings for one slot', () => {
  it('never overbook; only the explicit override after confirmation takes a full slot', async () => {
    const date = '2026-11-26';
    const time = '18:00';
    const online = Array.from({ length: 24 }, (_, i) =>
      t.post(
        '/api/bookings',
        bookingPayload({
          date,
          time,
          email: `race${i}@example.se`,
          items: [{ pizza_id: 1, qty: 1 }],
          requested_pizzas: 1,
        }),
      ),
    );
    const staff = Array.from({ length: 8 }, (_, i) =>
      t.post(
        '/api/admin/staff-orders',
        { source: 'counter', date, time, name: `Disk ${i}`, items: [{ pizza_id: 2, qty: 1 }] },
        admin,
      ),
    );
    const [onlineReplies, staffReplies] = await Promise.all([Promise.all(online), Promise.all(staff)]);
    const accepted = [...onlineReplies, ...staffReplies].filter((r) => r.status === 201);
    expect(accepted).toHaveLength(6);
    // A refused staff order asks for the confirmation (409); nothing of it was stored.
    for (const r of staffReplies.filter((r) => r.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { error: msg.staffOrderSlotFull(1, 0) } });
    }
    const active = async () =>
      (await t.get(`/api/admin/bookings?date=${date}`, admin)).body.filter(
        (b: { status: string; booking_time: string }) => b.status !== 'cancelled' && b.booking_time === time,
      );
    expect(await active()).toHaveLength(6);
    expect(await remaining(date, time)).toBe(0);

    // Confirmed by staff: the override takes the full slot, and is recorded as one.
    const override = await t.post(
      '/api/admin/staff-orders',
      { source: 'counter', date, time, items: [{ pizza_id: 2, qty: 1 }], override_capacity: true },
      admin,
    );
    expect(override.status).toBe(201);
    const history = (await t.get(`/api/admin/bookings/${override.body.booking.id}/history`, admin)).body;
    expect(history[0].data.capacity_override).toEqual({ remaining: 0 });
    expect(await active()).toHaveLength(7);
    // Online still finds the slot full.
    const late = await t.post(
      '/api/bookings',
      bookingPayload({ date, time, email: 'sen@example.se', items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
    );
    expect(late.status).toBe(400);
    expect(await remaining(date, time)).toBe(0);
  });
});
