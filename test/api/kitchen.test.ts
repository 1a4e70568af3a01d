// PUT /api/admin/bookings/{id}/kitchen and GET /api/admin/kitchen (rule: kitchen-steps): a
// confirmed order goes I ugnen → Klar → Hämtad or Uteblev over HTTP, steps out of order and
// unconfirmed orders are refused in Swedish, a retried step appends nothing (also from two or
// three processes on one store and after a restart), every booking answer carries
// kitchen_status, the live stream tells each step, and the history shows each step with the
// staff member's e-mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer, useTestServer, type TestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

let sequence = 0;
/** A booking for Tuesday 24 November, confirmed unless told otherwise; its id. */
async function booking(
  server: TestServer = t,
  cookie = admin,
  options: { confirm?: boolean; time?: string; dine_in?: boolean } = {},
): Promise<string> {
  sequence += 1;
  // Each booking in a slot of its own, so the day's capacity never refuses one.
  const minutes = 11 * 60 + 15 * (sequence % 43);
  const time =
    options.time ?? `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const placed = await server.post(
    '/api/bookings',
    bookingPayload({ email: `kok${sequence}@example.se`, time, dine_in: options.dine_in ?? false }),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.booking_id as string;
  if (options.confirm !== false)
    expect((await server.put(`/api/admin/bookings/${id}/confirm`, {}, cookie)).status).toBe(200);
  return id;
}

const step = (id: string, value: string, server: TestServer = t, cookie = admin) =>
  server.put(`/api/admin/bookings/${id}/kitchen`, { step: value }, cookie);
const kitchenEvents = async (id: string, server: TestServer = t, cookie = admin) =>
  (await server.get(`/api/admin/bookings/${id}/history`, cookie)).body.filter(
    (e: { type: string }) => e.type === 'KitchenStepRecorded',
  );

describe('PUT /api/admin/bookings/{id}/kitchen', () => {
  it('moves a confirmed order I ugnen → Klar → Hämtad, each answer showing the step just taken', async () => {
    const id = await booking();
    for (const value of ['baking', 'ready', 'picked_up']) {
      const reply = await step(id, value);
      expect(reply.status, value).toBe(200);
      expect(reply.body).toMatchObject({ success: true, booking: { id, status: 'confirmed', kitchen_status: value } });
      // Read your writes: the next query already shows it.
      expect((await t.get(`/api/admin/bookings/${id}`, admin)).body.kitchen_status).toBe(value);
    }
  });

  it('marks an order Uteblev before it is collected, and undoes the last step back to where it was', async () => {
    const id = await booking();
    expect((await step(id, 'no_show')).body.booking.kitchen_status).toBe('no_show');
    expect((await step(id, 'undo')).body.booking.kitchen_status).toBeNull();
    expect((await step(id, 'baking')).body.booking.kitchen_status).toBe('baking');
    expect((await step(id, 'no_show')).body.booking.kitchen_status).toBe('no_show');
    expect((await step(id, 'undo')).body.booking.kitchen_status).toBe('baking');
  });

  it('refuses steps out of order with a Swedish error and changes nothing', async () => {
    const id = await booking();
    const refused = async (value: string, error: string) => {
      const before = (await kitchenEvents(id)).length;
      const reply = await step(id, value);
      expect(reply, value).toMatchObject({ status: 400, body: { error } });
      expect((await kitchenEvents(id)).length).toBe(before);
    };
    await refused('undo', 'Det finns inget steg att ångra');
    await refused('ready', 'Beställningen måste vara i ugnen innan den kan bli klar');
    await refused('picked_up', 'Beställningen måste vara klar innan den kan hämtas');
    await step(id, 'baking');
    await refused('picked_up', 'Beställningen måste vara klar innan den kan hämtas');
    await step(id, 'ready');
    await refused('baking', 'Beställningen är redan påbörjad i köket');
    await step(id, 'picked_up');
    await refused('no_show', 'Beställningen är redan hämtad');
    expect((await t.get(`/api/admin/bookings/${id}`, admin)).body.kitchen_status).toBe('picked_up');
  });

  it('refuses a pending and a cancelled booking', async () => {
    const pending = await booking(t, admin, { confirm: false });
    expect(await step(pending, 'baking')).toMatchObject({
      status: 400,
      body: { error: 'Bekräfta bokningen innan den går till köket' },
    });
    const cancelled = await booking();
    expect((await t.put(`/api/admin/bookings/${cancelled}/cancel`, { reason: 'Stängt' }, admin)).status).toBe(200);
    expect(await step(cancelled, 'baking')).toMatchObject({
      status: 400,
      body: { error: 'Bokningen är redan avbokad' },
    });
    expect(await kitchenEvents(pending)).toEqual([]);
    expect(await kitchenEvents(cancelled)).toEqual([]);
  });

  it('answers 400 for an unknown or missing step and 404 for an unknown booking', async () => {
    const id = await booking();
    expect(await step(id, 'burnt')).toMatchObject({ status: 400, body: { error: 'Ogiltigt köksteg' } });
    expect(await t.put(`/api/admin/bookings/${id}/kitchen`, {}, admin)).toMatchObject({
      status: 400,
      body: { error: 'Ogiltigt köksteg' },
    });
    for (const unknown of ['20261124-999', '20301231-1', 'inte-ett-nummer']) {
      expect(await step(unknown, 'baking'), unknown).toMatchObject({
        status: 404,
        body: { error: 'Kunde inte hitta bokningen' },
      });
    }
  });

  it('needs a session and a same-site JSON request', async () => {
    const id = await booking();
    const anonymous = await step(id, 'baking', t, '');
    expect(anonymous.status).toBe(401);
    const form = await fetch(`${t.base}/api/admin/bookings/${id}/kitchen`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'text/plain' },
      body: 'step=baking',
    });
    expect(form.status).toBe(403);
    const foreign = await fetch(`${t.base}/api/admin/bookings/${id}/kitchen`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ step: 'baking' }),
    });
    expect(foreign.status).toBe(403);
    expect(await kitchenEvents(id)).toEqual([]);
  });

  it('a retried step or undo changes nothing: no new event, the same answer', async () => {
    const id = await booking();
    const first = await step(id, 'baking');
    const again = await step(id, 'baking');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await kitchenEvents(id)).length).toBe(1);
    await step(id, 'ready');
    const undone = await step(id, 'undo');
    const undoneAgain = await step(id, 'undo');
    expect(undoneAgain.body).toEqual(undone.body);
    expect(undoneAgain.body.booking.kitchen_status).toBe('baking');
    expect((await kitchenEvents(id)).map((e: { data: { step: string } }) => e.data.step)).toEqual([
      'baking',
      'ready',
      'undo',
    ]);
  });

  it('shows each step in the history with the staff e-mail, the time and what it changed', async () => {
    const id = await booking();
    await step(id, 'baking');
    await step(id, 'ready');
    await step(id, 'undo');
    const history = (await t.get(`/api/admin/bookings/${id}/history`, admin)).body;
    expect(history.map((e: { type: string }) => e.type)).toEqual([
      'BookingPlaced',
      'BookingConfirmed',
      'KitchenStepRecorded',
      'KitchenStepRecorded',
      'KitchenStepRecorded',
    ]);
    expect(history.slice(2)).toEqual([
      {
        type: 'KitchenStepRecorded',
        time: MONDAY_MORNING.toISOString(),
        actor: ADMIN.email,
        data: { step: 'baking', kitchen_status: 'baking', previous_kitchen_status: null },
      },
      {
        type: 'KitchenStepRecorded',
        time: MONDAY_MORNING.toISOString(),
        actor: ADMIN.email,
        data: { step: 'ready', kitchen_status: 'ready', previous_kitchen_status: 'baking' },
      },
      {
        type: 'KitchenStepRecorded',
        time: MONDAY_MORNING.toISOString(),
        actor: ADMIN.email,
        data: { step: 'undo', kitchen_status: 'baking', previous_kitchen_status: 'ready' },
      },
    ]);
  });
});

describe('GET /api/admin/live', () => {
  it('tells each kitchen step as a booking change, without e-mail or phone', async () => {
    const id = await booking();
    const abort = new AbortController();
    const live = await fetch(`${t.base}/api/admin/live`, { headers: { cookie: admin }, signal: abort.signal });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The stream is open once its first bytes (the retry line) arrive.
    text += decoder.decode((await reader.read()).value);
    await step(id, 'baking');
    while (!text.includes('KitchenStepRecorded')) text += decoder.decode((await reader.read()).value);
    abort.abort();
    const message = text.split('\n\n').find((m) => m.includes('KitchenStepRecorded'))!;
    expect(message).toContain('event: booking');
    expect(JSON.parse(message.slice(message.indexOf('data: ') + 6))).toEqual({
      type: 'KitchenStepRecorded',
      booking_id: id,
    });
  });
});

describe('kitchen_status in every booking answer', () => {
  it('is null before the oven and the step after it, in the admin list, the details and the customer lookup', async () => {
    const id = await booking();
    const email = (await t.get(`/api/admin/bookings/${id}`, admin)).body.email;
    const seen = async () => ({
      list: (await t.get('/api/admin/bookings?date=2026-11-24', admin)).body.find((b: { id: string }) => b.id === id)
        .kitchen_status,
      details: (await t.get(`/api/admin/bookings/${id}`, admin)).body.kitchen_status,
      lookup: (await t.post('/api/bookings/lookup', { email, booking_id: id })).body.booking.kitchen_status,
    });
    expect(await seen()).toEqual({ list: null, details: null, lookup: null });
    await step(id, 'baking');
    await step(id, 'ready');
    expect(await seen()).toEqual({ list: 'ready', details: 'ready', lookup: 'ready' });
    await step(id, 'undo');
    await step(id, 'undo');
    expect(await seen()).toEqual({ list: 'baking', details: 'baking', lookup: 'baking' });
  });
});

describe('GET /api/admin/kitchen', () => {
  it("is today's orders in the kiosk's time zone when no date is given", async () => {
    const reply = await t.get('/api/admin/kitchen', admin);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ date: '2026-11-23', today: '2026-11-23' });
  });

  it("lists the date's pending and confirmed orders in time order, not cancelled ones, nor other dates'", async () => {
    const late = await booking(t, admin, { time: '20:00' });
    const early = await booking(t, admin, { time: '11:00', confirm: false });
    const cancelled = await booking(t, admin, { time: '11:15' });
    await t.put(`/api/admin/bookings/${cancelled}/cancel`, { reason: 'Sjuk' }, admin);
    const reply = await t.get('/api/admin/kitchen?date=2026-11-24', admin);
    expect(reply.status).toBe(200);
    expect(reply.body.date).toBe('2026-11-24');
    const ids = reply.body.bookings.map((b: { id: string }) => b.id);
    expect(ids).toContain(late);
    expect(ids).toContain(early);
    expect(ids).not.toContain(cancelled);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    const times = reply.body.bookings.map((b: { booking_time: string }) => b.booking_time);
    expect(times).toEqual([...times].sort());
    expect(
      reply.body.bookings.every(
        (b: { status: string; booking_date: string }) => b.status !== 'cancelled' && b.booking_date === '2026-11-24',
      ),
    ).toBe(true);
  });

  it('refuses a date that is not one, and needs a session', async () => {
    expect(await t.get('/api/admin/kitchen?date=2026-13-45', admin)).toMatchObject({
      status: 400,
      body: { error: 'Ogiltigt datum' },
    });
    expect((await t.get('/api/admin/kitchen')).status).toBe(401);
  });
});

describe('exactly once across processes and restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-kitchen-'));
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records the same step sent to three processes on one store once, and once more after a restart nothing', async () => {
    for (let i = 0; i < 3; i++) servers.push(await startTestServer({ dataDir, now: () => MONDAY_MORNING }));
    const cookies = await Promise.all(servers.map((s) => s.login()));
    const id = await booking(servers[0], cookies[0]);

    for (const value of ['baking', 'ready', 'undo', 'ready', 'picked_up']) {
      const replies = await Promise.all(servers.map((s, i) => step(id, value, s, cookies[i])));
      for (const reply of replies) expect(reply.status, `${value}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    const steps = (await kitchenEvents(id, servers[1], cookies[1])).map((e: { data: { step: string } }) => e.data.step);
    expect(steps).toEqual(['baking', 'ready', 'undo', 'ready', 'picked_up']);
    for (const [i, s] of servers.entries())
      expect((await s.get(`/api/admin/bookings/${id}`, cookies[i])).body.kitchen_status).toBe('picked_up');

    // Every process stops; one starts again on the store and is sent the last step again.
    for (const server of servers.splice(0)) await server.close();
    const restarted = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    servers.push(restarted);
    const cookie = await restarted.login();
    const again = await step(id, 'picked_up', restarted, cookie);
    expect(again.status).toBe(200);
    expect(again.body.booking.kitchen_status).toBe('picked_up');
    expect((await kitchenEvents(id, restarted, cookie)).length).toBe(5);
  });
});
