// Closures and holidays over HTTP (rules: closures, closure-bookings): staff close a range, the
// closed dates are not offered, refuse bookings, availability and VIP markings naming the reason,
// show in the week calendar, and the bookings already on them are cancelled with one message,
// each customer mailed once through a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../mail/smtp.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;
const booked: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  admin = await t.login();
  const book = async (key: string, overrides: Record<string, unknown>) => {
    const reply = await t.post('/api/bookings', bookingPayload(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    booked[key] = reply.body.booking_id;
  };
  // Monday 23 November 2026: bookings before, inside and after the coming closure (25–27 Nov).
  await book('before', { date: '2026-11-24', email: 'fore@example.se' });
  await book('anna', { date: '2026-11-25', time: '18:00', name: 'Anna Ek', email: 'anna@example.se' });
  await book('bo', {
    date: '2026-11-25',
    time: '12:00',
    name: 'Bo Ek',
    email: 'bo@example.se',
    items: [{ pizza_id: 1, qty: 3 }],
    requested_pizzas: 3,
  });
  await book('cilla', { date: '2026-11-27', name: 'Cilla Ek', email: 'cilla@example.se' });
  await book('gone', { date: '2026-11-26', email: 'gone@example.se' });
  await book('after', { date: '2026-11-28', email: 'efter@example.se' });
  expect((await t.put(`/api/admin/bookings/${booked.cilla}/confirm`, {}, admin)).status).toBe(200);
  expect((await t.put(`/api/admin/bookings/${booked.gone}/cancel`, { reason: 'Kunden ringde' }, admin)).status).toBe(
    200,
  );
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const SEMESTER = { from: '2026-11-25', to: '2026-11-27', reason: '  Semester ', recurring: false };
let semesterId: number;

describe('the closures calls need a session', () => {
  it('answers 401 without one', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/closures'],
      ['POST', '/api/admin/closures'],
      ['DELETE', '/api/admin/closures/1'],
      ['GET', '/api/admin/closures/1/bookings'],
      ['POST', '/api/admin/closures/1/cancel-bookings'],
    ] as const) {
      const reply = await t.request(method, path, method === 'GET' ? undefined : {});
      expect(reply.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('POST /api/admin/closures (rule: closures)', () => {
  it('refuses a range ending before it starts and a blank reason, storing nothing', async () => {
    const backwards = await t.post('/api/admin/closures', { ...SEMESTER, from: '2026-11-27', to: '2026-11-25' }, admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ error: 'Slutdatumet får inte vara före startdatumet' });
    const blank = await t.post('/api/admin/closures', { ...SEMESTER, reason: '  ' }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: 'Ange en anledning till stängningen' });
    expect((await t.get('/api/admin/closures', admin)).body).toEqual({ closures: [] });
  });

  it('closes the range and answers it with the pending and confirmed bookings on it, in date and time order (rule: closure-bookings)', async () => {
    const reply = await t.post('/api/admin/closures', SEMESTER, admin);
    expect(reply.status).toBe(201);
    semesterId = reply.body.closure.id;
    expect(reply.body).toEqual({
      closure: { id: semesterId, from: '2026-11-25', to: '2026-11-27', reason: 'Semester', recurring: false },
      affected_bookings: [
        { id: booked.bo, date: '2026-11-25', time: '12:00', name: 'Bo Ek', total_pizzas: 3, status: 'pending' },
        { id: booked.anna, date: '2026-11-25', time: '18:00', name: 'Anna Ek', total_pizzas: 2, status: 'pending' },
        { id: booked.cilla, date: '2026-11-27', time: '12:00', name: 'Cilla Ek', total_pizzas: 2, status: 'confirmed' },
      ],
    });
    expect(
      (await t.get(`/api/admin/closures/${semesterId}/bookings`, admin)).body.affected_bookings.map(
        (b: { id: string }) => b.id,
      ),
    ).toEqual([booked.bo, booked.anna, booked.cilla]);
  });

  it('GET /api/admin/closures lists it', async () => {
    expect((await t.get('/api/admin/closures', admin)).body).toEqual({
      closures: [{ id: semesterId, from: '2026-11-25', to: '2026-11-27', reason: 'Semester', recurring: false }],
    });
  });
});

describe('closed dates for customers (rules: closures, bookable-dates)', () => {
  it('/open-days leaves them out and keeps the days around them', async () => {
    const dates = (await t.get('/api/open-days?days=7')).body.open_days.map((d: { date: string }) => d.date);
    expect(dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-28', '2026-11-29']);
  });

  it('/test-availability and /availability answer available: false with the reason', async () => {
    for (const path of [
      '/api/test-availability?date=2026-11-26&pizzas=1',
      '/api/availability?date=2026-11-26&pizzas=1',
    ]) {
      const reply = await t.get(path);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        available: false,
        message: 'Kiosken har stängt detta datum: Semester',
        slots: [],
      });
    }
    expect((await t.get('/api/test-availability?date=2026-11-24&pizzas=1')).body.available).toBe(true);
  });

  it('a booking on a closed date is refused with the reason and books nothing', async () => {
    const reply = await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', email: 'ny@example.se' }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Kiosken har stängt detta datum: Semester' });
    const onDay = (await t.get('/api/admin/bookings?date=2026-11-26', admin)).body as Array<{ email: string }>;
    expect(onDay.map((b) => b.email)).toEqual(['gone@example.se']);
  });

  it('a VIP date inside the closure is refused (rule: vip-dates)', async () => {
    const reply = await t.post('/api/admin/vip-dates', { date: '2026-11-26', description: 'Provsmakning' }, admin);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Kiosken har stängt detta datum (Semester): det kan inte markeras som VIP' });
    expect((await t.get('/api/admin/vip-dates', admin)).body).toEqual([]);
  });
});

describe('the week calendar shows closed days with their reason', () => {
  it('GET /api/admin/calendar/week names the closure on each closed day', async () => {
    const week = (await t.get('/api/admin/calendar/week?start=2026-11-23', admin)).body.schedule;
    expect(week['2026-11-24'].closure).toBeNull();
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-27'])
      expect(week[date].closure, date).toEqual({ id: semesterId, reason: 'Semester' });
    expect(week['2026-11-28'].closure).toBeNull();
    // The day's own hours stay as they are: removing the closure opens it as before.
    expect(week['2026-11-25'].isOpen).toBe(true);
  });
});

describe('POST /api/admin/closures/{id}/cancel-bookings (rule: closure-bookings)', () => {
  const cancellationMailsTo = (email: string) =>
    smtp.mails.filter((m) => m.to.includes(email) && m.text.includes('är avbokad'));

  it('needs a message to the customers', async () => {
    const reply = await t.post(`/api/admin/closures/${semesterId}/cancel-bookings`, { message: '  ' }, admin);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Skriv ett meddelande till kunderna' });
  });

  it('cancels each affected booking with the message as reason and mails each customer once', async () => {
    const reply = await t.post(
      `/api/admin/closures/${semesterId}/cancel-bookings`,
      { message: 'Vi har semester, välkommen tillbaka i december!' },
      admin,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, cancelled: 3 });
    for (const key of ['bo', 'anna', 'cilla']) {
      const booking = (await t.get(`/api/admin/bookings/${booked[key]}`, admin)).body;
      expect(booking, key).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'staff',
        cancel_reason: 'Vi har semester, välkommen tillbaka i december!',
      });
    }
    for (const key of ['before', 'after'])
      expect((await t.get(`/api/admin/bookings/${booked[key]}`, admin)).body.status, key).toBe('pending');
    expect((await t.get(`/api/admin/closures/${semesterId}/bookings`, admin)).body).toEqual({ affected_bookings: [] });

    for (
      let i = 0;
      i < 200 && ['anna', 'bo', 'cilla'].some((n) => cancellationMailsTo(`${n}@example.se`).length === 0);
      i++
    )
      await new Promise((r) => setTimeout(r, 25));
    for (const name of ['anna', 'bo', 'cilla']) {
      const mails = cancellationMailsTo(`${name}@example.se`);
      expect(mails, name).toHaveLength(1);
      expect(mails[0].text).toContain('Anledning: Vi har semester, välkommen tillbaka i december!');
    }
  });

  it('a retry cancels nothing twice and mails nobody again', async () => {
    const before = smtp.mails.length;
    const reply = await t.post(`/api/admin/closures/${semesterId}/cancel-bookings`, { message: 'Igen' }, admin);
    expect(reply.body).toEqual({ success: true, cancelled: 0 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(smtp.mails.length).toBe(before);
    for (const name of ['anna', 'bo', 'cilla']) expect(cancellationMailsTo(`${name}@example.se`), name).toHaveLength(1);
  });

  it('an unknown closure is not found', async () => {
    const reply = await t.post('/api/admin/closures/999/cancel-bookings', { message: 'Stängt' }, admin);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Stängningen finns inte' });
  });
});

describe('recurring holidays (rule: closures)', () => {
  it('a yearly range wrapping the year end closes its dates every year, also beyond the horizon', async () => {
    const reply = await t.post(
      '/api/admin/closures',
      { from: '2026-12-31', to: '2027-01-01', reason: 'Nyår', recurring: true },
      admin,
    );
    expect(reply.status).toBe(201);
    expect(reply.body.closure).toMatchObject({ from: '2026-12-31', to: '2027-01-01', reason: 'Nyår', recurring: true });
    expect(reply.body.affected_bookings).toEqual([]);
    for (const date of ['2026-12-31', '2027-01-01', '2029-12-31']) {
      expect((await t.get(`/api/test-availability?date=${date}&pizzas=1`)).body.message, date).toBe(
        'Kiosken har stängt detta datum: Nyår',
      );
    }
    expect((await t.get('/api/test-availability?date=2027-01-02&pizzas=1')).body.message).toBe(
      'Datumet ligger för långt fram för bokning',
    );
  });
});

describe('DELETE /api/admin/closures/{id} (rule: closures)', () => {
  it('removes the closure and its dates are offered again', async () => {
    expect((await t.del(`/api/admin/closures/${semesterId}`, {}, admin)).body).toEqual({ success: true });
    expect((await t.get('/api/admin/closures', admin)).body.closures.map((c: { reason: string }) => c.reason)).toEqual([
      'Nyår',
    ]);
    const dates = (await t.get('/api/open-days?days=7')).body.open_days.map((d: { date: string }) => d.date);
    expect(dates).toContain('2026-11-26');
    expect((await t.get('/api/test-availability?date=2026-11-26&pizzas=1')).body.available).toBe(true);
    expect(
      (await t.get('/api/admin/calendar/week?start=2026-11-23', admin)).body.schedule['2026-11-26'].closure,
    ).toBeNull();
  });

  it('an unknown or removed closure is not found', async () => {
    const reply = await t.del(`/api/admin/closures/${semesterId}`, {}, admin);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Stängningen finns inte' });
  });
});
