// The waitlist over HTTP (rule: waitlist): join a full slot, a cancellation's capacity offered to
// the earliest entry that fits (by the offer reactor, which follows the log) and held from everyone else, booking with the token, a hold that
// runs out passing to the next in line (the offer timer, on an injected clock), leaving, the
// staff's queue, and one offer mail per offer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../domain/messages.js';
import { redactUrl } from '../../api/http/logging.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';
import { bookPizzas, joinRequest, offerOf, tokenOf } from './waitlistSetup.js';

let now = MONDAY_MORNING;
const t = useTestServer({ now: () => now, config: { waitlistOfferIntervalMs: 100 } });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const DATE = '2026-11-25';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const joinBody = (overrides: Record<string, unknown> = {}) => joinRequest(DATE, overrides);
const remainingAt = async (time: string) =>
  (await t.get(`/api/test-availability?date=${DATE}&pizzas=1`)).body.slots.find(
    (s: { time: string }) => s.time === time,
  ).capacity_remaining;
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(50);
  }
  return read();
}

describe('the waitlist of a full slot (rule: waitlist)', () => {
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const bookings: Record<string, string> = {};

  it('POST /api/waitlist refuses with 409 while the slot can take the request: book directly', async () => {
    const reply = await t.post('/api/waitlist', joinBody({ time: '12:30' }));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ error: msg.waitlistSlotHasRoom });
  });

  it('refuses bad input and dates that cannot be booked, in Swedish', async () => {
    expect((await t.post('/api/waitlist', joinBody({ email: 'nej' }))).body).toEqual({ error: msg.invalidEmail });
    expect((await t.post('/api/waitlist', joinBody({ date: '2026-11-20' }))).body).toEqual({ error: msg.datePassed });
    expect((await t.post('/api/waitlist', joinBody({ time: '12:05' }))).body).toEqual({ error: msg.noSuchSlot });
    expect((await t.post('/api/waitlist', joinBody({ requested_pizzas: 9 }))).body).toEqual({
      error: msg.pizzaCountMax(6),
    });
  });

  it('POST /api/waitlist joins a full slot: 201 with the entry id, in join order', async () => {
    for (const [key, pizzas] of [
      ['A', 4],
      ['B', 2],
    ] as const)
      bookings[key] = await bookPizzas(t, { date: DATE, email: `${key}@example.se`, pizzas });
    for (const [key, pizzas] of [
      ['w1', 3],
      ['w2', 2],
      ['w3', 2],
    ] as const) {
      const reply = await t.post('/api/waitlist', joinBody({ email: `${key}@example.se`, requested_pizzas: pizzas }));
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        waitlist_id: expect.any(String),
        date: DATE,
        time: '12:00',
        requested_pizzas: pizzas,
        message: msg.waitlistJoined('12:00'),
      });
      ids[key] = reply.body.waitlist_id;
      tokens[key] = await tokenOf(t, reply.body.waitlist_id);
    }
    const again = await t.post('/api/waitlist', joinBody({ email: 'W1@example.se', requested_pizzas: 1 }));
    expect(again).toMatchObject({ status: 409, body: { error: msg.waitlistAlreadyQueued } });
  });

  it('GET /api/waitlist/{token} says the entry is still waiting; an unknown token is not found', async () => {
    expect(await t.get(`/api/waitlist/${tokens.w1}`)).toMatchObject({
      status: 409,
      body: { error: msg.waitlistStillWaiting },
    });
    expect(await t.get('/api/waitlist/okänd-token')).toMatchObject({
      status: 404,
      body: { error: msg.waitlistNotFound },
    });
  });

  it('a cancellation offers the freed capacity to the earliest entry that fits, held from everyone else', async () => {
    const cancelled = await t.put(`/api/admin/bookings/${bookings.B}/cancel`, { reason: 'Kunden ringde' }, admin);
    expect(cancelled.status).toBe(200);
    // w1 wants 3 and does not fit in 2; w2 does.
    const offer = await offerOf(t, tokens.w2);
    expect(await t.get(`/api/waitlist/${tokens.w1}`)).toMatchObject({ status: 409 });
    expect(offer.body).toEqual({
      date: DATE,
      time: '12:00',
      name: 'Karin Kö',
      email: 'w2@example.se',
      requested_pizzas: 2,
      pizzas: 2,
      hold_expires_at: new Date(MONDAY_MORNING.getTime() + 30 * 60_000).toISOString(),
    });
    expect(await remainingAt('12:00')).toBe(0);
    const other = await t.post(
      '/api/bookings',
      bookingPayload({
        date: DATE,
        time: '12:00',
        email: 'annan@example.se',
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
      }),
    );
    expect(other).toMatchObject({ status: 400, body: { error: msg.slotFull } });
  });

  it('POST /api/waitlist/{token}/book books at most the held pizzas, pending like any booking', async () => {
    const customer = { name: 'Wilma Två', email: 'w2@example.se', phone: null, dine_in: false };
    const tooMany = await t.post(`/api/waitlist/${tokens.w2}/book`, { ...customer, items: [{ pizza_id: 1, qty: 3 }] });
    expect(tooMany).toMatchObject({ status: 400, body: { error: msg.tooManyForSlot(3, 2) } });
    const booked = await t.post(`/api/waitlist/${tokens.w2}/book`, {
      ...customer,
      items: [
        { pizza_id: 1, qty: 1 },
        { pizza_id: 2, qty: 1 },
      ],
    });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      status: 'pending',
      booking: { booking_date: DATE, booking_time: '12:00', total_pizzas: 2, name: 'Wilma Två' },
    });
    const lookup = await t.post('/api/bookings/lookup', { email: 'w2@example.se', booking_id: booked.body.booking_id });
    expect(lookup.body.booking.status).toBe('pending');
    expect(await t.get(`/api/waitlist/${tokens.w2}`)).toMatchObject({
      status: 409,
      body: { error: msg.waitlistAlreadyBooked },
    });
    // A retry after a lost answer gets the first answer; no second booking is placed.
    const retry = await t.post(`/api/waitlist/${tokens.w2}/book`, {
      ...customer,
      items: [
        { pizza_id: 2, qty: 1 },
        { pizza_id: 1, qty: 1 },
      ],
    });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(booked.body);
    const listed = (await t.get(`/api/admin/bookings?date=${DATE}`, admin)).body as Array<{ email: string }>;
    expect(listed.filter((b) => b.email === 'w2@example.se')).toHaveLength(1);
    expect(
      await t.post(`/api/waitlist/${tokens.w2}/book`, { ...customer, items: [{ pizza_id: 1, qty: 2 }] }),
    ).toMatchObject({ status: 409, body: { error: msg.waitlistAlreadyBooked } });
    expect(await remainingAt('12:00')).toBe(0);
  });

  it('a hold that runs out lapses and passes to the next in line (the offer timer, on the kiosk clock)', async () => {
    await t.put(`/api/admin/bookings/${bookings.A}/cancel`, { reason: 'Sjuk' }, admin);
    // 4 free: w1 (3) is offered, w3 (2) does not fit in the 1 left.
    expect((await offerOf(t, tokens.w1)).body.pizzas).toBe(3);
    expect(await t.get(`/api/waitlist/${tokens.w3}`)).toMatchObject({
      status: 409,
      body: { error: msg.waitlistStillWaiting },
    });
    now = new Date(MONDAY_MORNING.getTime() + 31 * 60_000);
    // The hold is over from its end, also before the lapse is recorded.
    expect(await t.get(`/api/waitlist/${tokens.w1}`)).toMatchObject({
      status: 409,
      body: { error: msg.waitlistOfferLapsed },
    });
    const offered = await until(
      () => t.get(`/api/waitlist/${tokens.w3}`),
      (r) => r.status === 200,
    );
    expect(offered.body).toMatchObject({
      pizzas: 2,
      hold_expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
    });
    const late = await t.post(`/api/waitlist/${tokens.w1}/book`, {
      name: 'Wille Ett',
      email: 'w1@example.se',
      items: [{ pizza_id: 1, qty: 3 }],
    });
    expect(late).toMatchObject({ status: 409, body: { error: msg.waitlistOfferLapsed } });
    expect(await remainingAt('12:00')).toBe(2);
  });

  it('DELETE /api/waitlist/{token} leaves the queue and frees the hold; the token is then unknown', async () => {
    const left = await t.del(`/api/waitlist/${tokens.w3}`);
    expect(left).toMatchObject({ status: 200, body: { success: true, message: msg.waitlistLeft } });
    expect(await t.get(`/api/waitlist/${tokens.w3}`)).toMatchObject({
      status: 404,
      body: { error: msg.waitlistNotFound },
    });
    expect(await t.del(`/api/waitlist/${tokens.w3}`)).toMatchObject({ status: 404 });
    expect(await remainingAt('12:00')).toBe(4);
  });

  it("GET /api/admin/waitlist lists a date's queue in join order with each status, never a token", async () => {
    const reply = await t.get(`/api/admin/waitlist?date=${DATE}`, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.entries.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual([
      ['w1@example.se', 'lapsed'],
      ['w2@example.se', 'booked'],
      ['w3@example.se', 'left'],
    ]);
    expect(JSON.stringify(reply.body)).not.toContain(tokens.w1);
    expect((await t.get(`/api/admin/waitlist?date=${DATE}`)).status).toBe(401);
  });

  it('mails each offer once, with the personal link, and a receipt on joining', async () => {
    const offers = (await t.server.events.readAll(0, 100_000)).filter((e) => e.type === 'WaitlistOfferMade');
    expect(offers).toHaveLength(3);
    const outbox = join(t.dataDir, 'outbox');
    const files = await until(
      async () => readdirSync(outbox),
      (f) => offers.every((o) => f.includes(`${o.id}-customer.eml`)),
    );
    for (const offer of offers)
      expect(files.filter((f) => f.startsWith(offer.id) && f.endsWith('.eml'))).toEqual([`${offer.id}-customer.eml`]);
    const mail = readFileSync(join(outbox, `${offers[0].id}-customer.eml`), 'utf8').replace(/=\r?\n/g, '');
    expect(mail).toContain(`http://kiosk.test/waitlist/${tokens.w2}`);
    const joined = (await t.server.events.readAll(0, 100_000)).filter((e) => e.type === 'WaitlistJoined');
    await until(
      async () => readdirSync(outbox),
      (f) => joined.every((j) => f.includes(`${j.id}-customer.eml`)),
    );
  });
});

describe('an entry still waiting when its time starts', () => {
  it('is told so by its link, in Swedish, can no longer book, and shows staff it was missed', async () => {
    let clock = MONDAY_MORNING;
    const own = await startTestServer({ now: () => clock });
    try {
      await bookPizzas(own, { date: DATE, pizzas: 6 });
      const joined = await own.post('/api/waitlist', joinBody());
      expect(joined.status).toBe(201);
      const token = await tokenOf(own, joined.body.waitlist_id);
      // Signed in afresh each time: the clock jumps past a session's life.
      const statusOf = async () =>
        (await own.get(`/api/admin/waitlist?date=${DATE}`, await own.login())).body.entries.map(
          (e: { status: string }) => e.status,
        );
      expect(await statusOf()).toEqual(['waiting']);
      // DATE's 12:00 is 11:00 UTC.
      clock = new Date('2026-11-25T11:00:00Z');
      expect(await statusOf()).toEqual(['missed']);
      expect(await own.get(`/api/waitlist/${token}`)).toMatchObject({
        status: 409,
        body: { error: msg.waitlistTimeStarted },
      });
      expect(
        await own.post(`/api/waitlist/${token}/book`, {
          name: 'Karin Kö',
          email: 'karin@example.se',
          phone: null,
          dine_in: false,
          items: [{ pizza_id: 1, qty: 1 }],
        }),
      ).toMatchObject({
        status: 409,
        body: { error: msg.waitlistTimeStarted },
      });
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/admin/live (the staff's Kö follows it)", () => {
  it('tells each change to a waitlist as event: waitlist, with the entry and its date, without name or e-mail', async () => {
    const abort = new AbortController();
    const live = await fetch(`${t.base}/api/admin/live`, { headers: { cookie: admin }, signal: abort.signal });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    const decoder = new TextDecoder();
    // The stream is open once its first bytes (the retry line) arrive.
    let text = decoder.decode((await reader.read()).value);
    const date = '2026-11-26';
    await bookPizzas(t, { date, time: '13:00', email: 'full@example.se', pizzas: 6 });
    const joined = await t.post(
      '/api/waitlist',
      joinBody({ date, time: '13:00', name: 'Lotta Live', email: 'lotta@example.se' }),
    );
    expect(joined.status).toBe(201);
    await t.del(`/api/waitlist/${await tokenOf(t, joined.body.waitlist_id)}`);
    while (!text.includes('WaitlistLeft')) text += decoder.decode((await reader.read()).value);
    abort.abort();
    const changes = text
      .split('\n\n')
      .filter((m) => m.startsWith('event: waitlist'))
      .map((m) => JSON.parse(m.slice(m.indexOf('data: ') + 6)));
    expect(changes).toEqual([
      { type: 'WaitlistJoined', waitlist_id: joined.body.waitlist_id, date },
      { type: 'WaitlistLeft', waitlist_id: joined.body.waitlist_id, date },
    ]);
    expect(text).not.toContain('lotta@example.se');
    expect(text).not.toContain('Lotta Live');
  });
});

describe('the waitlist calls are rate-limited with the bookings (docs/configuration.md: BOOKINGS_PER_MINUTE)', () => {
  it('counts joins, looks, books and leaves with POST /bookings, and answers 429 in Swedish', async () => {
    const limited = await startTestServer({ now: () => MONDAY_MORNING, config: { bookingsPerMinute: 3 } });
    try {
      expect((await limited.post('/api/bookings', bookingPayload())).status).toBe(201);
      expect((await limited.post('/api/waitlist', joinBody({ time: '13:00' }))).status).toBe(409);
      expect((await limited.get('/api/waitlist/någon-token')).status).toBe(404);
      const refused = await limited.del('/api/waitlist/någon-token');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: msg.tooManyRequests });
      expect((await limited.post('/api/bookings', bookingPayload({ time: '14:00' }))).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('request logs (docs/configuration.md: LOG_REQUESTS)', () => {
  it('never show a waitlist token', () => {
    expect(redactUrl('/api/waitlist/abc123/book')).toBe('/api/waitlist/[redacted]/book');
    expect(redactUrl('/api/waitlist/abc123')).toBe('/api/waitlist/[redacted]');
    expect(redactUrl('/waitlist/abc123')).toBe('/waitlist/[redacted]');
    expect(redactUrl('/api/waitlist')).toBe('/api/waitlist');
  });
});
