// POST /api/bookings/{id}/reschedule (rule: reschedule): the same date, another date, refusals in
// Swedish, capacity freed on the old slot and taken on the new, the old number still working, a
// confirmed booking back to pending, the bonus-code use moving with the booking, history, mails,
// and a retry that changes nothing; the dialog's slots (GET .../reschedule-slots).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../domain/messages.js';
import { rescheduleAnswerSchema } from '../../domain/answers/index.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

// Monday 23 November 09:00 is now: Thursday the 26th and later are beyond the 24-hour cut-off.
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';

async function book(overrides: Record<string, unknown>) {
  const reply = await t.post('/api/bookings', bookingPayload(overrides));
  expect(reply.status).toBe(201);
  return reply.body.booking_id as string;
}

const reschedule = (id: string, body: Record<string, unknown>) => t.post(`/api/bookings/${id}/reschedule`, body);

async function capacity(date: string, time: string): Promise<number> {
  const reply = await t.get(`/api/test-availability?date=${date}&pizzas=1`);
  return reply.body.slots.find((s: { time: string }) => s.time === time).capacity_remaining;
}

const eventCount = async (date: string) => (await t.server.events.readStream(`kioskday-${date}`)).length;

describe('POST /api/bookings/{id}/reschedule to another time the same date', () => {
  it('moves the time under the same number, frees the old slot and takes the new one', async () => {
    const id = await book({ date: THURSDAY, time: '12:00', email: 'samma@example.se' });
    const reply = await reschedule(id, { email: 'samma@example.se', date: THURSDAY, time: '13:00' });
    expect(reply.status).toBe(200);
    expect(rescheduleAnswerSchema.safeParse(reply.body).success).toBe(true);
    expect(reply.body.booking).toMatchObject({
      id,
      booking_date: THURSDAY,
      booking_time: '13:00',
      status: 'pending',
      total_pizzas: 2,
    });
    expect(await capacity(THURSDAY, '12:00')).toBe(6);
    expect(await capacity(THURSDAY, '13:00')).toBe(4);
    const history = await t.get(`/api/admin/bookings/${id}/history`, admin);
    expect(history.body.at(-1)).toMatchObject({
      type: 'BookingRescheduled',
      actor: 'customer',
      data: { status: 'pending', from_time: '12:00', booking_time: '13:00' },
    });
  });

  it('refuses the date and time the booking already has, and changes nothing', async () => {
    const id = await book({ date: THURSDAY, time: '14:00', email: 'redan@example.se' });
    const before = await eventCount(THURSDAY);
    const reply = await reschedule(id, { email: 'redan@example.se', date: THURSDAY, time: '14:00' });
    expect(reply).toMatchObject({ status: 400, body: { error: msg.rescheduleSameTime } });
    expect(await eventCount(THURSDAY)).toBe(before);
  });
});

describe('POST /api/bookings/{id}/reschedule to another date', () => {
  it('answers the booking under a new number; the old slot is freed, the new one taken, and the old number leads to the new booking', async () => {
    const id = await book({ date: THURSDAY, time: '15:00', email: 'flytt@example.se', comment: 'Extra ost' });
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    const reply = await reschedule(id, { email: 'flytt@example.se', date: FRIDAY, time: '18:00' });
    expect(reply.status).toBe(200);
    expect(rescheduleAnswerSchema.safeParse(reply.body).success).toBe(true);
    const moved = reply.body.booking;
    expect(moved.id).toMatch(/^20261127-\d+$/);
    // Confirmed before, pending again: staff confirm the new time. Everything else moves along.
    expect(moved).toMatchObject({
      booking_date: FRIDAY,
      booking_time: '18:00',
      status: 'pending',
      moved_from: id,
      name: 'Åsa Öberg',
      phone: '070-123 45 67',
      comment: 'Extra ost',
      dine_in: false,
      total_pizzas: 2,
    });
    expect(await capacity(THURSDAY, '15:00')).toBe(6);
    expect(await capacity(FRIDAY, '18:00')).toBe(4);

    // The number the customer has keeps working: lookup, calendar file.
    const lookup = await t.post('/api/bookings/lookup', { email: 'flytt@example.se', booking_id: id });
    expect(lookup.status).toBe(200);
    expect(lookup.body.booking).toMatchObject({
      id: moved.id,
      booking_date: FRIDAY,
      booking_time: '18:00',
      moved_from: id,
    });
    expect(lookup.body.can_cancel).toBe(true);
    const ics = await t.get(`/api/bookings/${id}/calendar.ics?email=flytt@example.se`);
    expect(ics.status).toBe(200);
    expect(ics.body.toString()).toContain('DTSTART:20261127T170000Z');
    // A wrong e-mail still finds nothing.
    expect((await t.post('/api/bookings/lookup', { email: 'annan@example.se', booking_id: id })).status).toBe(404);

    // Staff see the old booking as cancelled, pointing at the new one.
    const old = await t.get(`/api/admin/bookings/${id}`, admin);
    expect(old.body).toMatchObject({
      status: 'cancelled',
      moved_to: moved.id,
      cancel_reason: msg.bookingMovedTo(moved.id),
    });

    // The history of both numbers shows the move.
    const oldHistory = await t.get(`/api/admin/bookings/${id}/history`, admin);
    expect(oldHistory.body.map((e: { type: string }) => e.type)).toEqual([
      'BookingPlaced',
      'BookingConfirmed',
      'BookingMovedAway',
    ]);
    expect(oldHistory.body.at(-1).data).toMatchObject({
      status: 'moved',
      previous_status: 'confirmed',
      moved_to: moved.id,
      booking_date: FRIDAY,
      booking_time: '18:00',
    });
    const newHistory = await t.get(`/api/admin/bookings/${moved.id}/history`, admin);
    expect(newHistory.body[0]).toMatchObject({ type: 'BookingPlaced', data: { status: 'pending', moved_from: id } });

    // A retry of the same request answers the same booking and appends nothing anywhere.
    const before = [await eventCount(THURSDAY), await eventCount(FRIDAY)];
    const again = await reschedule(id, { email: 'flytt@example.se', date: FRIDAY, time: '18:00' });
    expect(again.status).toBe(200);
    expect(again.body.booking.id).toBe(moved.id);
    expect([await eventCount(THURSDAY), await eventCount(FRIDAY)]).toEqual(before);
    expect(await capacity(FRIDAY, '18:00')).toBe(4);

    // The customer and staff are mailed once each, when the move is complete.
    const movedAway = (await t.server.events.readStream(`kioskday-${THURSDAY}`)).find(
      (e) => e.type === 'BookingMovedAway',
    )!;
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length < 2; i++) {
      // A file still being written is a .tmp beside it (api/mail/mailer.ts renames it into place).
      files = readdirSync(join(t.dataDir, 'outbox')).filter((f) => f.startsWith(movedAway.id) && f.endsWith('.eml'));
      if (files.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(files.sort()).toEqual([`${movedAway.id}-customer.eml`, `${movedAway.id}-staff.eml`]);
    // The file is written before the item is marked sent (api/mail/sender.ts): wait for the marks.
    let log = await t.server.docs.find('mail_log_v1', { event_type: 'BookingMovedAway', status: 'sent' });
    for (let i = 0; i < 100 && log.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      log = await t.server.docs.find('mail_log_v1', { event_type: 'BookingMovedAway', status: 'sent' });
    }
    expect(
      log
        .filter((m) => String(m.id).startsWith(movedAway.id))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['admin@pizzakiosken.test', 'flytt@example.se'].sort());
    // The first step alone mails nobody.
    const placedCopy = (await t.server.events.readStream(`kioskday-${FRIDAY}`)).find(
      (e) => (e.data as { moved_from?: string }).moved_from === id,
    )!;
    expect(readdirSync(join(t.dataDir, 'outbox')).filter((f) => f.startsWith(placedCopy.id))).toEqual([]);
  });

  it('moves a moved booking again, and the first number follows every move', async () => {
    const id = await book({ date: THURSDAY, time: '16:00', email: 'tva@example.se' });
    const first = (await reschedule(id, { email: 'tva@example.se', date: FRIDAY, time: '16:00' })).body.booking.id;
    const second = await reschedule(id, { email: 'tva@example.se', date: '2026-11-28', time: '16:00' });
    expect(second.status).toBe(200);
    expect(second.body.booking).toMatchObject({ booking_date: '2026-11-28', moved_from: first });
    expect((await t.post('/api/bookings/lookup', { email: 'tva@example.se', booking_id: id })).body.booking.id).toBe(
      second.body.booking.id,
    );
    expect(await capacity(FRIDAY, '16:00')).toBe(6);
  });

  it('moves the bonus-code use with the booking: the move keeps it, cancelling the moved booking gives it back once', async () => {
    expect(
      (await t.post('/api/admin/bonus-codes', { code: 'FLYTT1', discount_percentage: 10, usage_limit: 1 }, admin))
        .status,
    ).toBe(201);
    const usedCount = async () =>
      (await t.get('/api/admin/bonus-codes', admin)).body.find((c: { code: string }) => c.code === 'FLYTT1')
        .used_count as number;
    const id = await book({ date: THURSDAY, time: '17:00', email: 'bonus@example.se', bonus_code: 'FLYTT1' });
    expect(await usedCount()).toBe(1);
    const moved = await reschedule(id, { email: 'bonus@example.se', date: FRIDAY, time: '17:00' });
    expect(moved.body.booking).toMatchObject({
      bonus_code: 'FLYTT1',
      original_total_cents: 19800,
      discount_cents: 1980,
      final_total_cents: 17820,
    });
    expect(await usedCount()).toBe(1);
    // Cancelled under the old number: it follows to the moved booking.
    expect((await t.post(`/api/bookings/${id}/cancel-public`, { email: 'bonus@example.se' })).status).toBe(200);
    expect((await t.get(`/api/admin/bookings/${moved.body.booking.id}`, admin)).body.status).toBe('cancelled');
    expect(await usedCount()).toBe(0);
    const again = await t.post(`/api/bookings/${moved.body.booking.id}/cancel-public`, { email: 'bonus@example.se' });
    expect(again).toMatchObject({ status: 400, body: { error: msg.bookingAlreadyCancelled } });
    expect(await usedCount()).toBe(0);
  });
});

describe('POST /api/bookings/{id}/reschedule refuses', () => {
  it('a wrong e-mail or unknown number like lookup: 404 Kunde inte hitta bokningen', async () => {
    const id = await book({ date: THURSDAY, time: '19:00', email: 'fel@example.se' });
    expect(await reschedule(id, { email: 'annan@example.se', date: FRIDAY, time: '19:00' })).toMatchObject({
      status: 404,
      body: { error: msg.bookingNotFound },
    });
    expect(await reschedule('20261126-999', { email: 'fel@example.se', date: FRIDAY, time: '19:00' })).toMatchObject({
      status: 404,
      body: { error: msg.bookingNotFound },
    });
    expect(await reschedule('inte-ett-nummer', { email: 'fel@example.se', date: FRIDAY, time: '19:00' })).toMatchObject(
      { status: 404, body: { error: msg.bookingNotFound } },
    );
  });

  it('too late: less than 24 hours before the booked time', async () => {
    const id = await book({ date: '2026-11-23', time: '12:00', email: 'sent@example.se' });
    const reply = await reschedule(id, { email: 'sent@example.se', date: FRIDAY, time: '12:00' });
    expect(reply).toMatchObject({ status: 400, body: { error: msg.tooLateToReschedule } });
  });

  it('a full slot and a slot with too little room, leaving the old booking and the new day as they were', async () => {
    await book({
      date: FRIDAY,
      time: '20:00',
      email: 'full@example.se',
      items: [{ pizza_id: 1, qty: 6 }],
      requested_pizzas: 6,
    });
    await book({
      date: FRIDAY,
      time: '20:15',
      email: 'nastan@example.se',
      items: [{ pizza_id: 1, qty: 5 }],
      requested_pizzas: 5,
    });
    const id = await book({ date: THURSDAY, time: '20:00', email: 'vill@example.se' });
    const before = await eventCount(FRIDAY);
    expect(await reschedule(id, { email: 'vill@example.se', date: FRIDAY, time: '20:00' })).toMatchObject({
      status: 400,
      body: { error: msg.slotFull },
    });
    expect(await reschedule(id, { email: 'vill@example.se', date: FRIDAY, time: '20:15' })).toMatchObject({
      status: 400,
      body: { error: msg.tooManyForSlot(2, 1) },
    });
    expect(await eventCount(FRIDAY)).toBe(before);
    expect(await capacity(THURSDAY, '20:00')).toBe(4);
    expect(
      (await t.post('/api/bookings/lookup', { email: 'vill@example.se', booking_id: id })).body.booking,
    ).toMatchObject({ id, booking_time: '20:00', status: 'pending' });
  });

  it('a closed day', async () => {
    expect((await t.post('/api/admin/calendar/day', { date: '2026-11-30', isOpen: false }, admin)).status).toBe(200);
    const id = await book({ date: THURSDAY, time: '21:00', email: 'stangt@example.se' });
    expect(await reschedule(id, { email: 'stangt@example.se', date: '2026-11-30', time: '12:00' })).toMatchObject({
      status: 400,
      body: { error: msg.dayClosed },
    });
  });

  it('a cancelled booking', async () => {
    const id = await book({ date: THURSDAY, time: '21:15', email: 'avbokad@example.se' });
    expect((await t.post(`/api/bookings/${id}/cancel-public`, { email: 'avbokad@example.se' })).status).toBe(200);
    expect(await reschedule(id, { email: 'avbokad@example.se', date: FRIDAY, time: '12:00' })).toMatchObject({
      status: 400,
      body: { error: msg.bookingAlreadyCancelled },
    });
  });

  it('a body without date or time', async () => {
    const id = await book({ date: THURSDAY, time: '21:30', email: 'tom@example.se' });
    expect(await reschedule(id, { email: 'tom@example.se', time: '12:00' })).toMatchObject({
      status: 400,
      body: { error: msg.dateRequired },
    });
    expect(await reschedule(id, { email: 'tom@example.se', date: FRIDAY })).toMatchObject({
      status: 400,
      body: { error: msg.timeRequired },
    });
  });
});

describe('moves in progress', () => {
  it('recovery finds none left once every move is complete', async () => {
    expect(await t.server.docs.find(COLLECTIONS.moves, {})).toEqual([]);
    expect(await t.server.services.reschedule.recover()).toBe(0);
  });
});

describe('POST /api/bookings/{id}/reschedule is rate-limited', () => {
  it('with lookup and public cancel (each tries an e-mail): 429 beyond LOOKUPS_PER_MINUTE', async () => {
    const limited = await startTestServer({ now: () => MONDAY_MORNING, config: { lookupsPerMinute: 2 } });
    try {
      const body = { email: 'prov@example.se', date: FRIDAY, time: '12:00' };
      expect((await limited.post('/api/bookings/20261126-1/reschedule', body)).status).toBe(404);
      expect(
        (await limited.post('/api/bookings/lookup', { email: 'prov@example.se', booking_id: '20261126-1' })).status,
      ).toBe(404);
      expect(await limited.post('/api/bookings/20261126-1/reschedule', body)).toMatchObject({
        status: 429,
        body: { error: msg.tooManyRequests },
      });
    } finally {
      await limited.close();
    }
  });
});

describe('the statistics of moved bookings', () => {
  it('count a moved booking once, on its new date, pending again; a same-date move of a confirmed one moves it back to pending', async () => {
    const fresh = await startTestServer({ now: () => MONDAY_MORNING });
    try {
      const cookie = await fresh.login();
      const overview = async () => (await fresh.get('/api/admin/stats/overview', cookie)).body.overview;
      const a = (await fresh.post('/api/bookings', bookingPayload({ date: THURSDAY, time: '12:00' }))).body.booking_id;
      const b = (await fresh.post('/api/bookings', bookingPayload({ date: THURSDAY, time: '13:00' }))).body.booking_id;
      await fresh.put(`/api/admin/bookings/${a}/confirm`, {}, cookie);
      await fresh.put(`/api/admin/bookings/${b}/confirm`, {}, cookie);
      expect(await overview()).toMatchObject({
        total_bookings: 2,
        confirmed_bookings: 2,
        pending_bookings: 0,
        total_pizzas: 4,
      });
      expect(
        (await fresh.post(`/api/bookings/${a}/reschedule`, { email: 'asa@example.se', date: FRIDAY, time: '12:00' }))
          .status,
      ).toBe(200);
      expect(
        (await fresh.post(`/api/bookings/${b}/reschedule`, { email: 'asa@example.se', date: THURSDAY, time: '14:00' }))
          .status,
      ).toBe(200);
      expect(await overview()).toMatchObject({
        total_bookings: 2,
        confirmed_bookings: 0,
        pending_bookings: 2,
        cancelled_bookings: 0,
        total_pizzas: 4,
      });
      const peaks = (await fresh.get('/api/admin/stats/peak-times?period=year', cookie)).body.peak_hours;
      expect(peaks.map((p: { hour: string | number }) => String(p.hour)).sort()).toEqual(['12', '14']);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/bookings/{id}/reschedule-slots', () => {
  const slotAt = (slots: Array<{ time: string }>, time: string) => slots.find((s) => s.time === time);

  it("offers the booking's own window, which test-availability shows full, and a move there is taken", async () => {
    const fresh = await startTestServer({ now: () => MONDAY_MORNING });
    try {
      const cookie = await fresh.login();
      const settings = (await fresh.get('/api/admin/settings', cookie)).body;
      // One window of 30 minutes: 19:00 and 19:15 share its six pizzas.
      expect((await fresh.put('/api/admin/settings', { ...settings, window_minutes: 30 }, cookie)).status).toBe(200);
      const mine = (
        await fresh.post(
          '/api/bookings',
          bookingPayload({
            date: FRIDAY,
            time: '19:00',
            email: 'egen@example.se',
            items: [{ pizza_id: 1, qty: 4 }],
            requested_pizzas: 4,
          }),
        )
      ).body.booking_id;
      await fresh.post(
        '/api/bookings',
        bookingPayload({
          date: FRIDAY,
          time: '19:15',
          email: 'annan@example.se',
          items: [{ pizza_id: 1, qty: 2 }],
          requested_pizzas: 2,
        }),
      );
      const general = await fresh.get(`/api/test-availability?date=${FRIDAY}&pizzas=4`);
      expect(slotAt(general.body.slots, '19:15')).toMatchObject({ can_accommodate: false, capacity_remaining: 0 });
      const own = await fresh.get(`/api/bookings/${mine}/reschedule-slots?email=EGEN@example.se&date=${FRIDAY}`);
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toBe('no-store');
      expect(own.body).toMatchObject({ date: FRIDAY, available: true, message: null, fits_request: true });
      expect(slotAt(own.body.slots, '19:15')).toEqual({
        time: '19:15',
        available: true,
        can_accommodate: true,
        capacity_remaining: 4,
      });
      // Another date answers as for a new booking of its pizzas.
      const other = await fresh.get(`/api/bookings/${mine}/reschedule-slots?email=egen@example.se&date=${THURSDAY}`);
      const { date: _date, ...otherSlots } = other.body;
      const {
        is_vip: _vip,
        vip_customer: _customer,
        ...generalThursday
      } = (await fresh.get(`/api/test-availability?date=${THURSDAY}&pizzas=4`)).body;
      expect(otherSlots).toEqual(generalThursday);

      const moved = await fresh.post(`/api/bookings/${mine}/reschedule`, {
        email: 'egen@example.se',
        date: FRIDAY,
        time: '19:15',
      });
      expect(moved).toMatchObject({ status: 200, body: { booking: { id: mine, booking_time: '19:15' } } });
    } finally {
      await fresh.close();
    }
  });

  it('keeps the VIP day a booking is on open to it, as the move does', async () => {
    const fresh = await startTestServer({ now: () => MONDAY_MORNING });
    try {
      const cookie = await fresh.login();
      const mine = (
        await fresh.post('/api/bookings', bookingPayload({ date: FRIDAY, time: '12:00', email: 'fest@example.se' }))
      ).body.booking_id;
      expect(
        (await fresh.post('/api/admin/vip-dates', { date: FRIDAY, description: 'Provsmakning' }, cookie)).status,
      ).toBeLessThan(300);
      expect((await fresh.get(`/api/test-availability?date=${FRIDAY}&pizzas=2`)).body).toMatchObject({
        available: false,
        slots: [],
      });
      const own = await fresh.get(`/api/bookings/${mine}/reschedule-slots?email=fest@example.se&date=${FRIDAY}`);
      expect(own.body).toMatchObject({ available: true, message: null });
      expect(slotAt(own.body.slots, '13:00')).toMatchObject({ can_accommodate: true });
      expect(
        (
          await fresh.post(`/api/bookings/${mine}/reschedule`, {
            email: 'fest@example.se',
            date: FRIDAY,
            time: '13:00',
          })
        ).status,
      ).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('answers 404 for a wrong e-mail or number, and 400 in Swedish without a date', async () => {
    const id = await book({ date: THURSDAY, time: '17:00', email: 'fraga@example.se' });
    expect(await t.get(`/api/bookings/${id}/reschedule-slots?email=fel@example.se&date=${FRIDAY}`)).toMatchObject({
      status: 404,
      body: { error: msg.bookingNotFound },
    });
    expect(
      await t.get(`/api/bookings/20261126-999/reschedule-slots?email=fraga@example.se&date=${FRIDAY}`),
    ).toMatchObject({ status: 404, body: { error: msg.bookingNotFound } });
    expect(await t.get(`/api/bookings/${id}/reschedule-slots?email=fraga@example.se`)).toMatchObject({
      status: 400,
      body: { error: msg.dateRequired },
    });
  });
});
