// The kiosk-day decider: bookings, capacity, the calendar entry and the VIP marking of one date.
// Rule names in quotes refer to domain/README.md.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { customerCancellation } from '../../domain/kioskDay/cancellation.js';
import {
  bookingIdFor,
  dateOfBookingId,
  kioskDayStream,
  type BookingPlacedData,
  type KioskDayEvent,
} from '../../domain/kioskDay/kioskDay.js';
import { given } from './givenWhenThen.js';
import {
  MARGHERITA,
  TODAY,
  TOMORROW,
  VESUVIO,
  cancelled,
  clock,
  clockAt,
  confirmed,
  day,
  generalVip,
  line,
  order,
  placed,
  settingsWith,
  vipFor,
} from './fixtures.js';

const kioskDay = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);

const SUNDAY = day(6); // TODAY is a Monday
const closedSundays = () => {
  const s = settingsWith();
  return { ...s, open_days: { ...s.open_days, sun: false } };
};

describe('the kiosk-day stream', () => {
  it('is named after its date, and a booking number names the stream it lives in (rule: booking-numbers)', () => {
    expect(kioskDayStream('2026-11-24')).toBe('kioskday-2026-11-24');
    expect(bookingIdFor('2026-11-24', 7)).toBe('20261124-7');
    expect(dateOfBookingId('20261124-7')).toBe('2026-11-24');
    expect(dateOfBookingId(' 20261124-12 ')).toBe('2026-11-24');
    expect(dateOfBookingId('2026-11-24-7')).toBeNull();
    expect(dateOfBookingId('abc')).toBeNull();
  });
});

describe('an empty day (no calendar entry; default settings: every day open 11:00-22:00, capacity 6)', () => {
  it('places a booking numbered yyyyMMdd-1 with its lines, totals, customer and the instant it was placed', () => {
    kioskDay()
      .when(
        order({
          lines: [line(MARGHERITA, 2), line(VESUVIO, 1)],
          customer: { name: 'Sven Svensson', email: 'sven@example.se', phone: '070-1234567' },
          dine_in: true,
          comment: 'Extra basilika',
        }),
      )
      .then([
        {
          type: 'BookingPlaced',
          data: {
            booking_id: '20261124-1',
            booking_date: '2026-11-24',
            booking_time: '12:00',
            name: 'Sven Svensson',
            email: 'sven@example.se',
            phone: '070-1234567',
            dine_in: true,
            comment: 'Extra basilika',
            items: [
              { pizza_id: 1, pizza_name: 'Margherita', price_cents: 9900, qty: 2 },
              { pizza_id: 2, pizza_name: 'Vesuvio', price_cents: 10900, qty: 1 },
            ],
            total_pizzas: 3,
            original_total_cents: 30700,
            discount_cents: 0,
            final_total_cents: 30700,
            bonus_code: null,
            bonus_ref: null,
            discount_percentage: 0,
            vip_customer_id: null,
            placed_at: '2026-11-23T09:00:00.000Z',
          },
        },
      ]);
  });

  it('a new booking is pending and its pizzas count against its window (rule: pending-and-cancelled)', () => {
    const state = kioskDay()
      .when(order({ pizzas: 2 }))
      .thenState();
    expect(state.bookings.get('20261124-1')?.status).toBe('pending');
    expect(state.pizzasByTime).toEqual({ '12:00': 2 });
    expect(state.placedCount).toBe(1);
  });

  it('accepts exactly capacity_per_window pizzas in one slot (rule: capacity)', () => {
    kioskDay()
      .when(order({ pizzas: 6 }))
      .thenMatches([{ type: 'BookingPlaced', data: { total_pizzas: 6, booking_time: '12:00' } }]);
  });

  it("refuses a requested count above capacity_per_window: 'Max 6 pizzor per tidslucka' (rule: pizza-count)", () => {
    kioskDay()
      .when(order({ pizzas: 7 }))
      .thenThrows('Max 6 pizzor per tidslucka', 'rejected');
  });

  it('uses the capacity_per_window of the settings passed in', () => {
    kioskDay()
      .when(order({ pizzas: 9, settings: settingsWith({ capacity_per_window: 10 }) }))
      .thenMatches([{ type: 'BookingPlaced', data: { total_pizzas: 9 } }]);
    kioskDay()
      .when(order({ pizzas: 3, settings: settingsWith({ capacity_per_window: 2 }) }))
      .thenThrows('Max 2 pizzor per tidslucka');
  });

  it('refuses a requested count below 1 or not a whole number', () => {
    kioskDay()
      .when(order({ requestedPizzas: 0, lines: [] }))
      .thenThrows('Antal pizzor måste vara minst 1');
    kioskDay()
      .when(order({ requestedPizzas: 1.5 }))
      .thenThrows('Antal pizzor måste vara minst 1');
  });

  describe('the count rules of SPEC 5 (rule: order-count)', () => {
    it("refuses an order without pizzas: 'Välj minst en pizza'", () => {
      kioskDay()
        .when(order({ requestedPizzas: 2, lines: [] }))
        .thenThrows('Välj minst en pizza');
      kioskDay()
        .when(order({ requestedPizzas: 2, lines: [line(MARGHERITA, 0)] }))
        .thenThrows('Välj minst en pizza');
    });

    it("refuses too few pizzas, naming how many more (plural): 'Välj 2 fler pizzor för att matcha din beställning'", () => {
      kioskDay()
        .when(order({ requestedPizzas: 4, lines: [line(MARGHERITA, 2)] }))
        .thenThrows('Välj 2 fler pizzor för att matcha din beställning');
    });

    it("refuses one pizza too few in the singular: 'Välj 1 fler pizza för att matcha din beställning'", () => {
      kioskDay()
        .when(order({ requestedPizzas: 3, lines: [line(MARGHERITA, 1), line(VESUVIO, 1)] }))
        .thenThrows('Välj 1 fler pizza för att matcha din beställning');
    });

    it("refuses more pizzas than requested: 'Du har ändå valt fler pizzor än vad du önskade i steg 2'", () => {
      kioskDay()
        .when(order({ requestedPizzas: 2, lines: [line(MARGHERITA, 2), line(VESUVIO, 1)] }))
        .thenThrows('Du har ändå valt fler pizzor än vad du önskade i steg 2');
    });
  });

  describe('slots (rule: slots)', () => {
    it('accepts the last slot, which ends exactly at closing time', () => {
      kioskDay()
        .when(order({ time: '21:45' }))
        .thenMatches([{ type: 'BookingPlaced', data: { booking_time: '21:45' } }]);
    });

    it("refuses a time that is not a slot start: 'Tiden finns inte denna dag'", () => {
      kioskDay()
        .when(order({ time: '12:05' }))
        .thenThrows('Tiden finns inte denna dag');
    });

    it('refuses closing time itself and times before opening', () => {
      kioskDay()
        .when(order({ time: '22:00' }))
        .thenThrows('Tiden finns inte denna dag');
      kioskDay()
        .when(order({ time: '10:45' }))
        .thenThrows('Tiden finns inte denna dag');
    });

    it('lays slots every slot_length_minutes from opening', () => {
      const settings = settingsWith({ slot_length_minutes: 20 });
      kioskDay()
        .when(order({ time: '11:40', settings }))
        .thenMatches([{ type: 'BookingPlaced' }]);
      kioskDay()
        .when(order({ time: '11:45', settings }))
        .thenThrows('Tiden finns inte denna dag');
      // 21:40 + 20 min = 22:00: the last slot that ends by closing.
      kioskDay()
        .when(order({ time: '21:40', settings }))
        .thenMatches([{ type: 'BookingPlaced' }]);
    });
  });

  describe('prices (rule: prices-and-discounts)', () => {
    it('takes an already redeemed bonus code: discount rounded to whole cents, final = original - discount', () => {
      kioskDay()
        .when(
          order({ lines: [line(MARGHERITA, 1)], discount: { code: 'HOST33', percentage: 33.3, booking_ref: 'ref-1' } }),
        )
        .thenMatches([
          // 9900 * 33.3 % = 3296.7 -> 3297
          {
            type: 'BookingPlaced',
            data: {
              original_total_cents: 9900,
              discount_cents: 3297,
              final_total_cents: 6603,
              bonus_code: 'HOST33',
              discount_percentage: 33.3,
            },
          },
        ]);
    });

    it('rounds a half cent up', () => {
      kioskDay()
        .when(
          order({ lines: [line(MARGHERITA, 1)], discount: { code: 'HALV', percentage: 0.5, booking_ref: 'ref-1' } }),
        )
        .thenMatches([{ type: 'BookingPlaced', data: { discount_cents: 50, final_total_cents: 9850 } }]);
    });

    it('a 100 % code makes the order free', () => {
      kioskDay()
        .when(
          order({
            lines: [line(MARGHERITA, 2), line(VESUVIO, 1)],
            discount: { code: 'GRATIS', percentage: 100, booking_ref: 'ref-1' },
          }),
        )
        .thenMatches([
          { type: 'BookingPlaced', data: { original_total_cents: 30700, discount_cents: 30700, final_total_cents: 0 } },
        ]);
    });
  });
});

describe('the date of a booking (rule: bookable-dates)', () => {
  it("refuses a date before today: 'Datumet har redan passerat'", () => {
    kioskDay()
      .when(order({ date: day(-1) }))
      .thenThrows('Datumet har redan passerat');
  });

  describe('today, with a calendar entry opening at 09:00 (now is 10:00 in Stockholm)', () => {
    const today = () =>
      kioskDay({ type: 'DayScheduleSet', data: { date: TODAY, isOpen: true, openTime: '09:00', closeTime: '22:00' } });

    it("refuses a slot that has already started: 'Tiden har redan passerat'", () => {
      today()
        .when(order({ date: TODAY, time: '09:45' }))
        .thenThrows('Tiden har redan passerat');
    });

    it('refuses the slot starting right now', () => {
      today()
        .when(order({ date: TODAY, time: '10:00' }))
        .thenThrows('Tiden har redan passerat');
    });

    it('accepts the next slot, numbered with today', () => {
      today()
        .when(order({ date: TODAY, time: '10:15' }))
        .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261123-1', booking_time: '10:15' } }]);
    });

    it("compares with the kiosk's wall clock, not UTC (09:30 UTC is 10:30 in Stockholm)", () => {
      today()
        .when(order({ date: TODAY, time: '10:15', clock: clockAt('2026-11-23T09:30:00Z') }))
        .thenThrows('Tiden har redan passerat');
    });
  });

  it("accepts today + booking_horizon_days and refuses one day more: 'Datumet ligger för långt fram för bokning' (rule: horizon)", () => {
    kioskDay()
      .when(order({ date: day(14) }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: day(14) } }]);
    kioskDay()
      .when(order({ date: day(15) }))
      .thenThrows('Datumet ligger för långt fram för bokning');
  });

  it('with a valid VIP token the horizon is vip_booking_advance_days: +30 accepted, +31 refused (rule: horizon)', () => {
    kioskDay()
      .when(order({ date: day(30), vip: generalVip }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: day(30), vip_customer_id: 7 } }]);
    kioskDay()
      .when(order({ date: day(31), vip: generalVip }))
      .thenThrows('Datumet ligger för långt fram för bokning');
  });

  it('a VIP horizon shorter than the normal one never shortens it: max(vip, normal) (rule: horizon)', () => {
    const settings = settingsWith({ booking_horizon_days: 14, vip_booking_advance_days: 7 });
    kioskDay()
      .when(order({ date: day(14), vip: generalVip, settings }))
      .thenMatches([{ type: 'BookingPlaced' }]);
    kioskDay()
      .when(order({ date: day(15), vip: generalVip, settings }))
      .thenThrows('Datumet ligger för långt fram för bokning');
  });

  it('a token tied to one VIP date does not lengthen the horizon of other dates (rule: horizon, vip-dates)', () => {
    kioskDay()
      .when(order({ date: day(14), vip: vipFor(day(25)) }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: day(14) } }]);
    kioskDay()
      .when(order({ date: day(20), vip: vipFor(day(25)) }))
      .thenThrows('Datumet ligger för långt fram för bokning');
  });

  it('a token tied to one VIP date opens that date beyond every horizon (rule: vip-dates)', () => {
    kioskDay({ type: 'DayMarkedVip', data: { date: day(45), description: null, created_by: 'admin@pizzakiosken.se' } })
      .when(order({ date: day(45), vip: vipFor(day(45)) }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: day(45) } }]);
  });

  describe('a day closed by its weekday (Sundays closed in the settings)', () => {
    it("refuses a booking: 'Kiosken har stängt detta datum' (rule: open-days)", () => {
      kioskDay()
        .when(order({ date: SUNDAY, settings: closedSundays() }))
        .thenThrows('Kiosken har stängt detta datum');
    });

    it('a calendar entry opening the date overrides the weekday, with its own hours', () => {
      const opened = () =>
        kioskDay({
          type: 'DayScheduleSet',
          data: { date: SUNDAY, isOpen: true, openTime: '17:00', closeTime: '20:00' },
        });
      opened()
        .when(order({ date: SUNDAY, time: '17:00', settings: closedSundays() }))
        .thenMatches([{ type: 'BookingPlaced', data: { booking_date: SUNDAY } }]);
      opened()
        .when(order({ date: SUNDAY, time: '12:00', settings: closedSundays() }))
        .thenThrows('Tiden finns inte denna dag');
      opened()
        .when(order({ date: SUNDAY, time: '20:00', settings: closedSundays() }))
        .thenThrows('Tiden finns inte denna dag');
    });
  });

  describe('a weekday-open day closed by a calendar entry', () => {
    const closedByEntry = () =>
      kioskDay({
        type: 'DayScheduleSet',
        data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' },
      });

    it("refuses a booking: 'Kiosken har stängt detta datum' (rule: open-days)", () => {
      closedByEntry().when(order()).thenThrows('Kiosken har stängt detta datum');
    });

    it('opens again with a later entry: the last entry wins', () => {
      kioskDay(
        { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' } },
        { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: true, openTime: '11:00', closeTime: '22:00' } },
      )
        .when(order())
        .thenMatches([{ type: 'BookingPlaced' }]);
    });
  });
});

describe('a VIP day (rule: vip-dates)', () => {
  const VIP_DAY = day(3);
  const vipDay = () =>
    kioskDay({
      type: 'DayMarkedVip',
      data: { date: VIP_DAY, description: 'Provsmakning', created_by: 'admin@pizzakiosken.se' },
    });

  it("refuses a booking without a token: 'Detta datum är endast för VIP-kunder'", () => {
    vipDay()
      .when(order({ date: VIP_DAY }))
      .thenThrows('Detta datum är endast för VIP-kunder');
  });

  it('refuses a token tied to another date', () => {
    vipDay()
      .when(order({ date: VIP_DAY, vip: vipFor(day(4)) }))
      .thenThrows('Detta datum är endast för VIP-kunder');
  });

  it('accepts a token tied to this date, recording the VIP customer', () => {
    vipDay()
      .when(order({ date: VIP_DAY, vip: vipFor(VIP_DAY) }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: VIP_DAY, vip_customer_id: 7 } }]);
  });

  it('accepts a general token (tied to no date)', () => {
    vipDay()
      .when(order({ date: VIP_DAY, vip: generalVip }))
      .thenMatches([{ type: 'BookingPlaced', data: { vip_customer_id: 7 } }]);
  });

  it('a date link for anyone (no customer) books with vip_customer_id null', () => {
    vipDay()
      .when(order({ date: VIP_DAY, vip: { customerId: null, customerName: 'VIP-gäst', date: VIP_DAY } }))
      .thenMatches([{ type: 'BookingPlaced', data: { vip_customer_id: null } }]);
  });

  it('is an ordinary day again once its VIP marking is removed', () => {
    kioskDay(
      { type: 'DayMarkedVip', data: { date: VIP_DAY, description: null, created_by: 'admin@pizzakiosken.se' } },
      { type: 'DayVipRemoved', data: { date: VIP_DAY } },
    )
      .when(order({ date: VIP_DAY }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });

  it('a VIP day beyond the normal horizon is reachable with a token within the VIP horizon', () => {
    kioskDay({ type: 'DayMarkedVip', data: { date: day(25), description: null, created_by: 'admin@pizzakiosken.se' } })
      .when(order({ date: day(25), vip: vipFor(day(25)) }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_date: day(25) } }]);
  });
});

describe('a day with a pending booking of 4 pizzas at 12:00 (15-minute windows)', () => {
  const booking = placed({ time: '12:00', pizzas: 4 });
  const withPending = () => kioskDay(booking);

  it('accepts 2 more in the same slot: exactly the capacity (rule: capacity)', () => {
    withPending()
      .when(order({ time: '12:00', pizzas: 2 }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-2', total_pizzas: 2 } }]);
  });

  it("refuses 3 more: 'Du har valt 3 pizzor men kan bara boka 2 för denna tid. Ta bort 1 för att fortsätta.' (rule: capacity)", () => {
    withPending()
      .when(order({ time: '12:00', pizzas: 3 }))
      .thenThrows('Du har valt 3 pizzor men kan bara boka 2 för denna tid. Ta bort 1 för att fortsätta.');
  });

  it('the next slot is another window and has the full capacity', () => {
    withPending()
      .when(order({ time: '12:15', pizzas: 6 }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_time: '12:15', total_pizzas: 6 } }]);
  });

  it('confirms the pending booking (rule: confirm)', () => {
    withPending()
      .when({ type: 'ConfirmBooking', bookingId: '20261124-1', clock })
      .then([
        { type: 'BookingConfirmed', data: { booking_id: '20261124-1', confirmed_at: '2026-11-23T09:00:00.000Z' } },
      ]);
  });

  it("refuses to confirm a booking the day does not hold: 'Kunde inte hitta bokningen' (not found)", () => {
    withPending()
      .when({ type: 'ConfirmBooking', bookingId: '20261124-9', clock })
      .thenThrows('Kunde inte hitta bokningen', 'not_found');
  });
});

describe('a day whose 12:00 window is full with pending bookings (6 of 6)', () => {
  const full = () =>
    kioskDay(placed({ time: '12:00', pizzas: 4, seq: 1 }), placed({ time: '12:00', pizzas: 2, seq: 2 }));

  it("refuses even one pizza: 'Tidsluckan har inte plats för hela beställningen. Välj en annan tid.' (rule: pending-and-cancelled)", () => {
    full()
      .when(order({ time: '12:00', pizzas: 1 }))
      .thenThrows('Tidsluckan har inte plats för hela beställningen. Välj en annan tid.');
  });

  it('frees the capacity of a booking as soon as it is cancelled (rule: pending-and-cancelled)', () => {
    kioskDay(
      placed({ time: '12:00', pizzas: 4, seq: 1 }),
      placed({ time: '12:00', pizzas: 2, seq: 2 }),
      cancelled(placed({ time: '12:00', pizzas: 4, seq: 1 })),
    )
      .when(order({ time: '12:00', pizzas: 4 }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-3', total_pizzas: 4 } }]);
  });
});

describe('a booking placed with an idempotency key (rule: idempotent-booking)', () => {
  const KEY = '5f0c8a3e-2d1b-4c7a-9e6f-0a1b2c3d4e5f';
  /** The event the first request appended: two Margheritas (or the lines given) at 12:00 under KEY. */
  const first = (items = [line(MARGHERITA, 2)]): KioskDayEvent => {
    const data = placed({ time: '12:00', pizzas: 2 }).data as BookingPlacedData;
    return { type: 'BookingPlaced', data: { ...data, items, idempotency_key: KEY } };
  };
  const retry = (changes: Parameters<typeof order>[0] = {}) =>
    order({ time: '12:00', pizzas: 2, idempotencyKey: KEY, ...changes });

  it('records the key in the BookingPlaced event, and the day maps the key to the booking as placed', () => {
    kioskDay()
      .when(retry())
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-1', idempotency_key: KEY } }]);
    const state = kioskDay().when(retry()).thenState();
    expect(state.byIdempotencyKey.get(KEY)).toMatchObject({
      booking_id: '20261124-1',
      total_pizzas: 2,
      final_total_cents: 19800,
      idempotency_key: KEY,
    });
  });

  it('a retry with the key already in the stream decides nothing: no second booking, no second number', () => {
    kioskDay(first()).when(retry()).then([]);
  });

  it('answers the retry before every other rule: also when its slot has filled up or passed since', () => {
    kioskDay(first(), placed({ time: '12:00', pizzas: 4, seq: 2 }))
      .when(retry())
      .then([]);
    kioskDay(first())
      .when(retry({ clock: clockAt('2026-11-24T12:30:00Z') }))
      .then([]);
  });

  it('still answers the retry once the booking is cancelled (the first answer stands)', () => {
    kioskDay(first(), cancelled(first())).when(retry()).then([]);
  });

  it('takes the same order written differently as the same: e-mail case and spaces, lines in another order, other name or comment', () => {
    kioskDay(first([line(MARGHERITA, 1), line(VESUVIO, 1)]))
      .when(
        retry({
          lines: [line(VESUVIO, 1), line(MARGHERITA, 1)],
          customer: { name: 'S. Svensson', email: ' Sven@Example.se ', phone: null },
          comment: 'Ring på',
        }),
      )
      .then([]);
  });

  it("refuses another order under the same key with 409: 'Idempotensnyckeln har redan använts för en annan bokning', appending nothing", () => {
    const reused = 'Idempotensnyckeln har redan använts för en annan bokning';
    kioskDay(first())
      .when(retry({ time: '12:15' }))
      .thenThrows(reused, 'conflict');
    kioskDay(first())
      .when(retry({ pizzas: 3 }))
      .thenThrows(reused, 'conflict');
    kioskDay(first())
      .when(retry({ lines: [line(VESUVIO, 2)] }))
      .thenThrows(reused, 'conflict');
    kioskDay(first())
      .when(retry({ customer: { name: 'Sven Svensson', email: 'annan@example.se', phone: null } }))
      .thenThrows(reused, 'conflict');
  });

  it('another key, or no key, places a booking of its own as before', () => {
    kioskDay(first())
      .when(retry({ idempotencyKey: 'another-key' }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-2', idempotency_key: 'another-key' } }]);
    kioskDay(first())
      .when(retry({ idempotencyKey: null }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-2' } }]);
    expect(kioskDay().when(order()).thenState().byIdempotencyKey.size).toBe(0);
  });

  it('events from before the key existed carry none and stay valid', () => {
    const state = kioskDay(placed(), placed({ seq: 2 })).state();
    expect(state.placedCount).toBe(2);
    expect(state.byIdempotencyKey.size).toBe(0);
    kioskDay(placed())
      .when(order())
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-2' } }]);
  });
});

describe('windows of 30 minutes over slots of 15 minutes (rule: capacity)', () => {
  const settings = settingsWith({ window_minutes: 30, slot_length_minutes: 15 });
  const withFourAtNoon = () => kioskDay(placed({ time: '12:00', pizzas: 4 }));

  it('two slots share a window: 12:15 has only what 12:00 left', () => {
    withFourAtNoon()
      .when(order({ time: '12:15', pizzas: 2, settings }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_time: '12:15' } }]);
    withFourAtNoon()
      .when(order({ time: '12:15', pizzas: 3, settings }))
      .thenThrows('Du har valt 3 pizzor men kan bara boka 2 för denna tid. Ta bort 1 för att fortsätta.');
  });

  it('12:30 starts the next window with the full capacity', () => {
    withFourAtNoon()
      .when(order({ time: '12:30', pizzas: 6, settings }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_time: '12:30' } }]);
  });

  it('windows are laid from opening time: with 11:15 opening, 12:15 and 12:30 share a window', () => {
    const late = () =>
      kioskDay(
        { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: true, openTime: '11:15', closeTime: '22:00' } },
        placed({ time: '12:15', pizzas: 5 }),
      );
    late()
      .when(order({ time: '12:30', pizzas: 2, settings }))
      .thenThrows('Du har valt 2 pizzor men kan bara boka 1 för denna tid. Ta bort 1 för att fortsätta.');
    late()
      .when(order({ time: '12:00', pizzas: 6, settings }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
});

describe('a day with a cancelled booking', () => {
  const booking = placed({ time: '12:00', pizzas: 6 });
  const withCancelled = () => kioskDay(booking, cancelled(booking));

  it('keeps numbering: the next booking is yyyyMMdd-2, numbers are never reused (rule: booking-numbers)', () => {
    withCancelled()
      .when(order({ time: '12:00', pizzas: 6 }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_id: '20261124-2' } }]);
  });

  it("refuses to confirm it: 'Bokningen är redan avbokad' (rule: confirm)", () => {
    withCancelled()
      .when({ type: 'ConfirmBooking', bookingId: '20261124-1', clock })
      .thenThrows('Bokningen är redan avbokad');
  });

  it('refuses a repeat with the code already_cancelled, which closing a day takes for done (rule: closure-bookings)', () => {
    const state = withCancelled().state();
    const repeat = () =>
      kioskDayDecider.decide({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Stängt', clock }, state);
    expect(repeat).toThrow(expect.objectContaining({ code: 'already_cancelled', kind: 'rejected' }));
  });

  it('refuses to cancel it again, by staff or by the customer', () => {
    withCancelled()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Igen', clock })
      .thenThrows('Bokningen är redan avbokad');
    withCancelled()
      .when({
        type: 'CancelBookingByCustomer',
        bookingId: '20261124-1',
        email: 'sven@example.se',
        settings: settingsWith(),
        clock: clockAt('2026-11-20T08:00:00Z'),
      })
      .thenThrows('Bokningen är redan avbokad');
  });

  it('is no longer counted in the day state', () => {
    const state = withCancelled().state();
    expect(state.pizzasByTime).toEqual({});
    expect(state.bookings.get('20261124-1')).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'staff',
      cancel_reason: 'Kunden ringde',
    });
  });
});

describe('a day with a confirmed booking of 6 pizzas at 12:00', () => {
  const booking = placed({ time: '12:00', pizzas: 6 });
  const withConfirmed = () => kioskDay(booking, confirmed('20261124-1'));

  it("refuses to confirm it twice: 'Endast väntande bokningar kan bekräftas' (rule: confirm)", () => {
    withConfirmed()
      .when({ type: 'ConfirmBooking', bookingId: '20261124-1', clock })
      .thenThrows('Endast väntande bokningar kan bekräftas', 'rejected');
  });

  it('still counts against its window', () => {
    withConfirmed()
      .when(order({ time: '12:00', pizzas: 1 }))
      .thenThrows('Tidsluckan har inte plats för hela beställningen. Välj en annan tid.');
  });

  it('staff can cancel it, recording that it was confirmed (rule: staff-cancellation)', () => {
    withConfirmed()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Ugnen är trasig', clock })
      .then([
        {
          type: 'BookingCancelled',
          data: {
            booking_id: '20261124-1',
            by: 'staff',
            reason: 'Ugnen är trasig',
            // Staff's words are about the customer: sealed under their key (rule: personal-data).
            email: 'sven@example.se',
            cancelled_at: '2026-11-23T09:00:00.000Z',
            previous_status: 'confirmed',
            booking_date: '2026-11-24',
            booking_time: '12:00',
            total_pizzas: 6,
            final_total_cents: 59400,
            items: [{ pizza_id: 1, pizza_name: 'Margherita', price_cents: 9900, qty: 6 }],
            bonus_code: null,
            bonus_ref: null,
          },
        },
      ]);
  });
});

describe('staff cancellation of a pending booking (rule: staff-cancellation)', () => {
  const withPending = () => kioskDay(placed());

  it('cancels with the reason, trimmed, and the previous status pending', () => {
    withPending()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: '  Kunden ringde  ', clock })
      .thenMatches([
        {
          type: 'BookingCancelled',
          data: { by: 'staff', reason: 'Kunden ringde', previous_status: 'pending', total_pizzas: 1 },
        },
      ]);
  });

  it("refuses a blank reason: 'Ange en anledning till avbokningen'", () => {
    withPending()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: '   ', clock })
      .thenThrows('Ange en anledning till avbokningen');
    withPending()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: '', clock })
      .thenThrows('Ange en anledning till avbokningen');
  });

  it('has no deadline: staff may cancel after the booked time', () => {
    withPending()
      .when({
        type: 'CancelBookingByStaff',
        bookingId: '20261124-1',
        reason: 'Kom aldrig',
        clock: clockAt('2026-11-24T15:00:00Z'),
      })
      .thenMatches([{ type: 'BookingCancelled' }]);
  });

  it('refuses an unknown booking as not found', () => {
    withPending()
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-2', reason: 'x', clock })
      .thenThrows('Kunde inte hitta bokningen', 'not_found');
  });
});

describe('customer cancellation of a booking tomorrow at 10:00 (rule: customer-cancellation)', () => {
  // Tomorrow 10:00 in Stockholm is 2026-11-24T09:00Z: exactly 24 h after the fixed clock.
  const withBooking = () => kioskDay(placed({ time: '10:00', email: 'Sven@Example.se' }));
  const cancelAt = (iso: string, email = 'sven@example.se', settings = settingsWith()) =>
    ({ type: 'CancelBookingByCustomer', bookingId: '20261124-1', email, settings, clock: clockAt(iso) }) as const;

  it('is allowed with exactly 24 h left', () => {
    withBooking()
      .when(cancelAt('2026-11-23T09:00:00Z'))
      .then([
        {
          type: 'BookingCancelled',
          data: {
            booking_id: '20261124-1',
            by: 'customer',
            reason: null,
            cancelled_at: '2026-11-23T09:00:00.000Z',
            previous_status: 'pending',
            booking_date: '2026-11-24',
            booking_time: '10:00',
            total_pizzas: 1,
            final_total_cents: 9900,
            items: [{ pizza_id: 1, pizza_name: 'Margherita', price_cents: 9900, qty: 1 }],
            bonus_code: null,
            bonus_ref: null,
          },
        },
      ]);
  });

  it("is refused with 23 h 59 min left: 'Det är för sent att avboka online. Kontakta kiosken.'", () => {
    withBooking()
      .when(cancelAt('2026-11-23T09:01:00Z'))
      .thenThrows('Det är för sent att avboka online. Kontakta kiosken.', 'rejected');
  });

  it('is refused after the booked time', () => {
    withBooking()
      .when(cancelAt('2026-11-24T10:00:00Z'))
      .thenThrows('Det är för sent att avboka online. Kontakta kiosken.');
  });

  it('compares e-mail addresses ignoring case and surrounding spaces', () => {
    withBooking()
      .when(cancelAt('2026-11-23T09:00:00Z', '  SVEN@example.SE '))
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'customer' } }]);
  });

  it("answers a wrong e-mail exactly like a missing booking: 'Kunde inte hitta bokningen' (not found)", () => {
    withBooking()
      .when(cancelAt('2026-11-23T09:00:00Z', 'nagon.annan@example.se'))
      .thenThrows('Kunde inte hitta bokningen', 'not_found');
    withBooking()
      .when({
        type: 'CancelBookingByCustomer',
        bookingId: '20261124-5',
        email: 'sven@example.se',
        settings: settingsWith(),
        clock,
      })
      .thenThrows('Kunde inte hitta bokningen', 'not_found');
  });

  it('a longer cancellation_deadline_minutes (48 h) moves the limit', () => {
    const settings = settingsWith({ cancellation_deadline_minutes: 48 * 60 });
    withBooking()
      .when(cancelAt('2026-11-23T09:00:00Z', 'sven@example.se', settings))
      .thenThrows('Det är för sent att avboka online. Kontakta kiosken.');
    withBooking()
      .when(cancelAt('2026-11-22T09:00:00Z', 'sven@example.se', settings))
      .thenMatches([{ type: 'BookingCancelled' }]);
  });

  it('a shorter cancellation_deadline_minutes (0) never undercuts the 24 h of SPEC', () => {
    const settings = settingsWith({ cancellation_deadline_minutes: 0 });
    withBooking()
      .when(cancelAt('2026-11-23T09:01:00Z', 'sven@example.se', settings))
      .thenThrows('Det är för sent att avboka online. Kontakta kiosken.');
  });

  it('a confirmed booking can be cancelled by the customer too', () => {
    kioskDay(placed({ time: '10:00' }), confirmed('20261124-1'))
      .when(cancelAt('2026-11-23T08:00:00Z'))
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'customer', previous_status: 'confirmed' } }]);
  });
});

describe('customer cancellation across the spring DST change (Stockholm, 2027-03-28 02:00 -> 03:00)', () => {
  // 2027-03-28 12:00 CEST is 10:00Z. 24 real hours earlier is 2027-03-27 10:00Z = 11:00 CET,
  // not 12:00: the 24 h rule counts elapsed time, not wall-clock time.
  const withBooking = () => kioskDay(placed({ date: '2027-03-28', time: '12:00' }));
  const cancelAt = (iso: string) =>
    ({
      type: 'CancelBookingByCustomer',
      bookingId: '20270328-1',
      email: 'sven@example.se',
      settings: settingsWith(),
      clock: clockAt(iso),
    }) as const;

  it('is allowed at 11:00 the day before (exactly 24 h)', () => {
    withBooking()
      .when(cancelAt('2027-03-27T10:00:00Z'))
      .thenMatches([{ type: 'BookingCancelled', data: { booking_id: '20270328-1' } }]);
  });

  it('is refused at 12:00 the day before: the same wall time, but only 23 h left', () => {
    withBooking()
      .when(cancelAt('2027-03-27T11:00:00Z'))
      .thenThrows('Det är för sent att avboka online. Kontakta kiosken.');
  });

  it('the lookup shows 24 and 23 whole hours', () => {
    const booking = { booking_date: '2027-03-28', booking_time: '12:00', status: 'pending' } as const;
    expect(customerCancellation(booking, settingsWith(), clockAt('2027-03-27T10:00:00Z'))).toEqual({
      can_cancel: true,
      hours_until_booking: 24,
    });
    expect(customerCancellation(booking, settingsWith(), clockAt('2027-03-27T11:00:00Z'))).toEqual({
      can_cancel: false,
      hours_until_booking: 23,
    });
  });
});

describe('customerCancellation: the lookup fields (rule: customer-cancellation)', () => {
  const booking = { booking_date: TOMORROW, booking_time: '10:00', status: 'pending' } as const;

  it('rounds the hours left down', () => {
    expect(customerCancellation(booking, settingsWith(), clockAt('2026-11-23T09:01:00Z'))).toEqual({
      can_cancel: false,
      hours_until_booking: 23,
    });
    expect(customerCancellation(booking, settingsWith(), clockAt('2026-11-22T09:30:00Z'))).toEqual({
      can_cancel: true,
      hours_until_booking: 47,
    });
  });

  it('shows 0 hours, never a negative number, once the time has passed', () => {
    expect(customerCancellation(booking, settingsWith(), clockAt('2026-11-25T09:00:00Z'))).toEqual({
      can_cancel: false,
      hours_until_booking: 0,
    });
  });

  it('never lets a cancelled booking be cancelled', () => {
    expect(
      customerCancellation({ ...booking, status: 'cancelled' }, settingsWith(), clockAt('2026-11-20T09:00:00Z'))
        .can_cancel,
    ).toBe(false);
  });
});

describe('calendar entries (rule: open-days)', () => {
  it('sets a day schedule', () => {
    kioskDay()
      .when({ type: 'SetDaySchedule', date: TOMORROW, entry: { isOpen: true, openTime: '12:00', closeTime: '20:00' } })
      .then([
        { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: true, openTime: '12:00', closeTime: '20:00' } },
      ]);
  });

  it("refuses an open day whose closing time is not after its opening time: 'Stängningstiden måste vara efter öppningstiden'", () => {
    kioskDay()
      .when({ type: 'SetDaySchedule', date: TOMORROW, entry: { isOpen: true, openTime: '20:00', closeTime: '20:00' } })
      .thenThrows('Stängningstiden måste vara efter öppningstiden');
    kioskDay()
      .when({ type: 'SetDaySchedule', date: TOMORROW, entry: { isOpen: true, openTime: '21:00', closeTime: '11:00' } })
      .thenThrows('Stängningstiden måste vara efter öppningstiden');
  });

  it('closes a day whatever its hours say', () => {
    kioskDay()
      .when({ type: 'SetDaySchedule', date: TOMORROW, entry: { isOpen: false, openTime: '21:00', closeTime: '11:00' } })
      .then([
        { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: false, openTime: '21:00', closeTime: '11:00' } },
      ]);
  });

  it('keeps existing bookings when a day is closed: closing refuses only new ones', () => {
    const state = kioskDay(placed())
      .when({ type: 'SetDaySchedule', date: TOMORROW, entry: { isOpen: false, openTime: '11:00', closeTime: '22:00' } })
      .thenState();
    expect(state.bookings.get('20261124-1')?.status).toBe('pending');
  });
});

describe('VIP marking (rule: vip-dates)', () => {
  it('marks an open day as VIP, with description and who did it', () => {
    kioskDay()
      .when({
        type: 'MarkDayVip',
        date: TOMORROW,
        description: 'Provsmakning',
        actor: 'admin@pizzakiosken.se',
        settings: settingsWith(),
        closures: [],
      })
      .then([
        {
          type: 'DayMarkedVip',
          data: { date: TOMORROW, description: 'Provsmakning', created_by: 'admin@pizzakiosken.se' },
        },
      ]);
  });

  it("refuses a day closed by its weekday: 'Endast öppna dagar kan markeras som VIP'", () => {
    kioskDay()
      .when({
        type: 'MarkDayVip',
        date: SUNDAY,
        description: null,
        actor: 'a',
        settings: closedSundays(),
        closures: [],
      })
      .thenThrows('Endast öppna dagar kan markeras som VIP');
  });

  it('refuses a day closed by a calendar entry, and accepts a closed weekday opened by one', () => {
    kioskDay({ type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' } })
      .when({
        type: 'MarkDayVip',
        date: TOMORROW,
        description: null,
        actor: 'a',
        settings: settingsWith(),
        closures: [],
      })
      .thenThrows('Endast öppna dagar kan markeras som VIP');
    kioskDay({ type: 'DayScheduleSet', data: { date: SUNDAY, isOpen: true, openTime: '11:00', closeTime: '22:00' } })
      .when({
        type: 'MarkDayVip',
        date: SUNDAY,
        description: null,
        actor: 'a',
        settings: closedSundays(),
        closures: [],
      })
      .thenMatches([{ type: 'DayMarkedVip' }]);
  });

  it('removes the VIP marking of a VIP day', () => {
    kioskDay({ type: 'DayMarkedVip', data: { date: TOMORROW, description: null, created_by: 'a' } })
      .when({ type: 'RemoveDayVip', date: TOMORROW })
      .then([{ type: 'DayVipRemoved', data: { date: TOMORROW } }]);
  });

  it("refuses to remove the marking of a day that is not VIP: 'Dagen är inte markerad som VIP' (not found)", () => {
    kioskDay().when({ type: 'RemoveDayVip', date: TOMORROW }).thenThrows('Dagen är inte markerad som VIP', 'not_found');
  });
});

describe('a cancelled booking gives its bonus-code use back (rule: cancellation-returns-bonus-use)', () => {
  const withCode = () =>
    kioskDay().when(order({ discount: { code: 'SOMMAR10', percentage: 10, booking_ref: 'ref-42' } }));

  it('a booking with a code records the reference its use was redeemed under', () => {
    withCode().thenMatches([{ type: 'BookingPlaced', data: { bonus_code: 'SOMMAR10', bonus_ref: 'ref-42' } }]);
  });

  it('a staff cancellation carries the code and reference to give back', () => {
    const booked = withCode().thenState();
    expect(booked.bookings.get('20261124-1')).toMatchObject({ bonus_code: 'SOMMAR10', bonus_ref: 'ref-42' });
    const placedEvent = kioskDayDecider.decide(
      order({ discount: { code: 'SOMMAR10', percentage: 10, booking_ref: 'ref-42' } }),
      kioskDayDecider.initialState(),
    );
    kioskDay(...placedEvent)
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Ugnen är trasig', clock })
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'staff', bonus_code: 'SOMMAR10', bonus_ref: 'ref-42' } }]);
  });

  it('a customer cancellation carries them too', () => {
    const placedEvent = kioskDayDecider.decide(
      order({ discount: { code: 'SOMMAR10', percentage: 10, booking_ref: 'ref-42' } }),
      kioskDayDecider.initialState(),
    );
    kioskDay(...placedEvent)
      .when({
        type: 'CancelBookingByCustomer',
        bookingId: '20261124-1',
        email: 'sven@example.se',
        settings: settingsWith(),
        clock,
      })
      .thenMatches([
        { type: 'BookingCancelled', data: { by: 'customer', bonus_code: 'SOMMAR10', bonus_ref: 'ref-42' } },
      ]);
  });

  it('a booking placed before references were recorded cancels with none (its use is not given back)', () => {
    kioskDay(placed())
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'x', clock })
      .thenMatches([{ type: 'BookingCancelled', data: { bonus_ref: null } }]);
  });
});

/** A BookingPlaced given as placed() makes it, placed at another instant. */
const placedAt = (iso: string, options: Parameters<typeof placed>[0] = {}): KioskDayEvent => {
  const event = placed(options);
  return { ...event, data: { ...event.data, placed_at: iso } } as KioskDayEvent;
};
const confirmedAt = (bookingId: string, iso: string): KioskDayEvent => ({
  type: 'BookingConfirmed',
  data: { booking_id: bookingId, confirmed_at: iso },
});

describe('a pending booking tomorrow at 12:00, placed three days ago (rule: pending-expiry)', () => {
  const ID = '20261124-1';
  const expire = (changes: Parameters<typeof settingsWith>[0] = { pending_expiry_minutes: 30 }, at = clock) =>
    ({ type: 'ExpirePendingBooking', bookingId: ID, settings: settingsWith(changes), clock: at }) as const;

  it("is cancelled by the system with the reason 'Ej bekräftad i tid', carrying what it frees", () => {
    kioskDay(placed({ pizzas: 2 }))
      .when(expire())
      .then([
        {
          type: 'BookingCancelled',
          data: {
            booking_id: ID,
            by: 'system',
            reason: 'Ej bekräftad i tid',
            cancelled_at: '2026-11-23T09:00:00.000Z',
            previous_status: 'pending',
            booking_date: TOMORROW,
            booking_time: '12:00',
            total_pizzas: 2,
            final_total_cents: 19800,
            items: [line(MARGHERITA, 2)],
            bonus_code: null,
            bonus_ref: null,
          },
        },
      ]);
  });

  it('frees its capacity at once and is cancelled by the system in the state (rule: pending-and-cancelled)', () => {
    const state = kioskDay(placed({ pizzas: 6 }))
      .when(expire())
      .thenState();
    expect(state.pizzasByTime).toEqual({});
    expect(state.bookings.get(ID)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancel_reason: 'Ej bekräftad i tid',
    });
  });

  it('carries the bonus-code use to give back (rule: cancellation-returns-bonus-use)', () => {
    const placedEvent = kioskDayDecider.decide(
      order({ discount: { code: 'SOMMAR10', percentage: 10, booking_ref: 'ref-42' } }),
      kioskDayDecider.initialState(),
    );
    kioskDay(...placedEvent)
      .when(expire({ pending_expiry_minutes: 30 }, clockAt('2026-11-23T09:30:00Z')))
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'system', bonus_code: 'SOMMAR10', bonus_ref: 'ref-42' } }]);
  });

  it('expires exactly pending_expiry_minutes after it was placed, not a minute before', () => {
    const booked = placedAt('2026-11-23T08:30:00.000Z');
    kioskDay(booked)
      .when(expire({ pending_expiry_minutes: 30 }, clockAt('2026-11-23T08:59:59Z')))
      .thenThrows('Bokningen har inte väntat på bekräftelse länge nog för att förfalla');
    kioskDay(booked)
      .when(expire({ pending_expiry_minutes: 30 }, clockAt('2026-11-23T09:00:00Z')))
      .thenMatches([{ type: 'BookingCancelled', data: { by: 'system' } }]);
  });

  it("is not expired while the setting is 0 (off): 'Obekräftade bokningar förfaller inte: tiden är 0 i inställningarna'", () => {
    kioskDay(placed())
      .when(expire({ pending_expiry_minutes: 0 }))
      .thenThrows('Obekräftade bokningar förfaller inte: tiden är 0 i inställningarna');
  });

  it("is not expired once confirmed: 'Endast väntande bokningar kan förfalla'", () => {
    kioskDay(placed(), confirmed(ID)).when(expire()).thenThrows('Endast väntande bokningar kan förfalla');
  });

  it('appends nothing once cancelled: a repeat, or a second process, changes nothing', () => {
    const once = kioskDayDecider.decide(expire(), kioskDay(placed()).state());
    kioskDay(placed(), ...once)
      .when(expire())
      .then([]);
    kioskDay(placed(), cancelled(placed())).when(expire()).then([]);
  });

  it("is not expired once its slot has started: 'Tiden har redan passerat'", () => {
    kioskDay(placedAt('2026-11-23T07:00:00.000Z', { date: TODAY, time: '10:00' }))
      .when({ ...expire(), bookingId: '20261123-1' })
      .thenThrows('Tiden har redan passerat');
  });

  it("refuses an unknown booking: 'Kunde inte hitta bokningen' (not found)", () => {
    kioskDay().when(expire()).thenThrows('Kunde inte hitta bokningen', 'not_found');
  });
});

describe('a confirmed booking tomorrow at 12:00 (11:00 UTC), reminded 60 minutes before (rule: reminder)', () => {
  const ID = '20261124-1';
  const remind = (iso: string, changes: Parameters<typeof settingsWith>[0] = {}) =>
    ({ type: 'RemindBooking', bookingId: ID, settings: settingsWith(changes), clock: clockAt(iso) }) as const;
  const booked = () => [placed(), confirmed(ID)];

  it('is reminded from the moment its window opens, with the time and the minutes before', () => {
    kioskDay(...booked())
      .when(remind('2026-11-24T10:00:00Z'))
      .then([
        {
          type: 'BookingReminded',
          data: {
            booking_id: ID,
            reminded_at: '2026-11-24T10:00:00.000Z',
            booking_date: TOMORROW,
            booking_time: '12:00',
            minutes_before: 60,
          },
        },
      ]);
    kioskDay(...booked())
      .when(remind('2026-11-24T10:59:00Z'))
      .thenMatches([{ type: 'BookingReminded' }]);
  });

  it('keeps its status and capacity; the state records the reminder', () => {
    const state = kioskDay(...booked())
      .when(remind('2026-11-24T10:30:00Z'))
      .thenState();
    expect(state.bookings.get(ID)).toMatchObject({ status: 'confirmed', reminded_at: '2026-11-24T10:30:00.000Z' });
    expect(state.pizzasByTime).toEqual({ '12:00': 1 });
  });

  it('is reminded once: a second reminder appends nothing, also after it was cancelled', () => {
    const first = kioskDayDecider.decide(remind('2026-11-24T10:30:00Z'), kioskDay(...booked()).state());
    kioskDay(...booked(), ...first)
      .when(remind('2026-11-24T10:31:00Z'))
      .then([]);
    kioskDay(...booked(), ...first, cancelled(placed(), 'confirmed'))
      .when(remind('2026-11-24T10:31:00Z'))
      .then([]);
  });

  it("is not reminded before its window: 'Det är för tidigt för påminnelsen'", () => {
    kioskDay(...booked())
      .when(remind('2026-11-24T09:59:59Z'))
      .thenThrows('Det är för tidigt för påminnelsen');
  });

  it("is not reminded once its slot has started: 'Tiden har redan passerat'", () => {
    kioskDay(...booked())
      .when(remind('2026-11-24T11:00:00Z'))
      .thenThrows('Tiden har redan passerat');
  });

  it('follows the setting: 120 minutes opens the window an hour earlier', () => {
    kioskDay(...booked())
      .when(remind('2026-11-24T09:00:00Z', { reminder_minutes_before: 120 }))
      .thenMatches([{ type: 'BookingReminded', data: { minutes_before: 120 } }]);
  });

  it("is not reminded while the setting is 0 (off): 'Påminnelser är avstängda i inställningarna'", () => {
    kioskDay(...booked())
      .when(remind('2026-11-24T10:30:00Z', { reminder_minutes_before: 0 }))
      .thenThrows('Påminnelser är avstängda i inställningarna');
  });

  it("reminds confirmed bookings only: 'Endast bekräftade bokningar får en påminnelse'", () => {
    kioskDay(placed()).when(remind('2026-11-24T10:30:00Z')).thenThrows('Endast bekräftade bokningar får en påminnelse');
    kioskDay(...booked(), cancelled(placed(), 'confirmed'))
      .when(remind('2026-11-24T10:30:00Z'))
      .thenThrows('Endast bekräftade bokningar får en påminnelse');
  });

  it('gives none to a booking placed or confirmed inside the window (from its opening instant on)', () => {
    const tooLate = 'Bokningen gjordes eller bekräftades så nära inpå tiden att den inte får någon påminnelse';
    kioskDay(placedAt('2026-11-24T10:15:00.000Z'), confirmedAt(ID, '2026-11-24T10:20:00.000Z'))
      .when(remind('2026-11-24T10:30:00Z'))
      .thenThrows(tooLate);
    kioskDay(placed(), confirmedAt(ID, '2026-11-24T10:20:00.000Z'))
      .when(remind('2026-11-24T10:30:00Z'))
      .thenThrows(tooLate);
    kioskDay(placed(), confirmedAt(ID, '2026-11-24T10:00:00.000Z'))
      .when(remind('2026-11-24T10:30:00Z'))
      .thenThrows(tooLate);
    kioskDay(placed(), confirmedAt(ID, '2026-11-24T09:59:59.000Z'))
      .when(remind('2026-11-24T10:30:00Z'))
      .thenMatches([{ type: 'BookingReminded' }]);
  });

  it("refuses an unknown booking: 'Kunde inte hitta bokningen' (not found)", () => {
    kioskDay().when(remind('2026-11-24T10:30:00Z')).thenThrows('Kunde inte hitta bokningen', 'not_found');
  });
});
