// Which events trigger the waitlist's offer decision (rule: waitlist; domain/kioskDay/capacityFreed.ts):
// each that may free capacity names its day, and no event lowers the pizzas in use at any time of
// the day without being one (the hold's lapse aside: the decision records it itself).
import { describe, expect, it } from 'vitest';
import { CAPACITY_FREEING_EVENT_TYPES, capacityFreedOn } from '../../domain/kioskDay/capacityFreed.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent, KioskDayState } from '../../domain/kioskDay/kioskDay.js';
import { TOMORROW, cancelled, placed } from './fixtures.js';

const waitlist = {
  joined: (id: string, pizzas: number): KioskDayEvent => ({
    type: 'WaitlistJoined',
    data: {
      waitlist_id: id,
      token: `tok-${id}`,
      date: TOMORROW,
      time: '12:00',
      name: 'Karin Kö',
      email: `${id}@example.se`,
      requested_pizzas: pizzas,
      joined_at: '2026-11-23T08:30:00.000Z',
    },
  }),
  offered: (id: string, pizzas: number): KioskDayEvent => ({
    type: 'WaitlistOfferMade',
    data: {
      waitlist_id: id,
      date: TOMORROW,
      time: '12:00',
      pizzas,
      offered_at: '2026-11-23T09:00:00.000Z',
      hold_expires_at: '2026-11-23T09:30:00.000Z',
    },
  }),
  left: (id: string, released: number): KioskDayEvent => ({
    type: 'WaitlistLeft',
    data: {
      waitlist_id: id,
      date: TOMORROW,
      time: '12:00',
      released_pizzas: released,
      left_at: '2026-11-23T09:10:00.000Z',
    },
  }),
};

const booking = placed({ pizzas: 3, time: '12:00' });
const second = placed({ pizzas: 2, time: '12:15', seq: 2 });
const rescheduled: KioskDayEvent = {
  type: 'BookingRescheduled',
  data: {
    booking_id: (second.data as { booking_id: string }).booking_id,
    booking_date: TOMORROW,
    from_time: '12:15',
    to_time: '13:00',
    total_pizzas: 2,
    previous_status: 'pending',
    rescheduled_at: '2026-11-23T09:05:00.000Z',
  },
};

/** A day in which every kind of event happens once: bookings, a move, offers, leaving, a cancellation. */
const day: KioskDayEvent[] = [
  booking,
  second,
  waitlist.joined('a', 2),
  waitlist.joined('b', 1),
  waitlist.left('b', 0),
  waitlist.offered('a', 2),
  rescheduled,
  waitlist.left('a', 2),
  cancelled(booking),
];

// A copy: evolve may change the state it is given.
const inUse = (state: KioskDayState) => ({ ...state.pizzasByTime });

describe('the offer trigger (rule: waitlist)', () => {
  it('names the day of a cancellation, a move away or within the day, a hold given up and an offer taken', () => {
    expect(capacityFreedOn(cancelled(booking))).toBe(TOMORROW);
    expect(capacityFreedOn(rescheduled)).toBe(TOMORROW);
    expect(capacityFreedOn(waitlist.left('a', 2))).toBe(TOMORROW);
    expect(
      capacityFreedOn({
        type: 'WaitlistOfferTaken',
        data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', pizzas: 2, booking_id: 'x', taken_at: 'now' },
      }),
    ).toBe(TOMORROW);
  });

  it('names none for an event that frees nothing: a booking, an offer made, leaving while still waiting', () => {
    expect(capacityFreedOn(booking)).toBeNull();
    expect(capacityFreedOn(waitlist.offered('a', 2))).toBeNull();
    expect(capacityFreedOn(waitlist.left('b', 0))).toBeNull();
  });

  it('misses no event that lowers the pizzas in use at some time of the day', () => {
    let state = kioskDayDecider.initialState();
    const loweredBy: string[] = [];
    for (const event of day) {
      const before = inUse(state);
      state = kioskDayDecider.evolve(state, event);
      const after = inUse(state);
      const lowered = Object.keys(before).some((time) => (after[time] ?? 0) < before[time]);
      if (lowered) {
        loweredBy.push(event.type);
        expect(capacityFreedOn(event), event.type).toBe(TOMORROW);
        expect(CAPACITY_FREEING_EVENT_TYPES.has(event.type)).toBe(true);
      }
    }
    // The scenario did lower it (a test that can fail): the move, the hold left and the cancellation.
    expect(loweredBy).toEqual(['BookingRescheduled', 'WaitlistLeft', 'BookingCancelled']);
  });
});
