// Pizzas without an allergen declaration (rule: undeclared-pizzas in domain/README.md): on the menu,
// but never in an order the customer places online (a booking, a waitlist offer's booking); staff
// sell them at the counter and on the phone, where they tell the allergens; a booking placed before
// keeps moving as it was sold.
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingLine, BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { PlaceStaffOrder } from '../../domain/kioskDay/staffOrder.js';
import { undeclaredInWebOrder } from '../../domain/kioskDay/webOrderAllergens.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { MARGHERITA, TOMORROW, clock, day, order, placed, settingsWith } from './fixtures.js';

const kioskDay = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);

/** A line as orderLines prices it from the menu: declared (the codes) or not (null). */
const declared: BookingLine = { ...MARGHERITA, qty: 1, allergens: ['gluten', 'milk'] };
const funghi: BookingLine = { pizza_id: 7, pizza_name: 'Funghi', price_cents: 10500, qty: 1, allergens: null };
const oldOne: BookingLine = { pizza_id: 8, pizza_name: 'Gammal favorit', price_cents: 9000, qty: 1, allergens: null };

const REFUSED =
  'Funghi saknar allergeninformation och kan inte beställas online. Beställ den i kiosken, där personalen berättar vilka allergener den innehåller.';

describe('the message', () => {
  it('names the pizza, says why and where it can be had', () => {
    expect(msg.pizzaUndeclaredOnline(['Funghi'])).toBe(REFUSED);
  });
  it('names each undeclared pizza once, in the order’s order', () => {
    expect(undeclaredInWebOrder([funghi, declared, oldOne, { ...funghi, qty: 2 }])).toBe(
      'Funghi och Gammal favorit saknar allergeninformation och kan inte beställas online. Beställ dem i kiosken, där personalen berättar vilka allergener de innehåller.',
    );
  });
  it('is null for declared lines, and for lines from before declarations (no field)', () => {
    expect(undeclaredInWebOrder([declared, { ...MARGHERITA, qty: 1, allergens: [] }])).toBeNull();
    expect(undeclaredInWebOrder([{ ...MARGHERITA, qty: 1 }])).toBeNull();
  });
});

describe('an online booking (PlaceBooking, POST /bookings)', () => {
  it('is refused when it holds an undeclared pizza, and nothing is appended', () => {
    kioskDay()
      .when(order({ lines: [declared, funghi] }))
      .thenThrows(REFUSED, 'rejected');
  });
  it('is placed when every pizza is declared ("Inga allergener" is a declaration)', () => {
    kioskDay()
      .when(order({ lines: [declared, { ...funghi, allergens: [] }] }))
      .thenMatches([{ type: 'BookingPlaced', data: { total_pizzas: 2 } }]);
  });
  it('a retry of a booking placed under the key before is answered as first placed (rule: idempotent-booking)', () => {
    // Placed before this rule, when an old pizza, active and undeclared, was still sold online.
    const earlier: KioskDayEvent = {
      type: 'BookingPlaced',
      data: { ...(placed().data as BookingPlacedData), items: [funghi], total_pizzas: 1, idempotency_key: 'k1' },
    };
    kioskDay(earlier)
      .when(order({ lines: [funghi], idempotencyKey: 'k1' }))
      .then([]);
  });
});

describe('a booking from a waitlist offer (BookFromWaitlist)', () => {
  const joined: KioskDayEvent = {
    type: 'WaitlistJoined',
    data: {
      waitlist_id: 'w1',
      token: 'tok-w1',
      date: TOMORROW,
      time: '12:00',
      name: 'Karin Kö',
      email: 'karin@example.se',
      requested_pizzas: 2,
      joined_at: '2026-11-23T08:30:00.000Z',
    },
  };
  const offered: KioskDayEvent = {
    type: 'WaitlistOfferMade',
    data: {
      waitlist_id: 'w1',
      date: TOMORROW,
      time: '12:00',
      pizzas: 2,
      offered_at: clock.now.toISOString(),
      hold_expires_at: '2026-11-23T09:30:00.000Z',
    },
  };
  const book = (lines: BookingLine[]) => ({
    type: 'BookFromWaitlist' as const,
    date: TOMORROW,
    token: 'tok-w1',
    lines,
    customer: { name: 'Karin Kö', email: 'karin@example.se', phone: null },
    dine_in: false,
    comment: null,
    settings: settingsWith(),
    closures: [],
    clock,
  });

  it('is refused when it holds an undeclared pizza, and the hold stays', () => {
    kioskDay(placed({ pizzas: 6 }), joined, offered)
      .when(book([declared, funghi]))
      .thenThrows(REFUSED, 'rejected');
  });
  it('is placed with declared pizzas', () => {
    kioskDay(placed({ pizzas: 4 }), joined, offered)
      .when(book([declared, { ...declared, qty: 1 }]))
      .thenMatches([{ type: 'WaitlistOfferTaken' }, { type: 'BookingPlaced' }]);
  });
});

describe('a staff order (PlaceStaffOrder: counter and phone)', () => {
  const staffOrder = (source: 'counter' | 'phone'): PlaceStaffOrder => ({
    type: 'PlaceStaffOrder',
    source,
    date: TOMORROW,
    time: '12:00',
    lines: [funghi, declared],
    customer: { name: 'Lisa', email: null, phone: '070-123 45 67' },
    dine_in: false,
    comment: null,
    staff: { admin_id: 1, email: 'kock@example.se' },
    overrideCapacity: false,
    settings: settingsWith(),
    closures: [],
    clock,
  });

  it('takes an undeclared pizza: staff tell its allergens in person (Livsmedelsverket: muntligt)', () => {
    for (const source of ['counter', 'phone'] as const)
      kioskDay()
        .when(staffOrder(source))
        .thenMatches([
          { type: 'BookingPlaced', data: { source, items: [funghi, declared] } },
          { type: 'BookingConfirmed' },
        ]);
  });
});

describe('a booking moved to another date (PlaceMovedBooking)', () => {
  it('keeps its lines as they were sold, an undeclared pizza too: a move sells nothing new', () => {
    const from = { ...(placed().data as BookingPlacedData), items: [funghi], total_pizzas: 1 };
    kioskDay()
      .when({
        type: 'PlaceMovedBooking',
        from,
        date: day(3),
        time: '18:00',
        settings: settingsWith(),
        closures: [],
        clock,
      })
      .thenMatches([{ type: 'BookingPlaced', data: { items: [funghi], moved_from: from.booking_id } }]);
  });
});
