// One freed place raced by 50 parallel requests (rule: waitlist; rule: capacity): the offer-holder
// booking, other customers booking the same slot, more customers joining and leaving the queue,
// and the offer decision run again and again (by requests and by the timer). At no point of the
// day's event log does the window hold more than capacity_per_window pizzas, bookings and held
// offers together, and the read model agrees.
import { beforeAll, describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { msg } from '../../domain/messages.js';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';
import { bookPizzas, joinRequest, tokenOf } from './waitlistSetup.js';

const t = useTestServer({ now: () => MONDAY_MORNING, config: { waitlistOfferIntervalMs: 20 } });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const DATE = '2026-11-26';
const TIME = '12:00';
const CAPACITY = 6;

describe('50 parallel requests racing one freed place', () => {
  it('never overbook the window, and the place goes to the first in line', async () => {
    const booked: string[] = [];
    for (let i = 0; i < 3; i++)
      booked.push(await bookPizzas(t, { date: DATE, time: TIME, email: `fast${i}@example.se`, pizzas: 2 }));
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await t.post(
        '/api/waitlist',
        joinRequest(DATE, { time: TIME, name: `Kö ${i}`, email: `queue${i}@example.se`, requested_pizzas: 2 }),
      );
      expect(reply.status).toBe(201);
      tokens.push(await tokenOf(t, reply.body.waitlist_id));
    }

    const customer = (i: number) => ({ name: `Kö ${i}`, email: `queue${i}@example.se`, dine_in: false });
    const requests: Array<() => Promise<{ kind: string; status: number; bookingId?: string }>> = [
      async () => ({
        kind: 'cancel',
        status: (await t.put(`/api/admin/bookings/${booked[0]}/cancel`, { reason: 'Ändrade planer' }, admin)).status,
      }),
      ...Array.from({ length: 8 }, () => async () => ({
        kind: 'offer',
        status: (await t.server.services.waitlist.decideOffers(DATE), 200),
      })),
      // The holder tries as soon as it can: a try before the offer is made is 'still waiting', and tried again.
      ...Array.from({ length: 6 }, () => async () => {
        for (let attempt = 0; ; attempt++) {
          const reply = await t.post(`/api/waitlist/${tokens[0]}/book`, {
            ...customer(0),
            items: [{ pizza_id: 1, qty: 2 }],
          });
          if (reply.body.error !== msg.waitlistStillWaiting || attempt === 200)
            return { kind: 'book0', status: reply.status, bookingId: reply.body.booking_id };
          await new Promise((r) => setTimeout(r, 5));
        }
      }),
      ...Array.from({ length: 3 }, () => async () => ({
        kind: 'bookOther',
        status: (await t.post(`/api/waitlist/${tokens[1]}/book`, { ...customer(1), items: [{ pizza_id: 2, qty: 2 }] }))
          .status,
      })),
      ...Array.from({ length: 3 }, () => async () => ({
        kind: 'bookOther',
        status: (await t.post(`/api/waitlist/${tokens[2]}/book`, { ...customer(2), items: [{ pizza_id: 2, qty: 1 }] }))
          .status,
      })),
      ...Array.from({ length: 20 }, (_, i) => async () => ({
        kind: 'normal',
        status: (
          await t.post(
            '/api/bookings',
            bookingPayload({
              date: DATE,
              time: TIME,
              email: `rush${i}@example.se`,
              items: [{ pizza_id: 1, qty: 1 + (i % 2) }],
              requested_pizzas: 1 + (i % 2),
            }),
          )
        ).status,
      })),
      ...Array.from({ length: 5 }, (_, i) => async () => ({
        kind: 'join',
        status: (
          await t.post('/api/waitlist', {
            date: DATE,
            time: TIME,
            name: 'Sen',
            email: `late${i}@example.se`,
            requested_pizzas: 1,
          })
        ).status,
      })),
      async () => ({ kind: 'leave', status: (await t.del(`/api/waitlist/${tokens[3]}`)).status }),
      ...Array.from({ length: 3 }, () => async () => ({
        kind: 'look',
        status: (await t.get(`/api/waitlist/${tokens[0]}`)).status,
      })),
    ];
    expect(requests).toHaveLength(50);
    const results = await Promise.all(requests.map((r) => r()));
    const of = (kind: string) => results.filter((r) => r.kind === kind).map((r) => r.status);

    expect(of('cancel')).toEqual([200]);
    // The first in line got the place and booked it once: its six identical requests are one
    // booking and its retries, each answered with that booking.
    expect(of('book0')).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.filter((r) => r.kind === 'book0').map((r) => r.bookingId)).size).toBe(1);
    expect(of('bookOther').every((s) => s === 409)).toBe(true);
    // Nobody else took the freed place: it was the queue's from the moment it was freed.
    expect(of('normal').every((s) => s === 400)).toBe(true);
    expect(of('leave')).toEqual([200]);

    // Every prefix of the day's log: bookings plus held offers never above capacity.
    const events = await t.server.events.readStream(`kioskday-${DATE}`);
    let state = kioskDayDecider.initialState();
    let highest = 0;
    let used = 0;
    const holds = new Map<string, number>();
    const active = new Map<string, number>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as KioskDayEvent;
      state = kioskDayDecider.evolve(state, event);
      // Counted independently of evolve, from the events alone.
      switch (event.type) {
        case 'BookingPlaced':
          if (event.data.booking_time === TIME) active.set(event.data.booking_id, event.data.total_pizzas);
          break;
        case 'BookingCancelled':
          active.delete(event.data.booking_id);
          break;
        case 'WaitlistOfferMade':
          holds.set(event.data.waitlist_id, event.data.pizzas);
          break;
        case 'WaitlistOfferLapsed':
        case 'WaitlistOfferTaken':
        case 'WaitlistLeft':
          holds.delete(event.data.waitlist_id);
          break;
      }
      used = [...active.values(), ...holds.values()].reduce((a, b) => a + b, 0);
      expect(used).toBeLessThanOrEqual(CAPACITY);
      expect(state.pizzasByTime[TIME] ?? 0).toBe(used);
      highest = Math.max(highest, used);
    }
    expect(used).toBe(CAPACITY);
    expect(events.filter((e) => e.type === 'WaitlistOfferMade')).toHaveLength(1);
    expect(
      events.filter(
        (e) => e.type === 'BookingPlaced' && (e.data as { waitlist_id?: string }).waitlist_id !== undefined,
      ),
    ).toHaveLength(1);

    // The read models agree: no room left, the bookings list holds 6 pizzas at 12:00.
    const availability = await t.get(`/api/test-availability?date=${DATE}&pizzas=1`);
    expect(availability.body.slots.find((s: { time: string }) => s.time === TIME).capacity_remaining).toBe(0);
    const listed = await t.get(`/api/admin/bookings?date=${DATE}`, admin);
    const pizzas = listed.body
      .filter((b: { status: string; booking_time: string }) => b.status !== 'cancelled' && b.booking_time === TIME)
      .reduce((n: number, b: { total_pizzas: number }) => n + b.total_pizzas, 0);
    expect(pizzas).toBe(CAPACITY);
  });
});
