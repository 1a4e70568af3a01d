// The kitchen's day (issue 17), the system's steps: the reminder and pending-expiry settings over
// HTTP, and the booking timers sweeping with the server's clock moved by the test. Sweeps are
// run by hand (TIMER_INTERVAL_MS is an hour here: none runs by itself), so each test says exactly
// when the system acts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../domain/settings/settings.js';
import { ConfigError, configFromEnv } from '../../api/config.js';
import { BOOKING_TIMERS_LEASE } from '../../api/timers/bookingTimers.js';
import { LEASES } from '../../projections/leasedRunner.js';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let now = MONDAY_MORNING;
const later = (minutes: number) => new Date(MONDAY_MORNING.getTime() + minutes * 60_000);
const t = useTestServer({ now: () => now, config: { timerIntervalMs: 3_600_000 } });

const saveSettings = async (changes: Record<string, unknown>) => {
  const admin = await t.login();
  const current = (await t.get('/api/admin/settings', admin)).body;
  const reply = await t.put('/api/admin/settings', { ...current, ...changes }, admin);
  expect(reply.status).toBe(200);
  return reply.body.settings;
};
const booking = async (id: string) => (await t.get(`/api/admin/bookings/${id}`, await t.login())).body;
const dayEvents = async (date: string) => t.server.events.readStream(`kioskday-${date}`);
const slotLeft = async (date: string, time: string) =>
  (await t.get(`/api/availability?date=${date}&pizzas=1`)).body.slots.find((s: { time: string }) => s.time === time)
    .capacity_remaining;

describe('GET/PUT /api/admin/settings: reminder_minutes_before and pending_expiry_minutes', () => {
  it('start as 60 and 0 (off), are saved, shown publicly, and default when a save leaves them out (rule: settings-defaults)', async () => {
    const admin = await t.login();
    expect((await t.get('/api/admin/settings', admin)).body).toMatchObject({
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
    });
    expect(await saveSettings({ reminder_minutes_before: 30, pending_expiry_minutes: 45 })).toMatchObject({
      reminder_minutes_before: 30,
      pending_expiry_minutes: 45,
    });
    expect((await t.get('/api/admin/settings', admin)).body).toMatchObject({
      reminder_minutes_before: 30,
      pending_expiry_minutes: 45,
    });
    expect((await t.get('/api/settings')).body).toMatchObject({
      reminder_minutes_before: 30,
      pending_expiry_minutes: 45,
    });

    const {
      reminder_minutes_before: _r,
      pending_expiry_minutes: _p,
      ...older
    } = (await t.get('/api/admin/settings', admin)).body;
    expect((await t.put('/api/admin/settings', older, admin)).body.settings).toMatchObject({
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
    });
  });

  it('refuse a negative or broken number with the Swedish message and change nothing', async () => {
    const admin = await t.login();
    const current = (await t.get('/api/admin/settings', admin)).body;
    const negative = await t.put('/api/admin/settings', { ...current, reminder_minutes_before: -5 }, admin);
    expect(negative).toMatchObject({ status: 400, body: { error: 'Påminnelsetiden måste vara ett heltal, minst 0' } });
    const broken = await t.put('/api/admin/settings', { ...current, pending_expiry_minutes: 'snart' }, admin);
    expect(broken).toMatchObject({
      status: 400,
      body: { error: 'Tiden för obekräftade bokningar måste vara ett heltal, minst 0' },
    });
    expect((await t.get('/api/admin/settings', admin)).body).toEqual(current);
  });

  it('read settings stored before these existed as the defaults', async () => {
    const admin = await t.login();
    const { reminder_minutes_before: _r, pending_expiry_minutes: _p, ...stored } = defaultSettings('gammal@kiosk.se');
    await t.server.events.append(
      'settings',
      [
        {
          id: randomUUID(),
          type: 'SettingsUpdated',
          data: { settings: stored },
          metadata: { actor: 'admin@kiosk.se', timestamp: now.toISOString() },
        },
      ],
      'any',
    );
    await expect.poll(async () => (await t.get('/api/admin/settings', admin)).body.admin_email).toBe('gammal@kiosk.se');
    expect((await t.get('/api/admin/settings', admin)).body).toMatchObject({
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
    });
    expect((await t.get('/api/settings')).body).toMatchObject({
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
    });
    expect(await t.server.services.settings.current()).toMatchObject({
      reminder_minutes_before: 60,
      pending_expiry_minutes: 0,
    });
  });
});

describe('the booking timers: a pending booking not confirmed in time (rule: pending-expiry)', () => {
  it('is cancelled by the system once old enough, freeing its slot and its bonus-code use, once', async () => {
    now = MONDAY_MORNING;
    const admin = await t.login();
    await saveSettings({ pending_expiry_minutes: 30 });
    const code = await t.post(
      '/api/admin/bonus-codes',
      {
        code: 'ENGANG',
        description: 'En gång',
        discount_percentage: 10,
        usage_limit: 1,
        expires_at: '',
        is_active: true,
      },
      admin,
    );
    expect(code.status).toBe(201);
    const date = '2026-11-25';
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({
        date,
        time: '12:00',
        items: [{ pizza_id: 1, qty: 6 }],
        requested_pizzas: 6,
        bonus_code: 'ENGANG',
      }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    const kept = await t.post('/api/bookings', bookingPayload({ date, time: '13:00', email: 'bekraftad@example.se' }));
    expect((await t.put(`/api/admin/bookings/${kept.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
    expect(await slotLeft(date, '12:00')).toBe(0);
    expect(
      (
        await t.post(
          '/api/bookings',
          bookingPayload({ date, time: '14:00', email: 'andra@example.se', bonus_code: 'ENGANG' }),
        )
      ).body.error,
    ).toBe('Bonuskoden har redan använts maximalt antal gånger');

    // 29 minutes: not yet.
    now = later(29);
    expect(await t.server.timers.sweep()).toEqual({ expired: [], reminded: [] });
    expect((await booking(id)).status).toBe('pending');

    // 30 minutes: cancelled by the system; the confirmed booking stays.
    now = later(30);
    expect(await t.server.timers.sweep()).toEqual({ expired: [id], reminded: [] });
    await expect.poll(async () => (await booking(id)).status).toBe('cancelled');
    expect(await booking(id)).toMatchObject({ cancelled_by: 'system', cancel_reason: 'Ej bekräftad i tid' });
    expect((await booking(kept.body.booking_id)).status).toBe('confirmed');
    await expect.poll(() => slotLeft(date, '12:00')).toBe(6);
    await expect
      .poll(
        async () =>
          (await t.get('/api/admin/bonus-codes', admin)).body.find((c: { code: string }) => c.code === 'ENGANG')
            .used_count,
      )
      .toBe(0);
    expect(
      (
        await t.post(
          '/api/bookings',
          bookingPayload({ date, time: '14:00', email: 'andra@example.se', bonus_code: 'ENGANG' }),
        )
      ).status,
    ).toBe(201);

    // The history shows who did it and when.
    const history = (await t.get(`/api/admin/bookings/${id}/history`, admin)).body;
    expect(history.at(-1)).toMatchObject({
      type: 'BookingCancelled',
      actor: 'system',
      time: later(30).toISOString(),
      data: { status: 'cancelled', previous_status: 'pending', by: 'system', reason: 'Ej bekräftad i tid' },
    });

    // Again, and from a direct command: nothing more.
    expect(await t.server.timers.sweep()).toEqual({ expired: [], reminded: [] });
    expect(await t.server.services.bookings.expirePending(id)).toBe(false);
    const cancellations = (await dayEvents(date)).filter((e) => e.type === 'BookingCancelled');
    expect(cancellations).toHaveLength(1);
    expect(
      (await t.server.events.readStream('bonus-codes')).filter((e) => e.type === 'BonusCodeReleased'),
    ).toHaveLength(1);
  });

  it('leaves pending bookings alone while the setting is 0', async () => {
    now = MONDAY_MORNING;
    await saveSettings({ pending_expiry_minutes: 0 });
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', time: '12:00', email: 'vantar@example.se' }),
    );
    now = later(24 * 60);
    expect((await t.server.timers.sweep()).expired).toEqual([]);
    expect((await booking(placed.body.booking_id)).status).toBe('pending');
  });
});

describe('the booking timers: a confirmed booking before its slot (rule: reminder)', () => {
  it('is reminded once inside its window; one confirmed inside the window and a pending one are not', async () => {
    now = MONDAY_MORNING;
    const admin = await t.login();
    await saveSettings({ reminder_minutes_before: 60, pending_expiry_minutes: 0 });
    const date = '2026-11-27'; // Friday; 12:00 in Stockholm is 11:00 UTC
    const early = await t.post('/api/bookings', bookingPayload({ date, time: '12:00', email: 'tidig@example.se' }));
    await t.put(`/api/admin/bookings/${early.body.booking_id}/confirm`, {}, admin);
    const pending = await t.post(
      '/api/bookings',
      bookingPayload({ date, time: '12:00', email: 'obekraftad@example.se' }),
    );

    now = new Date('2026-11-27T09:59:00Z');
    expect((await t.server.timers.sweep()).reminded).toEqual([]);

    // Inside the window: a booking placed and confirmed now is too late for a reminder.
    now = new Date('2026-11-27T10:10:00Z');
    const late = await t.post('/api/bookings', bookingPayload({ date, time: '12:00', email: 'sen@example.se' }));
    expect(late.status).toBe(201);
    expect((await t.put(`/api/admin/bookings/${late.body.booking_id}/confirm`, {}, await t.login())).status).toBe(200);
    expect(await t.server.timers.sweep()).toEqual({ expired: [], reminded: [early.body.booking_id] });
    now = new Date('2026-11-27T10:30:00Z');
    expect(await t.server.timers.sweep()).toEqual({ expired: [], reminded: [] });
    expect(await t.server.services.bookings.remind(early.body.booking_id)).toBe(false);

    const reminders = (await dayEvents(date)).filter((e) => e.type === 'BookingReminded');
    expect(reminders.map((e) => (e.data as { booking_id: string }).booking_id)).toEqual([early.body.booking_id]);
    // (The session of Monday morning has run out by Friday.)
    const history = (await t.get(`/api/admin/bookings/${early.body.booking_id}/history`, await t.login())).body;
    expect(history.at(-1)).toMatchObject({
      type: 'BookingReminded',
      actor: 'system',
      time: '2026-11-27T10:10:00.000Z',
      data: { reminder_minutes_before: 60 },
    });
    expect((await booking(early.body.booking_id)).status).toBe('confirmed');
    expect((await booking(pending.body.booking_id)).status).toBe('pending');
  });
});

describe('TIMER_INTERVAL_MS', () => {
  it('sweeps every 20 s by default, takes 50 ms to an hour, and stops the start on anything else', () => {
    expect(configFromEnv({}).timerIntervalMs).toBe(20_000);
    expect(configFromEnv({ TIMER_INTERVAL_MS: '500' }).timerIntervalMs).toBe(500);
    for (const bad of ['10', 'ofta', '-1']) {
      expect(() => configFromEnv({ TIMER_INTERVAL_MS: bad })).toThrow(ConfigError);
    }
    expect(() => configFromEnv({ TIMER_INTERVAL_MS: '10' })).toThrow('expected a whole number from 50 to 3600000');
  });
});

describe('the booking timers: one process at a time (api/reactors/leasedSweep.ts)', () => {
  it("send nothing while another process holds the sweep's lease, and let it go at the end of their own", async () => {
    now = MONDAY_MORNING;
    await saveSettings({ pending_expiry_minutes: 30 });
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', time: '15:00', email: 'lease@example.se' }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    now = later(30);
    const other = 'other-host:1:timers-test';
    expect(await t.server.docs.lease(LEASES, BOOKING_TIMERS_LEASE, other, 60_000)).toBe('ours');
    expect(await t.server.timers.sweep()).toEqual({ expired: [], reminded: [] });
    expect((await booking(id)).status).toBe('pending');
    await t.server.docs.endLease(LEASES, BOOKING_TIMERS_LEASE, other, 'release');
    expect((await t.server.timers.sweep()).expired).toContain(id);
    await expect.poll(async () => (await booking(id)).status).toBe('cancelled');
    // Let go once the sweep ended: the next turn may fall to any process at once.
    expect(await t.server.docs.lease(LEASES, BOOKING_TIMERS_LEASE, other, 60_000)).toBe('ours');
    await t.server.docs.endLease(LEASES, BOOKING_TIMERS_LEASE, other, 'release');
  });
});
