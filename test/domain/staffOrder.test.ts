// Staff order entry (rule: staff-orders in domain/README.md): counter and phone orders decided in
// the day's stream under the same capacity rule as online bookings, confirmed at once.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { evolveKioskDay, initialKioskDayState, type KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { sourceOf } from '../../domain/kioskDay/orderSource.js';
import type { PlaceStaffOrder } from '../../domain/kioskDay/staffOrder.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { clock, line, MARGHERITA, placed, settingsWith, TODAY, TOMORROW, VESUVIO } from './fixtures.js';

const STAFF = { admin_id: 1, email: 'kock@example.se' };
const AT = clock.now.toISOString();

function staffOrder(changes: Partial<PlaceStaffOrder> = {}): PlaceStaffOrder {
  return {
    type: 'PlaceStaffOrder',
    source: 'phone',
    date: TOMORROW,
    time: '12:00',
    lines: [line(MARGHERITA, 1), line(VESUVIO, 1)],
    customer: { name: 'Lisa', email: null, phone: '070-123 45 67' },
    dine_in: false,
    comment: null,
    staff: STAFF,
    overrideCapacity: false,
    settings: settingsWith(),
    closures: [],
    clock,
    ...changes,
  };
}

describe('a phone order (rule: staff-orders)', () => {
  it('is placed with its source and staff member, and confirmed at once', () => {
    given(kioskDayDecider)
      .when(staffOrder())
      .thenMatches([
        {
          type: 'BookingPlaced',
          data: {
            booking_id: '20261124-1',
            source: 'phone',
            taken_by: STAFF,
            name: 'Lisa',
            email: '',
            phone: '070-123 45 67',
            total_pizzas: 2,
            final_total_cents: MARGHERITA.price_cents + VESUVIO.price_cents,
            placed_at: AT,
          },
        },
        { type: 'BookingConfirmed', data: { booking_id: '20261124-1', confirmed_at: AT, staff_order: true } },
      ]);
  });
  it('records no override when the slot has room', () => {
    const [placedEvent] = kioskDayDecider.decide(staffOrder(), initialKioskDayState());
    expect(placedEvent?.type === 'BookingPlaced' && placedEvent.data.capacity_override).toBeUndefined();
  });
  it('needs a phone number to call back', () => {
    given(kioskDayDecider)
      .when(staffOrder({ customer: { name: 'Lisa', email: null, phone: '  ' } }))
      .thenThrows(msg.staffOrderPhoneRequired);
    given(kioskDayDecider)
      .when(staffOrder({ customer: { name: 'Lisa', email: null, phone: '12-34' } }))
      .thenThrows(msg.staffOrderPhoneInvalid);
  });
  it('keeps an e-mail when the caller gives one', () => {
    given(kioskDayDecider)
      .when(staffOrder({ customer: { name: 'Lisa', email: ' lisa@example.se ', phone: '0701234567' } }))
      .thenMatches([{ type: 'BookingPlaced', data: { email: 'lisa@example.se' } }, { type: 'BookingConfirmed' }]);
  });
});

describe('a counter order', () => {
  it('needs no name, phone or e-mail', () => {
    given(kioskDayDecider)
      .when(staffOrder({ source: 'counter', customer: { name: null, email: null, phone: null } }))
      .thenMatches([
        { type: 'BookingPlaced', data: { source: 'counter', name: '', email: '', phone: null } },
        { type: 'BookingConfirmed' },
      ]);
  });
  it('needs at least one pizza, at most a window of them', () => {
    given(kioskDayDecider)
      .when(staffOrder({ source: 'counter', lines: [] }))
      .thenThrows(msg.atLeastOnePizza);
    given(kioskDayDecider)
      .when(staffOrder({ source: 'counter', lines: [line(MARGHERITA, 7)] }))
      .thenThrows(msg.pizzaCountMax(6));
  });
  it('follows the date and slot rules', () => {
    const counter = (changes: Partial<PlaceStaffOrder>) => staffOrder({ source: 'counter', ...changes });
    given(kioskDayDecider)
      .when(counter({ date: '2026-11-22' }))
      .thenThrows(msg.datePassed);
    given(kioskDayDecider)
      .when(counter({ date: TODAY, time: '09:45' }))
      .thenThrows(msg.noSuchSlot);
    given(kioskDayDecider)
      .when(counter({ date: TODAY, time: '11:00', clock: { ...clock, now: new Date('2026-11-23T10:05:00Z') } }))
      .thenThrows(msg.timePassed);
    given(kioskDayDecider, [
      { type: 'DayScheduleSet', data: { date: TOMORROW, isOpen: false, openTime: '11:00', closeTime: '22:00' } },
    ])
      .when(counter({}))
      .thenThrows(msg.dayClosed);
  });
  it('may be taken for a VIP day (the VIP rule decides who books online, not what the oven bakes)', () => {
    given(kioskDayDecider, [{ type: 'DayMarkedVip', data: { date: TOMORROW, description: null, created_by: 'x' } }])
      .when(staffOrder())
      .thenMatches([{ type: 'BookingPlaced' }, { type: 'BookingConfirmed' }]);
  });
});

describe('a staff order for a slot without room', () => {
  const full = [placed({ pizzas: 6 })];
  const almost = [placed({ pizzas: 5 })];
  it('is refused as a conflict that asks for a confirmation', () => {
    given(kioskDayDecider, full).when(staffOrder()).thenThrows(msg.staffOrderSlotFull(2, 0), 'conflict');
    given(kioskDayDecider, almost).when(staffOrder()).thenThrows(msg.staffOrderSlotFull(2, 1), 'conflict');
  });
  it('is taken after the confirmation, recorded as an override with the room that was left', () => {
    given(kioskDayDecider, almost)
      .when(staffOrder({ overrideCapacity: true }))
      .thenMatches([
        { type: 'BookingPlaced', data: { booking_id: '20261124-2', capacity_override: { remaining: 1 } } },
        { type: 'BookingConfirmed' },
      ]);
  });
  it('then holds its pizzas like any booking: the window takes no online booking', () => {
    const state = given(kioskDayDecider, almost)
      .when(staffOrder({ overrideCapacity: true }))
      .thenState();
    expect(state.pizzasByTime['12:00']).toBe(7);
    expect(state.bookings.get('20261124-2')?.status).toBe('confirmed');
  });
});

describe('a retried staff order', () => {
  it('places nothing twice under the same key', () => {
    const first = kioskDayDecider.decide(staffOrder({ idempotencyKey: 'k1' }), initialKioskDayState());
    given(kioskDayDecider, first)
      .when(staffOrder({ idempotencyKey: 'k1' }))
      .then([]);
    given(kioskDayDecider, first)
      .when(staffOrder({ idempotencyKey: 'k1', lines: [line(MARGHERITA, 3)] }))
      .thenThrows(msg.idempotencyKeyReused, 'conflict');
  });
});

describe('the source of a booking', () => {
  it('is online for an event from before staff orders', () => {
    const old = placed();
    expect(old.type === 'BookingPlaced' && sourceOf(old.data)).toBe('online');
    // And it still loads into the day's state as a pending booking.
    const state = [old].reduce<ReturnType<typeof initialKioskDayState>>(
      (s, e: KioskDayEvent) => evolveKioskDay(s, e),
      initialKioskDayState(),
    );
    expect(state.bookings.get('20261124-1')?.status).toBe('pending');
  });
});

describe('a staff order and what the kitchen has (rules: sold-out, daily-stock, web-pause)', () => {
  const soldOut: KioskDayEvent = {
    type: 'PizzaSoldOut',
    data: {
      date: TOMORROW,
      pizza_id: 1,
      pizza_name: 'Margherita',
      until: null,
      marked_by: 'kock@example.se',
      marked_at: AT,
    },
  };

  it('is refused a pizza marked sold out, like an online booking', () => {
    given(kioskDayDecider, [soldOut])
      .when(staffOrder({ overrideCapacity: true }))
      .thenThrows(msg.pizzaSoldOut('Margherita', null));
  });

  it('is refused more than the daily stock has left', () => {
    given(kioskDayDecider)
      .when(staffOrder({ stock: new Map([[1, 0]]) }))
      .thenThrows(msg.stockLeft('Margherita', 0));
  });
});
