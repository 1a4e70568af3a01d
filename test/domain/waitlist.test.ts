// The waitlist in the kiosk-day stream: joining, offers of freed capacity, holds, booking from an
// offer, lapses and leaving (rule: waitlist). Default settings: capacity 6 per 15-minute window.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { BookFromWaitlist, JoinWaitlist } from '../../domain/kioskDay/waitlist.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import {
  MARGHERITA,
  TOMORROW,
  VESUVIO,
  cancelled,
  clock,
  clockAt,
  day,
  line,
  order,
  placed,
  settingsWith,
} from './fixtures.js';

const kioskDay = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);

const join = (overrides: Partial<JoinWaitlist> = {}): JoinWaitlist => ({
  type: 'JoinWaitlist',
  date: TOMORROW,
  time: '12:00',
  name: 'Karin Kö',
  email: 'karin@example.se',
  requestedPizzas: 2,
  waitlistId: 'w1',
  token: 'tok-1',
  vip: null,
  settings: settingsWith(),
  closures: [],
  clock,
  ...overrides,
});

const joined = (id: string, requested: number, time = '12:00', email = `${id}@example.se`): KioskDayEvent => ({
  type: 'WaitlistJoined',
  data: {
    waitlist_id: id,
    token: `tok-${id}`,
    date: TOMORROW,
    time,
    name: 'Karin Kö',
    email,
    requested_pizzas: requested,
    joined_at: '2026-11-23T08:30:00.000Z',
  },
});

const offerFor = (id: string, pizzas: number, holdEnd = '2026-11-23T09:30:00.000Z', time = '12:00'): KioskDayEvent => ({
  type: 'WaitlistOfferMade',
  data: {
    waitlist_id: id,
    date: TOMORROW,
    time,
    pizzas,
    offered_at: clock.now.toISOString(),
    hold_expires_at: holdEnd,
  },
});

const offerFreed = (at = clock) => ({
  type: 'OfferFreedCapacity' as const,
  date: TOMORROW,
  settings: settingsWith(),
  closures: [],
  clock: at,
});

const bookFrom = (token: string, pizzas: number, overrides: Partial<BookFromWaitlist> = {}): BookFromWaitlist => ({
  type: 'BookFromWaitlist',
  date: TOMORROW,
  token,
  lines: [line(MARGHERITA, pizzas)],
  customer: { name: 'Karin Kö', email: 'karin@example.se', phone: null },
  dine_in: false,
  comment: null,
  settings: settingsWith(),
  closures: [],
  clock,
  ...overrides,
});

// 12:00 tomorrow full: one booking of 6 pizzas.
const full = placed({ pizzas: 6, seq: 1 });

describe('joining the waitlist (rule: waitlist)', () => {
  it('joins a slot that cannot take the request, with the token and time it was sent', () => {
    kioskDay(full)
      .when(join())
      .then([
        {
          type: 'WaitlistJoined',
          data: {
            waitlist_id: 'w1',
            token: 'tok-1',
            date: TOMORROW,
            time: '12:00',
            name: 'Karin Kö',
            email: 'karin@example.se',
            requested_pizzas: 2,
            joined_at: clock.now.toISOString(),
          },
        },
      ]);
  });

  it('joins a partly used slot whose remainder is too small', () => {
    kioskDay(placed({ pizzas: 5 }))
      .when(join({ requestedPizzas: 2 }))
      .thenMatches([{ type: 'WaitlistJoined', data: { requested_pizzas: 2 } }]);
  });

  it('is refused as a conflict when the slot can take the request now: book directly', () => {
    kioskDay(placed({ pizzas: 4 }))
      .when(join({ requestedPizzas: 2 }))
      .thenThrows(msg.waitlistSlotHasRoom, 'conflict');
    kioskDay().when(join()).thenThrows(msg.waitlistSlotHasRoom, 'conflict');
  });

  it('is refused for a date or slot that cannot be booked (rule: bookable-dates)', () => {
    kioskDay(full)
      .when(join({ date: day(-1) }))
      .thenThrows(msg.datePassed);
    kioskDay(full)
      .when(join({ date: day(30) }))
      .thenThrows(msg.dateTooFarAhead);
    kioskDay(
      { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' } },
      full,
    )
      .when(join())
      .thenThrows(msg.dayClosed);
    kioskDay({ type: 'DayMarkedVip', data: { date: TOMORROW, description: null, created_by: 'x' } }, full)
      .when(join())
      .thenThrows(msg.vipOnlyDate);
    kioskDay(full)
      .when(join({ time: '12:05' }))
      .thenThrows(msg.noSuchSlot);
    kioskDay(placed({ date: day(0), time: '09:00', pizzas: 6 }))
      .when(join({ date: day(0), time: '10:00' }))
      .thenThrows(msg.noSuchSlot);
    kioskDay(placed({ date: day(0), time: '11:00', pizzas: 6 }))
      .when(join({ date: day(0), time: '11:00', clock: clockAt('2026-11-23T10:30:00Z') }))
      .thenThrows(msg.timePassed);
  });

  it('is refused for a request no slot could ever take (rule: pizza-count)', () => {
    kioskDay(full)
      .when(join({ requestedPizzas: 0 }))
      .thenThrows(msg.pizzaCountMin);
    kioskDay(full)
      .when(join({ requestedPizzas: 7 }))
      .thenThrows(msg.pizzaCountMax(6));
  });

  it('refuses the same e-mail twice in the queue for one time, but not for another time', () => {
    kioskDay(full, joined('a', 2, '12:00', 'karin@example.se'))
      .when(join({ email: ' KARIN@example.se ' }))
      .thenThrows(msg.waitlistAlreadyQueued, 'conflict');
    kioskDay(full, placed({ time: '12:15', pizzas: 6, seq: 2 }), joined('a', 2, '12:00', 'karin@example.se'))
      .when(join({ time: '12:15' }))
      .thenMatches([{ type: 'WaitlistJoined' }]);
  });
});

describe('a closed date (rules: waitlist, closures)', () => {
  const holiday = { id: 1, from: TOMORROW, to: TOMORROW, reason: 'Semester', recurring: false };
  it('has no queue to join, naming the reason', () => {
    kioskDay(full)
      .when(join({ closures: [holiday] }))
      .thenThrows(msg.dayClosedFor('Semester'));
  });
  it('offers nothing of what a cancellation frees', () => {
    kioskDay(full, joined('a', 2), cancelled(full))
      .when({ ...offerFreed(), closures: [holiday] })
      .then([]);
  });
  it('takes no booking from an offer made before it closed', () => {
    kioskDay(full, joined('a', 2), cancelled(full), offerFor('a', 2))
      .when(bookFrom('tok-a', 2, { closures: [holiday] }))
      .thenThrows(msg.dayClosedFor('Semester'));
  });
});

describe('offering freed capacity (rule: waitlist)', () => {
  it('appends nothing when nothing changed, so it may run any number of times', () => {
    kioskDay(full, joined('a', 2)).when(offerFreed()).then([]);
    kioskDay().when(offerFreed()).then([]);
  });

  it("offers a cancellation's freed capacity to the earliest waiting entry that fits, holding it for waitlist_hold_minutes", () => {
    kioskDay(full, joined('a', 2), joined('b', 2), cancelled(full))
      .when(offerFreed())
      .then([offerFor('a', 2, '2026-11-23T09:30:00.000Z'), offerFor('b', 2, '2026-11-23T09:30:00.000Z')]);
  });

  it('offers in join order, skipping an earlier entry that does not fit for a later one that does', () => {
    const four = placed({ pizzas: 4, seq: 1 });
    const two = placed({ pizzas: 2, seq: 2 });
    kioskDay(four, two, joined('big', 4), joined('small', 2), cancelled(two))
      .when(offerFreed())
      .then([offerFor('small', 2)]);
  });

  it("holds as long as the setting says, never beyond the slot's start", () => {
    const settings = settingsWith({ waitlist_hold_minutes: 45 });
    kioskDay(full, joined('a', 2), cancelled(full))
      .when({ ...offerFreed(), settings })
      .thenMatches([{ type: 'WaitlistOfferMade', data: { hold_expires_at: '2026-11-23T09:45:00.000Z' } }]);
    // Tomorrow 12:00 in Stockholm is 11:00 UTC; at 10:50 UTC a 30-minute hold ends at the slot's start.
    kioskDay(full, joined('a', 2), cancelled(full))
      .when(offerFreed(clockAt('2026-11-24T10:50:00Z')))
      .thenMatches([{ type: 'WaitlistOfferMade', data: { hold_expires_at: '2026-11-24T11:00:00.000Z' } }]);
  });

  it('offers capacity that more capacity or longer hours made (the settings in effect decide)', () => {
    kioskDay(full, joined('a', 2))
      .when({ ...offerFreed(), settings: settingsWith({ capacity_per_window: 8 }) })
      .then([offerFor('a', 2)]);
  });

  it('makes no offer for a slot that has started or a closed day', () => {
    kioskDay(full, joined('a', 2), cancelled(full))
      .when(offerFreed(clockAt('2026-11-24T11:00:00Z')))
      .then([]);
    kioskDay(full, joined('a', 2), cancelled(full), {
      type: 'DayScheduleSet',
      data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' },
    })
      .when(offerFreed())
      .then([]);
  });

  it('lapses a hold that ran out and passes it to the next in line in the same decision', () => {
    kioskDay(
      full,
      joined('a', 2),
      joined('b', 2),
      placed({ pizzas: 2, seq: 2, time: '12:00' }),
      cancelled(full),
      offerFor('a', 2),
      offerFor('b', 2),
    )
      .when(offerFreed(clockAt('2026-11-23T09:30:00Z')))
      .then([
        {
          type: 'WaitlistOfferLapsed',
          data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', pizzas: 2, lapsed_at: '2026-11-23T09:30:00.000Z' },
        },
        {
          type: 'WaitlistOfferLapsed',
          data: { waitlist_id: 'b', date: TOMORROW, time: '12:00', pizzas: 2, lapsed_at: '2026-11-23T09:30:00.000Z' },
        },
      ]);
    kioskDay(
      full,
      joined('a', 2),
      joined('b', 2),
      cancelled(full),
      offerFor('a', 2),
      placed({ pizzas: 4, seq: 2 }),
      joined('c', 2),
    )
      .when(offerFreed(clockAt('2026-11-23T09:30:00Z')))
      .thenMatches([
        { type: 'WaitlistOfferLapsed', data: { waitlist_id: 'a' } },
        {
          type: 'WaitlistOfferMade',
          data: { waitlist_id: 'b', pizzas: 2, hold_expires_at: '2026-11-23T10:00:00.000Z' },
        },
      ]);
  });
});

describe('a held offer is capacity in use (rule: waitlist; rule: capacity)', () => {
  const held = [full, joined('a', 2), cancelled(full), offerFor('a', 2)];

  it('a normal booking cannot take held capacity', () => {
    kioskDay(...held)
      .when(order({ pizzas: 5 }))
      .thenThrows(msg.tooManyForSlot(5, 4));
    kioskDay(...held)
      .when(order({ pizzas: 4 }))
      .thenMatches([{ type: 'BookingPlaced', data: { total_pizzas: 4 } }]);
  });

  it('a normal booking cannot take capacity due to a waiting entry whose offer is not made yet', () => {
    kioskDay(full, joined('a', 2), cancelled(full))
      .when(order({ pizzas: 5 }))
      .thenThrows(msg.tooManyForSlot(5, 4));
  });

  it('nor can a second entry joining later: it is refused only when the request fits after the holds', () => {
    kioskDay(...held, placed({ pizzas: 4, seq: 2 }))
      .when(join({ waitlistId: 'w2', token: 'tok-2', email: 'other@example.se' }))
      .thenMatches([{ type: 'WaitlistJoined' }]);
  });

  it('the state counts the hold with the bookings, and frees it when it lapses or is left', () => {
    expect(kioskDay(...held).state().pizzasByTime).toEqual({ '12:00': 2 });
    expect(
      kioskDay(...held, {
        type: 'WaitlistOfferLapsed',
        data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', pizzas: 2, lapsed_at: 'x' },
      }).state().pizzasByTime,
    ).toEqual({});
    expect(
      kioskDay(...held, {
        type: 'WaitlistLeft',
        data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', released_pizzas: 2, left_at: 'x' },
      }).state().pizzasByTime,
    ).toEqual({});
  });
});

describe('booking from an offer (rule: waitlist)', () => {
  const held = [full, joined('a', 3), cancelled(full), offerFor('a', 3), placed({ pizzas: 3, seq: 2 })];

  it('takes the hold and places a pending booking in one append, its pizzas at most the hold', () => {
    const then = kioskDay(...held).when(bookFrom('tok-a', 2, { lines: [line(MARGHERITA, 1), line(VESUVIO, 1)] }));
    then.thenMatches([
      { type: 'WaitlistOfferTaken', data: { waitlist_id: 'a', time: '12:00', pizzas: 3, booking_id: '20261124-3' } },
      {
        type: 'BookingPlaced',
        data: {
          booking_id: '20261124-3',
          booking_time: '12:00',
          total_pizzas: 2,
          waitlist_id: 'a',
          final_total_cents: 9900 + 10900,
        },
      },
    ]);
    const state = then.thenState();
    expect(state.pizzasByTime).toEqual({ '12:00': 5 });
    expect(state.bookings.get('20261124-3')?.status).toBe('pending');
    expect(state.waitlist.entries.get('a')?.status).toBe('booked');
  });

  it('answers the same order again from the same link with the booking it placed, appending nothing; another order is refused', () => {
    const first = bookFrom('tok-a', 2, { lines: [line(MARGHERITA, 1), line(VESUVIO, 1)] });
    const booked = [...held, ...kioskDayDecider.decide(first, kioskDay(...held).state())];
    const entry = kioskDay(...booked)
      .state()
      .waitlist.entries.get('a');
    expect(entry).toMatchObject({
      status: 'booked',
      booking_id: '20261124-3',
      placed: { booking_id: '20261124-3', total_pizzas: 2, waitlist_id: 'a' },
    });
    // The same pizzas in another order of lines, the address in other case, after the slot started: still the retry.
    const retry = bookFrom('tok-a', 2, {
      lines: [line(VESUVIO, 1), line(MARGHERITA, 1)],
      customer: { name: 'Karin', email: ' KARIN@example.se', phone: null },
      clock: clockAt('2026-11-24T12:30:00Z'),
    });
    kioskDay(...booked)
      .when(retry)
      .then([]);
    kioskDay(...booked)
      .when(bookFrom('tok-a', 2))
      .thenThrows(msg.waitlistAlreadyBooked, 'conflict');
    kioskDay(...booked)
      .when(
        bookFrom('tok-a', 2, {
          lines: [line(MARGHERITA, 1), line(VESUVIO, 1)],
          customer: { name: 'Karin Kö', email: 'annan@example.se', phone: null },
        }),
      )
      .thenThrows(msg.waitlistAlreadyBooked, 'conflict');
  });

  it('refuses more pizzas than the hold, and no pizza at all', () => {
    kioskDay(...held)
      .when(bookFrom('tok-a', 4))
      .thenThrows(msg.tooManyForSlot(4, 3));
    kioskDay(...held)
      .when(bookFrom('tok-a', 0, { lines: [] }))
      .thenThrows(msg.atLeastOnePizza);
  });

  it('refuses an unknown token as not found, without telling anything of other entries', () => {
    kioskDay(...held)
      .when(bookFrom('tok-x', 2))
      .thenThrows(msg.waitlistNotFound, 'not_found');
  });

  it('refuses while still waiting, once booked, and once the hold ran out (recorded or not)', () => {
    kioskDay(full, joined('a', 2)).when(bookFrom('tok-a', 2)).thenThrows(msg.waitlistStillWaiting, 'conflict');
    // Still waiting when the slot started: no place came free, and none will.
    kioskDay(full, joined('a', 2))
      .when(bookFrom('tok-a', 2, { clock: clockAt('2026-11-24T11:00:00Z') }))
      .thenThrows(msg.waitlistTimeStarted, 'conflict');
    const taken = kioskDay(...held)
      .when(bookFrom('tok-a', 3))
      .thenState();
    expect(taken.waitlist.entries.get('a')?.status).toBe('booked');
    kioskDay(...held, {
      type: 'WaitlistOfferTaken',
      data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', pizzas: 3, booking_id: '20261124-3', taken_at: 'x' },
    })
      .when(bookFrom('tok-a', 3))
      .thenThrows(msg.waitlistAlreadyBooked, 'conflict');
    kioskDay(...held)
      .when(bookFrom('tok-a', 3, { clock: clockAt('2026-11-23T09:30:00Z') }))
      .thenThrows(msg.waitlistOfferLapsed, 'conflict');
  });

  it('refuses a day closed since, or a slot started since', () => {
    kioskDay(...held, {
      type: 'DayScheduleSet',
      data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' },
    })
      .when(bookFrom('tok-a', 3))
      .thenThrows(msg.dayClosed);
  });

  it('never books beyond the window, also when capacity was lowered under the hold', () => {
    kioskDay(...held)
      .when(bookFrom('tok-a', 3, { settings: settingsWith({ capacity_per_window: 4 }) }))
      .thenThrows(msg.tooManyForSlot(3, 1));
  });
});

describe('leaving the waitlist (rule: waitlist)', () => {
  const leave = (token: string) => ({ type: 'LeaveWaitlist' as const, date: TOMORROW, token, clock });

  it('leaves while waiting, freeing nothing', () => {
    kioskDay(full, joined('a', 2))
      .when(leave('tok-a'))
      .then([
        {
          type: 'WaitlistLeft',
          data: {
            waitlist_id: 'a',
            date: TOMORROW,
            time: '12:00',
            released_pizzas: 0,
            left_at: clock.now.toISOString(),
          },
        },
      ]);
  });

  it('leaves a live hold, which then goes to the next in line', () => {
    const events = [
      full,
      joined('a', 2),
      joined('b', 2),
      cancelled(full),
      placed({ pizzas: 4, seq: 2 }),
      offerFor('a', 2),
    ];
    const left = kioskDay(...events).when(leave('tok-a'));
    left.thenMatches([{ type: 'WaitlistLeft', data: { released_pizzas: 2 } }]);
    const after = kioskDay(...events, ...kioskDayDecider.decide(leave('tok-a'), kioskDay(...events).state()));
    after.when(offerFreed()).thenMatches([{ type: 'WaitlistOfferMade', data: { waitlist_id: 'b', pizzas: 2 } }]);
  });

  it('leaving twice changes nothing the second time; an unknown token is not found; a booked entry cannot leave', () => {
    const left = {
      type: 'WaitlistLeft' as const,
      data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', released_pizzas: 0, left_at: 'x' },
    };
    kioskDay(full, joined('a', 2), left).when(leave('tok-a')).thenThrows(msg.waitlistNotFound, 'not_found');
    kioskDay(full, joined('a', 2)).when(leave('tok-zz')).thenThrows(msg.waitlistNotFound, 'not_found');
    kioskDay(full, joined('a', 2), cancelled(full), offerFor('a', 2), {
      type: 'WaitlistOfferTaken',
      data: { waitlist_id: 'a', date: TOMORROW, time: '12:00', pizzas: 2, booking_id: '20261124-2', taken_at: 'x' },
    })
      .when(leave('tok-a'))
      .thenThrows(msg.waitlistAlreadyBooked, 'conflict');
  });
});

describe('settings (rule: settings-defaults)', () => {
  it('waitlist_hold_minutes defaults to 30', () => {
    expect(settingsWith().waitlist_hold_minutes).toBe(30);
  });
});
