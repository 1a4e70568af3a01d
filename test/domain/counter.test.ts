// The counter's evening (issue 29): sold out, daily stock, web-booking pause, slot delay
// (rules sold-out, daily-stock, web-pause, slot-delay in domain/README.md).
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { bookingsHoldingSoldOut } from '../../domain/kioskDay/counter.js';
import { dailyStockDecider } from '../../domain/menu/dailyStock.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { TODAY, TOMORROW, cancelled, clock, clockAt, confirmed, line, order, placed, VESUVIO } from './fixtures.js';

const AT = clock.now.toISOString();
const BY = 'staff@kiosk.se';
const day = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);
const soldOut = (until: string | null, date = TOMORROW): KioskDayEvent => ({
  type: 'PizzaSoldOut',
  data: { date, pizza_id: 1, pizza_name: 'Margherita', until, marked_by: BY, marked_at: AT },
});
const mark = (until: string | null, date = TOMORROW) => ({
  type: 'MarkPizzaSoldOut' as const,
  date,
  pizza: { id: 1, name: 'Margherita' },
  until,
  by: BY,
  clock,
});

describe('marking a pizza sold out (rule: sold-out)', () => {
  it('records who marked it, when, and until when', () => {
    day()
      .when(mark(null))
      .then([soldOut(null)]);
    day()
      .when(mark('18:00'))
      .then([soldOut('18:00')]);
  });
  it('appends nothing when marked the same way again (a retried request)', () => {
    day(soldOut('18:00')).when(mark('18:00')).then([]);
  });
  it('refuses a time that has passed today', () => {
    // The clock reads 10:00 in Stockholm.
    day().when(mark('09:45', TODAY)).thenThrows(msg.timePassed);
    day().when(mark('9 pm')).thenThrows(msg.soldOutUntilInvalid);
    day().when(mark(null, '2026-11-22')).thenThrows(msg.datePassed);
  });
  it('refuses new bookings of the pizza for the day', () => {
    day(soldOut(null)).when(order()).thenThrows(msg.pizzaSoldOut('Margherita', null));
  });
  it('refuses it only for slots before its time, when sold out until a time', () => {
    day(soldOut('18:00'))
      .when(order({ time: '17:45' }))
      .thenThrows(msg.pizzaSoldOut('Margherita', '18:00'));
    day(soldOut('18:00'))
      .when(order({ time: '18:00' }))
      .thenMatches([{ type: 'BookingPlaced', data: { booking_time: '18:00' } }]);
  });
  it('leaves other pizzas bookable', () => {
    day(soldOut(null))
      .when(order({ lines: [line(VESUVIO, 1)] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('is lifted by marking the pizza back in stock, once', () => {
    const back = { type: 'MarkPizzaBackInStock' as const, date: TOMORROW, pizzaId: 1, by: BY, clock };
    day(soldOut(null))
      .when(back)
      .then([{ type: 'PizzaBackInStock', data: { date: TOMORROW, pizza_id: 1, by: BY, at: AT } }]);
    day().when(back).then([]);
  });
});

describe('the bookings holding a sold-out pizza (rule: sold-out)', () => {
  const early = placed({ time: '12:00', seq: 1 });
  const late = placed({ time: '19:00', seq: 2 });
  const gone = placed({ time: '12:15', seq: 3 });
  const offer = { type: 'OfferSoldOutSwap' as const, date: TOMORROW, pizzaId: 1, by: BY, clock };
  it('are the pending and confirmed ones before its time, listed for staff', () => {
    const state = day(early, late, gone, cancelled(gone), confirmed('20261124-1'), soldOut('18:00')).state();
    expect(bookingsHoldingSoldOut(state, 1).map((b) => b.booking_id)).toEqual(['20261124-1']);
  });
  it('each get one swap-or-cancel offer, also when staff click again', () => {
    const offered: KioskDayEvent = {
      type: 'SoldOutSwapOffered',
      data: {
        booking_id: '20261124-1',
        booking_date: TOMORROW,
        booking_time: '12:00',
        pizza_id: 1,
        pizza_name: 'Margherita',
        by: BY,
        at: AT,
      },
    };
    day(early, late, soldOut('18:00')).when(offer).then([offered]);
    day(early, late, soldOut('18:00'), offered).when(offer).then([]);
  });
  it('cannot be offered anything for a pizza that is not sold out', () => {
    day(early).when(offer).thenThrows(msg.pizzaNotSoldOut, 'not_found');
  });
});

describe('a daily stock (rule: daily-stock)', () => {
  const stock = new Map([[1, 3]]);
  it('lets bookings take it up to the last pizza', () => {
    day(placed({ pizzas: 2 }))
      .when(order({ stock, time: '13:00' }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('refuses more than is left, across the whole day', () => {
    day(placed({ pizzas: 2 }))
      .when(order({ stock, time: '13:00', pizzas: 2 }))
      .thenThrows(msg.stockLeft('Margherita', 1));
    day(placed({ pizzas: 2 }), placed({ pizzas: 1, time: '18:00', seq: 2 }))
      .when(order({ stock, time: '13:00' }))
      .thenThrows(msg.stockLeft('Margherita', 0));
  });
  it('is given back by a cancellation', () => {
    const three = placed({ pizzas: 3 });
    day(three, cancelled(three))
      .when(order({ stock, time: '13:00', pizzas: 3 }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('limits only the pizzas that have one', () => {
    day(placed({ pizzas: 3 }))
      .when(order({ stock, time: '13:00', lines: [line(VESUVIO, 2)] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('is set per pizza on the daily-stock stream, and cleared with null', () => {
    const set = { type: 'SetDailyStock' as const, pizzaId: 1, perDay: 6, pizzaExists: true, by: BY, at: AT };
    const stockSet = { type: 'DailyStockSet' as const, data: { pizza_id: 1, per_day: 6, by: BY, at: AT } };
    given(dailyStockDecider).when(set).then([stockSet]);
    given(dailyStockDecider, [stockSet]).when(set).then([]);
    given(dailyStockDecider, [stockSet])
      .when({ ...set, perDay: null })
      .then([{ type: 'DailyStockSet', data: { pizza_id: 1, per_day: null, by: BY, at: AT } }]);
    given(dailyStockDecider)
      .when({ ...set, pizzaExists: false })
      .thenThrows(msg.pizzaNotFound, 'not_found');
  });
});

describe('pausing web bookings (rule: web-pause)', () => {
  const pause = (minutes: number | null, reason = 'Ugnen är full') => ({
    type: 'PauseWebBookings' as const,
    date: TOMORROW,
    minutes,
    reason,
    by: BY,
    clock,
  });
  const paused = (until: string | null): KioskDayEvent => ({
    type: 'WebBookingsPaused',
    data: { date: TOMORROW, until, reason: 'Ugnen är full', by: BY, at: AT },
  });
  it('pauses for 15, 30 or 60 minutes or the rest of the day, with the reason', () => {
    day()
      .when(pause(30))
      .then([paused('2026-11-23T09:30:00.000Z')]);
    day()
      .when(pause(null))
      .then([paused(null)]);
  });
  it('needs a reason and one of the lengths offered', () => {
    day().when(pause(30, '  ')).thenThrows(msg.pauseReasonRequired);
    day().when(pause(45)).thenThrows(msg.pauseMinutesInvalid);
  });
  it('refuses bookings while it lasts, with the reason and its end', () => {
    day(paused('2026-11-23T09:30:00.000Z')).when(order()).thenThrows(msg.webBookingsPaused('Ugnen är full', '10:30'));
    day(paused(null)).when(order()).thenThrows(msg.webBookingsPaused('Ugnen är full', null));
  });
  it('ends by itself at its time', () => {
    day(paused('2026-11-23T09:30:00.000Z'))
      .when(order({ clock: clockAt('2026-11-23T09:30:00Z') }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('is ended early by resuming, once', () => {
    const resume = { type: 'ResumeWebBookings' as const, date: TOMORROW, by: BY, clock };
    day(paused(null))
      .when(resume)
      .then([{ type: 'WebBookingsResumed', data: { date: TOMORROW, by: BY, at: AT } }]);
    day(paused(null), { type: 'WebBookingsResumed', data: { date: TOMORROW, by: BY, at: AT } })
      .when(resume)
      .then([]);
  });
});

describe('delaying a slot (rule: slot-delay)', () => {
  const a = placed({ time: '18:00', seq: 1 });
  const b = placed({ time: '18:00', seq: 2 });
  const gone = placed({ time: '18:00', seq: 3 });
  const other = placed({ time: '18:15', seq: 4 });
  const delay = (minutes: number) => ({
    type: 'DelaySlot' as const,
    date: TOMORROW,
    time: '18:00',
    minutes,
    by: BY,
    clock,
  });
  const delayed = (seq: number): KioskDayEvent => ({
    type: 'BookingDelayed',
    data: {
      booking_id: `20261124-${seq}`,
      booking_date: TOMORROW,
      booking_time: '18:00',
      minutes: 15,
      delayed_to: '18:15',
      by: BY,
      at: AT,
    },
  });
  const given4 = [a, b, gone, cancelled(gone), other, confirmed('20261124-2')];
  it("moves each of the slot's orders still to be served, one event each", () => {
    day(...given4)
      .when(delay(15))
      .then([delayed(1), delayed(2)]);
  });
  it('takes 10, 15 or 20 minutes', () => {
    day(...given4)
      .when(delay(5))
      .thenThrows(msg.delayMinutesInvalid);
  });
  it('appends nothing when asked again, and refuses another length before an undo', () => {
    day(...given4, delayed(1), delayed(2))
      .when(delay(15))
      .then([]);
    day(...given4, delayed(1), delayed(2))
      .when(delay(20))
      .thenThrows(msg.slotAlreadyDelayed(15));
  });
  it('refuses a slot with nothing to delay', () => {
    day(other).when(delay(15)).thenThrows(msg.nothingToDelay);
  });
  it('is undone for exactly the orders it moved', () => {
    const undo = { type: 'UndoSlotDelay' as const, date: TOMORROW, time: '18:00', by: BY, clock };
    day(...given4, delayed(1), delayed(2))
      .when(undo)
      .thenMatches([
        { type: 'BookingDelayUndone', data: { booking_id: '20261124-1', minutes: 15 } },
        { type: 'BookingDelayUndone', data: { booking_id: '20261124-2', minutes: 15 } },
      ]);
    day(...given4)
      .when(undo)
      .thenThrows(msg.slotNotDelayed, 'not_found');
  });
  it('keeps the capacity where it was booked', () => {
    const state = day(...given4, delayed(1), delayed(2)).state();
    expect(state.pizzasByTime['18:00']).toBe(2);
  });
});
