// GET /api/order-status and GET /api/order-status/live (rule: order-status-screen): public, no
// sign-in; a confirmed order's number appears under I ugnen when the kitchen marks it, moves to
// Klar att hämta, and leaves when collected; the board and the stream carry order numbers only,
// never the customer's name, e-mail or phone; the calls are in the OpenAPI document.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const NAME = 'Åsa Öberg';
const EMAIL = 'asa.status@example.se';
const PHONE = '070-123 45 67';

let sequence = 0;
/** A confirmed booking for Tuesday 24 November, each in a slot of its own; its number. */
async function confirmedBooking(): Promise<string> {
  sequence += 1;
  const time = `${String(11 + sequence).padStart(2, '0')}:00`;
  const placed = await t.post('/api/bookings', bookingPayload({ time, name: NAME, email: EMAIL, phone: PHONE }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.booking_id as string;
  expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  return id;
}

const step = async (id: string, value: string) =>
  expect((await t.put(`/api/admin/bookings/${id}/kitchen`, { step: value }, admin)).status).toBe(200);

const noPersonalData = (text: string) => {
  for (const personal of [NAME, EMAIL, PHONE, 'Åsa', 'example.se']) expect(text).not.toContain(personal);
};

describe('GET /api/order-status', () => {
  it('needs no sign-in and shows an order I ugnen, then Klar att hämta, then not at all once collected', async () => {
    const id = await confirmedBooking();
    const board = async () => {
      const reply = await t.get('/api/order-status');
      expect(reply.status).toBe(200);
      noPersonalData(JSON.stringify(reply.body));
      return reply.body;
    };
    expect(await board()).toEqual({ today: '2026-11-23', baking: [], ready: [] });
    await step(id, 'baking');
    expect(await board()).toMatchObject({ baking: [id], ready: [] });
    await step(id, 'ready');
    expect(await board()).toMatchObject({ baking: [], ready: [id] });
    await step(id, 'picked_up');
    expect(await board()).toMatchObject({ baking: [], ready: [] });
  });

  it('does not show a pending order', async () => {
    const placed = await t.post('/api/bookings', bookingPayload({ time: '20:00', email: EMAIL }));
    expect(placed.status).toBe(201);
    const answer = (await t.get('/api/order-status')).body;
    expect([...answer.baking, ...answer.ready]).not.toContain(placed.body.booking_id);
  });
});

describe('GET /api/order-status/live', () => {
  const aborts: AbortController[] = [];
  afterEach(() => {
    for (const abort of aborts.splice(0)) abort.abort();
  });

  /** Opens the stream; `next()` waits for the next board message. */
  async function openStream() {
    const abort = new AbortController();
    aborts.push(abort);
    const response = await fetch(`${t.base}/api/order-status/live`, { signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let all = '';
    return {
      text: () => all,
      async next(): Promise<{ baking: string[]; ready: string[] }> {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!message.includes('event: board')) continue;
            return JSON.parse(message.slice(message.indexOf('data: ') + 6));
          }
          const chunk = decoder.decode((await reader.read()).value);
          buffer += chunk;
          all += chunk;
        }
      },
    };
  }

  it('sends the board as it opens and each change, numbers only', async () => {
    const id = await confirmedBooking();
    const stream = await openStream();
    expect(await stream.next()).toMatchObject({ baking: [], ready: [] });
    await step(id, 'baking');
    expect(await stream.next()).toMatchObject({ baking: [id], ready: [] });
    await step(id, 'ready');
    expect(await stream.next()).toMatchObject({ baking: [], ready: [id] });
    await step(id, 'undo');
    expect(await stream.next()).toMatchObject({ baking: [id], ready: [] });
    await step(id, 'no_show');
    expect(await stream.next()).toMatchObject({ baking: [], ready: [] });
    noPersonalData(stream.text());
  });

  it('serves two screens at once, a late one starting from the board as it is', async () => {
    const id = await confirmedBooking();
    const first = await openStream();
    await first.next();
    await step(id, 'baking');
    expect(await first.next()).toMatchObject({ baking: [id] });
    const second = await openStream();
    expect(await second.next()).toMatchObject({ baking: [id] });
    await step(id, 'ready');
    expect(await first.next()).toMatchObject({ ready: [id] });
    expect(await second.next()).toMatchObject({ ready: [id] });
  });
});

describe('the OpenAPI document', () => {
  it('has both calls, the board with its schema and the stream as text/event-stream', async () => {
    const document = (await t.get('/api/openapi.json')).body;
    expect(document.paths['/api/order-status'].get.responses['200']).toBeTruthy();
    expect(Object.keys(document.paths['/api/order-status/live'].get.responses['200'].content)).toEqual([
      'text/event-stream',
    ]);
  });
});
