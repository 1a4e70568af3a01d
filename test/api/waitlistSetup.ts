// What the waitlist's HTTP tests set up again and again (rule: waitlist): a slot booked full, a
// queue joined behind it, an entry's token, an offer waited for, and the offers in a day's log.
// Each call checks its own answer, so a setup that went wrong fails where it happened.
import { expect, vi } from 'vitest';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { COLLECTIONS, type WaitlistDoc } from '../../read-models/shapes.js';
import { bookingPayload, type TestServer } from './harness.js';

/** A join request for a date's slot (12:00 unless given): Karin, two pizzas. */
export const joinRequest = (date: string, overrides: Record<string, unknown> = {}) => ({
  date,
  time: '12:00',
  name: 'Karin Kö',
  email: 'karin@example.se',
  requested_pizzas: 2,
  ...overrides,
});

/** Places one booking of `pizzas` at a date's slot (12:00 and bookingPayload's customer unless given); answers its number. */
export async function bookPizzas(
  server: TestServer,
  o: { date: string; time?: string; email?: string; pizzas: number },
): Promise<string> {
  const { pizzas, ...where } = o;
  const reply = await server.post(
    '/api/bookings',
    bookingPayload({ ...where, items: [{ pizza_id: 1, qty: pizzas }], requested_pizzas: pizzas }),
  );
  expect(reply.status).toBe(201);
  return reply.body.booking_id as string;
}

/** The personal link's token of an entry (from the read model: the join answer does not carry it). */
export const tokenOf = async (server: TestServer, waitlistId: string) =>
  (await server.server.docs.get<WaitlistDoc>(COLLECTIONS.waitlist, waitlistId))!.token;

/**
 * Fills a date's 12:00 with the given bookings (pizzas each) and queues entries behind them
 * (pizzas each, in that order); answers the booking numbers and the entries' tokens.
 */
export async function fullSlot(server: TestServer, date: string, booked: number[], queued: number[]) {
  const bookings: string[] = [];
  for (const [i, pizzas] of booked.entries())
    bookings.push(await bookPizzas(server, { date, email: `bokad${i}@example.se`, pizzas }));
  const tokens: string[] = [];
  for (const [i, pizzas] of queued.entries()) {
    const reply = await server.post(
      '/api/waitlist',
      joinRequest(date, { name: `Kö ${i}`, email: `ko${i}@example.se`, requested_pizzas: pizzas }),
    );
    expect(reply.status).toBe(201);
    tokens.push(await tokenOf(server, reply.body.waitlist_id));
  }
  return { bookings, tokens };
}

/** Waits (no fixed sleep) until the token's offer is live, and answers its reply: the offer reactor follows the log. */
export const offerOf = (server: TestServer, token: string) =>
  vi.waitFor(
    async () => {
      const reply = await server.get(`/api/waitlist/${token}`);
      expect(reply.status).toBe(200);
      return reply;
    },
    { timeout: 30_000, interval: 50 },
  );

/** The offers made on a date, from its day's log. */
export const offersOn = async (server: TestServer, date: string): Promise<RecordedEvent[]> =>
  (await server.server.events.readStream(`kioskday-${date}`)).filter((e) => e.type === 'WaitlistOfferMade');
