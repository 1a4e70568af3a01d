// Moving a booking to another date and time (rule: reschedule in domain/README.md): the same date
// in one event, another date in two steps on two streams, each step idempotent.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { dateAccessProblem } from '../../domain/kioskDay/schedule.js';
import {
  moveKey,
  movesWithinOwnDay,
  withoutOwnPizzas,
  type MoveBookingAway,
  type PlaceMovedBooking,
  type RescheduleBooking,
} from '../../domain/kioskDay/reschedule.js';
import { idempotencyKeySchema } from '../../domain/payloads.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { TODAY, TOMORROW, cancelled, clock, clockAt, confirmed, day, placed, settingsWith } from './fixtures.js';

const kioskDay = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);
const EMAIL = 'sven@example.se';
const LATER = day(3);

const booking = placed({ time: '12:00', pizzas: 2 }); // 20261124-1, two Margheritas, tomorrow 12:00
const bookingData = booking.data as BookingPlacedData;

const reschedule = (changes: Partial<RescheduleBooking> = {}): RescheduleBooking => ({
  type: 'RescheduleBooking',
  bookingId: '20261124-1',
  email: EMAIL,
  date: TOMORROW,
  time: '13:00',
  settings: settingsWith(),
  closures: [],
  clock,
  ...changes,
});

const placeMoved = (changes: Partial<PlaceMovedBooking> = {}): PlaceMovedBooking => ({
  type: 'PlaceMovedBooking',
  from: bookingData,
  date: LATER,
  time: '18:00',
  settings: settingsWith(),
  closures: [],
  clock,
  ...changes,
});

const moveAway = (changes: Partial<MoveBookingAway> = {}): MoveBookingAway => ({
  type: 'MoveBookingAway',
  bookingId: '20261124-1',
  email: EMAIL,
  to: { booking_id: '20261126-1', date: LATER, time: '18:00' },
  settings: settingsWith(),
  requestedAt: clock.now,
  clock,
  ...changes,
});

describe('a booking moved within its own date (rule: reschedule)', () => {
  it('moves the time in one BookingRescheduled event; the pizzas leave the old slot and take the new one', () => {
    kioskDay(booking)
      .when(reschedule())
      .then([
        {
          type: 'BookingRescheduled',
          data: {
            booking_id: '20261124-1',
            booking_date: TOMORROW,
            from_time: '12:00',
            to_time: '13:00',
            total_pizzas: 2,
            previous_status: 'pending',
            rescheduled_at: clock.now.toISOString(),
          },
        },
      ]);
    const state = kioskDay(booking).when(reschedule()).thenState();
    expect(state.pizzasByTime).toEqual({ '13:00': 2 });
    expect(state.bookings.get('20261124-1')).toMatchObject({ booking_time: '13:00', status: 'pending' });
  });

  it('sends a confirmed booking back to pending, for staff to confirm the new time', () => {
    kioskDay(booking, confirmed('20261124-1'))
      .when(reschedule())
      .thenMatches([{ type: 'BookingRescheduled', data: { previous_status: 'confirmed' } }]);
    const state = kioskDay(booking, confirmed('20261124-1')).when(reschedule()).thenState();
    expect(state.bookings.get('20261124-1')?.status).toBe('pending');
  });

  it('does not count its own pizzas: a full window takes the move to its other slot (rule: capacity)', () => {
    const settings = settingsWith({ window_minutes: 30 });
    const full = placed({ time: '12:00', pizzas: 6 });
    kioskDay(full)
      .when(reschedule({ time: '12:15', settings }))
      .thenMatches([{ type: 'BookingRescheduled', data: { to_time: '12:15' } }]);
  });

  it('refuses a full slot and a slot with too little room, with the capacity messages (rule: capacity)', () => {
    const other = placed({ time: '13:00', pizzas: 6, seq: 2, email: 'anna@example.se' });
    kioskDay(booking, other).when(reschedule()).thenThrows(msg.slotFull);
    const some = placed({ time: '13:00', pizzas: 5, seq: 2, email: 'anna@example.se' });
    kioskDay(booking, some).when(reschedule()).thenThrows(msg.tooManyForSlot(2, 1));
  });

  it('refuses the time it already has, a time that is no slot, and a date that staff closed', () => {
    kioskDay(booking)
      .when(reschedule({ time: '12:00' }))
      .thenThrows(msg.rescheduleSameTime);
    kioskDay(booking)
      .when(reschedule({ time: '12:05' }))
      .thenThrows(msg.noSuchSlot);
    const closed: KioskDayEvent = {
      type: 'DayScheduleSet',
      data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' },
    };
    kioskDay(booking, closed).when(reschedule()).thenThrows(msg.dayClosed);
  });

  it('keeps a booking on its VIP day: only the time changes, no token needed', () => {
    const vipDay: KioskDayEvent = {
      type: 'DayMarkedVip',
      data: { date: TOMORROW, description: 'Lucia', created_by: 'admin@example.se' },
    };
    kioskDay(booking, vipDay)
      .when(reschedule())
      .thenMatches([{ type: 'BookingRescheduled', data: { to_time: '13:00' } }]);
  });

  it('answers a wrong e-mail like a missing booking, so numbers cannot be probed', () => {
    kioskDay(booking)
      .when(reschedule({ email: 'someone@example.se' }))
      .thenThrows(msg.bookingNotFound, 'not_found');
    kioskDay().when(reschedule()).thenThrows(msg.bookingNotFound, 'not_found');
    kioskDay(booking)
      .when(reschedule({ email: '  SVEN@Example.se ' }))
      .thenMatches([{ type: 'BookingRescheduled' }]);
  });

  it('refuses a cancelled booking', () => {
    kioskDay(booking, cancelled(booking)).when(reschedule()).thenThrows(msg.bookingAlreadyCancelled);
  });

  it('refuses past the cancellation cut-off: less than 24 hours before the booked time (rule: customer-cancellation)', () => {
    // 23 hours before tomorrow 12:00.
    kioskDay(booking)
      .when(reschedule({ clock: clockAt('2026-11-23T12:00:00Z') }))
      .thenThrows(msg.tooLateToReschedule);
    // Exactly 24 hours before is still in time.
    kioskDay(booking)
      .when(reschedule({ clock: clockAt('2026-11-23T11:00:00Z') }))
      .thenMatches([{ type: 'BookingRescheduled' }]);
  });
});

describe("a move's exceptions to a new booking's rules, as the domain and the slot list share them (rule: reschedule)", () => {
  it('given a held booking, a move to its own date stays within its own day; another date, or a booking no longer held, does not', () => {
    expect(movesWithinOwnDay({ booking_date: TOMORROW, status: 'confirmed' }, TOMORROW)).toBe(true);
    expect(movesWithinOwnDay({ booking_date: TOMORROW, status: 'pending' }, LATER)).toBe(false);
    expect(movesWithinOwnDay({ booking_date: TOMORROW, status: 'cancelled' }, TOMORROW)).toBe(false);
  });

  it("when moved within its own day, its own pizzas are not counted, and the day's map is left as it was", () => {
    const day = { '12:00': 3, '12:15': 1 };
    expect(withoutOwnPizzas(day, { booking_time: '12:00', total_pizzas: 2 })).toEqual({ '12:00': 1, '12:15': 1 });
    expect(day).toEqual({ '12:00': 3, '12:15': 1 });
  });

  it('then a VIP day it is already on stays open to it, and every other refusal of the date stands', () => {
    const vipDay = {
      date: TOMORROW,
      today: TODAY,
      settings: settingsWith(),
      hours: { isOpen: true, openTime: '11:00', closeTime: '22:00' },
      isVipDay: true,
      vip: null,
      closure: null,
    };
    expect(dateAccessProblem({ ...vipDay, keepsVipDay: true })).toBeNull();
    expect(dateAccessProblem(vipDay)).toBe(msg.vipOnlyDate);
    expect(dateAccessProblem({ ...vipDay, keepsVipDay: true, closure: { reason: 'Semester' } })).toBe(
      msg.dayClosedFor('Semester'),
    );
    expect(dateAccessProblem({ ...vipDay, keepsVipDay: true, hours: { ...vipDay.hours, isOpen: false } })).toBe(
      msg.dayClosed,
    );
  });
});

describe('a booking moved to another date, step 1 on the new date (rule: reschedule)', () => {
  it('places a pending copy with a new number, naming the booking it came from, under a key made from the old number and the target', () => {
    kioskDay()
      .when(placeMoved())
      .thenMatches([
        {
          type: 'BookingPlaced',
          data: {
            booking_id: '20261126-1',
            booking_date: LATER,
            booking_time: '18:00',
            name: 'Sven Svensson',
            email: EMAIL,
            items: bookingData.items,
            total_pizzas: 2,
            final_total_cents: bookingData.final_total_cents,
            moved_from: '20261124-1',
            idempotency_key: moveKey('20261124-1', LATER, '18:00'),
          },
        },
      ]);
  });

  it('keeps the bonus code, its use (the same reference) and the prices the customer was quoted', () => {
    const withCode: BookingPlacedData = {
      ...bookingData,
      bonus_code: 'SOMMAR',
      bonus_ref: 'ref-1',
      discount_percentage: 10,
      original_total_cents: 19800,
      discount_cents: 1980,
      final_total_cents: 17820,
    };
    kioskDay()
      .when(placeMoved({ from: withCode }))
      .thenMatches([
        {
          type: 'BookingPlaced',
          data: {
            bonus_code: 'SOMMAR',
            bonus_ref: 'ref-1',
            discount_percentage: 10,
            original_total_cents: 19800,
            discount_cents: 1980,
            final_total_cents: 17820,
          },
        },
      ]);
  });

  it('places nothing the second time: a retry or a recovery finds the copy placed (rule: idempotent-booking)', () => {
    const first = kioskDay().when(placeMoved()).thenState();
    expect(first.bookings.size).toBe(1);
    const copy = kioskDayDecider.decide(placeMoved(), kioskDay().state());
    kioskDay(...copy)
      .when(placeMoved())
      .then([]);
  });

  it('refuses a full slot, a closed date and a date beyond the horizon; then nothing has changed', () => {
    const full = placed({ date: LATER, time: '18:00', pizzas: 6, email: 'anna@example.se' });
    kioskDay(full).when(placeMoved()).thenThrows(msg.slotFull);
    const closed: KioskDayEvent = {
      type: 'DayScheduleSet',
      data: { date: LATER, isOpen: false, openTime: '11:00', closeTime: '22:00' },
    };
    kioskDay(closed).when(placeMoved()).thenThrows(msg.dayClosed);
    kioskDay()
      .when(placeMoved({ date: day(30) }))
      .thenThrows(msg.dateTooFarAhead);
  });

  it('refuses a date inside a closure, naming its reason (rule: closures)', () => {
    const holiday = { id: 1, from: LATER, to: LATER, reason: 'Semester', recurring: false };
    kioskDay()
      .when(placeMoved({ closures: [holiday] }))
      .thenThrows(msg.dayClosedFor('Semester'));
    const wholeDay = { id: 2, from: TOMORROW, to: TOMORROW, reason: 'Inventering', recurring: false };
    kioskDay(booking)
      .when(reschedule({ closures: [wholeDay] }))
      .thenThrows(msg.dayClosedFor('Inventering'));
  });

  it('refuses a VIP-only date: a move carries no VIP token (rule: vip-dates)', () => {
    const vipDay: KioskDayEvent = {
      type: 'DayMarkedVip',
      data: { date: LATER, description: null, created_by: 'admin@example.se' },
    };
    kioskDay(vipDay).when(placeMoved()).thenThrows(msg.vipOnlyDate);
  });

  it('uses a key no client can send as its Idempotency-Key, so no booking request can take it first', () => {
    expect(idempotencyKeySchema.safeParse(moveKey('20261124-1', LATER, '18:00')).success).toBe(false);
  });
});

describe('a booking moved to another date, step 2 on the old date (rule: reschedule)', () => {
  it('records BookingMovedAway: the old capacity is freed and the booking points at the new number', () => {
    kioskDay(booking, confirmed('20261124-1'))
      .when(moveAway())
      .then([
        {
          type: 'BookingMovedAway',
          data: {
            booking_id: '20261124-1',
            to: '20261126-1',
            to_date: LATER,
            to_time: '18:00',
            moved_at: clock.now.toISOString(),
            previous_status: 'confirmed',
            booking_date: TOMORROW,
            booking_time: '12:00',
            total_pizzas: 2,
            final_total_cents: bookingData.final_total_cents,
            items: bookingData.items,
          },
        },
      ]);
    const state = kioskDay(booking).when(moveAway()).thenState();
    expect(state.pizzasByTime).toEqual({});
    expect(state.bookings.get('20261124-1')).toMatchObject({ status: 'moved', moved_to: '20261126-1' });
  });

  it('appends nothing when the booking already points at the same new booking (a retry, a recovery)', () => {
    const moved = kioskDayDecider.decide(moveAway(), kioskDay(booking).state());
    kioskDay(booking, ...moved)
      .when(moveAway())
      .then([]);
  });

  it('refuses when the booking was moved elsewhere or cancelled meanwhile (then step 1 is undone)', () => {
    const moved = kioskDayDecider.decide(moveAway(), kioskDay(booking).state());
    kioskDay(booking, ...moved)
      .when(moveAway({ to: { booking_id: '20261127-1', date: day(4), time: '12:00' } }))
      .thenThrows(msg.bookingMovedTo('20261126-1'));
    kioskDay(booking, cancelled(booking)).when(moveAway()).thenThrows(msg.bookingAlreadyCancelled);
  });

  it('checks the cut-off at the instant the customer asked, so a recovery finishes a move asked for in time', () => {
    const late = clockAt('2026-11-24T10:00:00Z');
    kioskDay(booking)
      .when(moveAway({ clock: late }))
      .thenMatches([{ type: 'BookingMovedAway', data: { moved_at: late.now.toISOString() } }]);
    kioskDay(booking)
      .when(moveAway({ requestedAt: late.now, clock: late }))
      .thenThrows(msg.tooLateToReschedule);
  });

  it('answers a wrong e-mail like a missing booking', () => {
    kioskDay(booking)
      .when(moveAway({ email: 'someone@example.se' }))
      .thenThrows(msg.bookingNotFound, 'not_found');
  });

  it('a moved booking can no longer be cancelled, confirmed, moved or sent to the kitchen under its old number', () => {
    const moved = kioskDayDecider.decide(moveAway(), kioskDay(booking).state());
    const settings = settingsWith();
    kioskDay(booking, ...moved)
      .when({ type: 'CancelBookingByCustomer', bookingId: '20261124-1', email: EMAIL, settings, clock })
      .thenThrows(msg.bookingMovedTo('20261126-1'));
    kioskDay(booking, ...moved)
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Stängt', clock })
      .thenThrows(msg.bookingMovedTo('20261126-1'));
    kioskDay(booking, ...moved)
      .when({ type: 'ConfirmBooking', bookingId: '20261124-1', clock })
      .thenThrows(msg.bookingMovedTo('20261126-1'));
    kioskDay(booking, ...moved)
      .when(reschedule())
      .thenThrows(msg.bookingMovedTo('20261126-1'));
    kioskDay(booking, ...moved)
      .when({ type: 'RecordKitchenStep', bookingId: '20261124-1', step: 'baking', clock })
      .thenThrows(msg.bookingMovedTo('20261126-1'));
  });
});

describe('undoing step 1 when step 2 was refused (rule: reschedule)', () => {
  const copy = () =>
    kioskDayDecider.decide(
      placeMoved({ from: { ...bookingData, bonus_code: 'SOMMAR', bonus_ref: 'ref-1' } }),
      kioskDay().state(),
    );

  it('cancels the copy, marked move_undone, without giving the bonus-code use back (it belongs to the booking that stayed)', () => {
    kioskDay(...copy())
      .when({ type: 'UndoMovedBooking', bookingId: '20261126-1', clock })
      .thenMatches([
        {
          type: 'BookingCancelled',
          data: {
            booking_id: '20261126-1',
            by: 'customer',
            reason: null,
            move_undone: true,
            bonus_code: null,
            bonus_ref: null,
          },
        },
      ]);
    const state = kioskDay(...copy())
      .when({ type: 'UndoMovedBooking', bookingId: '20261126-1', clock })
      .thenState();
    expect(state.pizzasByTime).toEqual({});
  });

  it('appends nothing for a copy already undone or cancelled', () => {
    const undone = kioskDayDecider.decide(
      { type: 'UndoMovedBooking', bookingId: '20261126-1', clock },
      kioskDay(...copy()).state(),
    );
    kioskDay(...copy(), ...undone)
      .when({ type: 'UndoMovedBooking', bookingId: '20261126-1', clock })
      .then([]);
  });
});
