// Closures and holidays (domain/closures/closures.ts) and what they refuse on a kiosk day.
// Rule names refer to domain/README.md.
import { describe, expect, it } from 'vitest';
import {
  affectedBookings,
  closureOn,
  closureProblem,
  closuresDecider,
  closuresOf,
  covers,
  type Closure,
  type ClosureEvent,
} from '../../domain/closures/closures.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { dateAccessProblem } from '../../domain/kioskDay/schedule.js';
import { closureInputSchema } from '../../domain/payloads.js';
import { given } from './givenWhenThen.js';
import { TODAY, TOMORROW, clock, day, generalVip, order, placed, settingsWith, vipFor } from './fixtures.js';

const closures = (...events: ClosureEvent[]) => given(closuresDecider, events);
const kioskDay = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);
const ACTOR = 'admin@pizzakiosken.se';

const added = (id: number, from: string, to: string, reason: string, recurring = false): ClosureEvent => ({
  type: 'ClosureAdded',
  data: { id, from, to, reason, recurring, added_by: ACTOR },
});
const closure = (id: number, from: string, to: string, reason: string, recurring = false): Closure => ({
  id,
  from,
  to,
  reason,
  recurring,
});

const SEMESTER = closure(1, '2027-07-01', '2027-07-14', 'Semester');
const JUL = closure(2, '2026-12-20', '2027-01-06', 'Jul och nyår', true);
const MIDSOMMARAFTON = closure(3, '2000-06-19', '2000-06-19', 'Midsommarafton', true);

describe('AddClosure (rule: closures)', () => {
  it('adds a one-off range with its reason trimmed, its actor and the next id', () => {
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: '2027-07-01', to: '2027-07-14', reason: '  Semester ', recurring: false },
        actor: ACTOR,
      })
      .then([added(1, '2027-07-01', '2027-07-14', 'Semester')]);
  });

  it('hands out ids in order and never reuses one, also after a removal', () => {
    closures(added(1, TODAY, TODAY, 'Stängt'), added(2, TOMORROW, TOMORROW, 'Stängt'), {
      type: 'ClosureRemoved',
      data: { id: 2 },
    })
      .when({
        type: 'AddClosure',
        closure: { from: day(3), to: day(3), reason: 'Inventering', recurring: false },
        actor: ACTOR,
      })
      .thenMatches([{ type: 'ClosureAdded', data: { id: 3 } }]);
  });

  it('adds a one-day range (from = to)', () => {
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: TOMORROW, to: TOMORROW, reason: 'Inventering', recurring: false },
        actor: ACTOR,
      })
      .thenMatches([{ type: 'ClosureAdded' }]);
  });

  it("refuses a one-off range ending before it starts: 'Slutdatumet får inte vara före startdatumet'", () => {
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: '2027-07-14', to: '2027-07-01', reason: 'Semester', recurring: false },
        actor: ACTOR,
      })
      .thenThrows('Slutdatumet får inte vara före startdatumet', 'rejected');
  });

  it('adds a recurring range that wraps the year end (20 dec – 6 jan)', () => {
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: '2026-12-20', to: '2027-01-06', reason: 'Jul och nyår', recurring: true },
        actor: ACTOR,
      })
      .then([added(1, '2026-12-20', '2027-01-06', 'Jul och nyår', true)]);
    // Only month and day count: the years may even be the other way round.
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: '2027-12-20', to: '2026-01-06', reason: 'Jul', recurring: true },
        actor: ACTOR,
      })
      .thenMatches([{ type: 'ClosureAdded' }]);
  });

  it("refuses a blank reason: 'Ange en anledning till stängningen'", () => {
    closures()
      .when({ type: 'AddClosure', closure: { from: TODAY, to: TODAY, reason: '   ', recurring: false }, actor: ACTOR })
      .thenThrows('Ange en anledning till stängningen');
  });

  it('refuses a reason over 100 characters and a date that is not one', () => {
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: TODAY, to: TODAY, reason: 'x'.repeat(101), recurring: false },
        actor: ACTOR,
      })
      .thenThrows('Anledningen får vara högst 100 tecken');
    closures()
      .when({
        type: 'AddClosure',
        closure: { from: '2027-02-30', to: '2027-03-01', reason: 'Semester', recurring: false },
        actor: ACTOR,
      })
      .thenThrows('Ogiltigt datum');
  });
});

describe('RemoveClosure (rule: closures)', () => {
  it('removes a closure', () => {
    closures(added(1, TODAY, TODAY, 'Stängt'))
      .when({ type: 'RemoveClosure', id: 1 })
      .then([{ type: 'ClosureRemoved', data: { id: 1 } }]);
  });

  it("an unknown or removed closure is not found: 'Stängningen finns inte'", () => {
    closures().when({ type: 'RemoveClosure', id: 1 }).thenThrows('Stängningen finns inte', 'not_found');
    closures(added(1, TODAY, TODAY, 'Stängt'), { type: 'ClosureRemoved', data: { id: 1 } })
      .when({ type: 'RemoveClosure', id: 1 })
      .thenThrows('Stängningen finns inte', 'not_found');
  });

  it('the state keeps the closures in effect in the order they were added', () => {
    const state = closures(
      added(1, TODAY, TODAY, 'A'),
      added(2, TOMORROW, TOMORROW, 'B'),
      added(3, day(2), day(2), 'C'),
    )
      .when({ type: 'RemoveClosure', id: 2 })
      .thenState();
    expect(closuresOf(state).map((c) => c.reason)).toEqual(['A', 'C']);
  });
});

describe('closureOn (rule: closures)', () => {
  it('a one-off range covers its first and last date and every date between, in its year only', () => {
    expect(closureOn('2027-07-01', [SEMESTER])).toBe(SEMESTER);
    expect(closureOn('2027-07-08', [SEMESTER])).toBe(SEMESTER);
    expect(closureOn('2027-07-14', [SEMESTER])).toBe(SEMESTER);
    expect(closureOn('2027-06-30', [SEMESTER])).toBeNull();
    expect(closureOn('2027-07-15', [SEMESTER])).toBeNull();
    expect(closureOn('2028-07-08', [SEMESTER])).toBeNull();
  });

  it('a recurring range covers the same month-days every year', () => {
    expect(closureOn('2000-06-19', [MIDSOMMARAFTON])).toBe(MIDSOMMARAFTON);
    expect(closureOn('2031-06-19', [MIDSOMMARAFTON])).toBe(MIDSOMMARAFTON);
    expect(closureOn('2031-06-20', [MIDSOMMARAFTON])).toBeNull();
  });

  it('a recurring range wrapping the year end covers both ends and nothing in between', () => {
    for (const date of ['2026-12-20', '2026-12-24', '2026-12-31', '2027-01-01', '2027-01-06', '2035-12-24'])
      expect(closureOn(date, [JUL]), date).toBe(JUL);
    for (const date of ['2026-12-19', '2027-01-07', '2027-06-15']) expect(closureOn(date, [JUL]), date).toBeNull();
  });

  it('with several covering a date, the first added answers; with none, null', () => {
    const later = closure(9, '2027-07-10', '2027-07-20', 'Renovering');
    expect(closureOn('2027-07-12', [SEMESTER, later])).toBe(SEMESTER);
    expect(closureOn('2027-07-16', [SEMESTER, later])).toBe(later);
    expect(closureOn('2027-07-12', [])).toBeNull();
  });

  it('covers compares month-days of a recurring range that does not wrap', () => {
    expect(covers({ from: '2020-02-28', to: '2020-03-01', reason: 'x', recurring: true }, '2028-02-29')).toBe(true);
    expect(covers({ from: '2020-02-28', to: '2020-03-01', reason: 'x', recurring: true }, '2027-03-02')).toBe(false);
  });
});

describe('the payload schema (rule: closures)', () => {
  it('stands each refusal under its field, trims the reason, and defaults recurring to false', () => {
    expect(closureInputSchema.parse({ from: '2027-07-01', to: '2027-07-14', reason: ' Semester ' })).toEqual({
      from: '2027-07-01',
      to: '2027-07-14',
      reason: 'Semester',
      recurring: false,
    });
    const backwards = closureInputSchema.safeParse({
      from: '2027-07-14',
      to: '2027-07-01',
      reason: 'Semester',
      recurring: false,
    });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'Slutdatumet får inte vara före startdatumet'],
    ]);
    const blank = closureInputSchema.safeParse({ from: '2027-07-01', to: '2027-07-14', reason: ' ', recurring: false });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reason', 'Ange en anledning till stängningen'],
    ]);
    expect(
      closureInputSchema.safeParse({ from: '2027-12-20', to: '2027-01-06', reason: 'Jul', recurring: true }).success,
    ).toBe(true);
  });

  it('closureProblem is the same rule the decider applies', () => {
    expect(closureProblem({ from: '2027-07-01', to: '2027-07-01', reason: 'x', recurring: false })).toBeNull();
    expect(closureProblem({ from: '2027-07-02', to: '2027-07-01', reason: 'x', recurring: false })).toEqual({
      code: 'ends_before_start',
      field: 'to',
      message: 'Slutdatumet får inte vara före startdatumet',
    });
  });
});

describe('a closed date refuses bookings (rules: closures, bookable-dates)', () => {
  const semesterTomorrow = closure(1, TOMORROW, day(3), 'Semester');

  it("refuses a booking on a closed date naming the reason: 'Kiosken har stängt detta datum: Semester'", () => {
    kioskDay()
      .when(order({ closures: [semesterTomorrow] }))
      .thenThrows('Kiosken har stängt detta datum: Semester', 'rejected');
  });

  it('a recurring holiday refuses the date every year', () => {
    const newYear = closure(2, '2000-11-24', '2000-11-24', 'Kioskens födelsedag', true);
    kioskDay()
      .when(order({ closures: [newYear] }))
      .thenThrows('Kiosken har stängt detta datum: Kioskens födelsedag');
  });

  it('books the day before and the day after the closure', () => {
    const dayAfterTomorrow = closure(1, day(2), day(2), 'Inventering');
    kioskDay()
      .when(order({ closures: [dayAfterTomorrow] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
    kioskDay()
      .when(order({ date: day(3), closures: [dayAfterTomorrow] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });

  it('no VIP token opens a closed date, not even one made for that date', () => {
    const vipDay = { type: 'DayMarkedVip', data: { date: TOMORROW, description: null, created_by: ACTOR } } as const;
    kioskDay(vipDay)
      .when(order({ closures: [semesterTomorrow], vip: vipFor(TOMORROW) }))
      .thenThrows('Kiosken har stängt detta datum: Semester');
    kioskDay()
      .when(order({ closures: [semesterTomorrow], vip: generalVip }))
      .thenThrows('Kiosken har stängt detta datum: Semester');
  });

  it('is checked after the order itself and after a passed date, before the day being closed and the horizon', () => {
    kioskDay()
      .when(order({ closures: [semesterTomorrow], requestedPizzas: 2 }))
      .thenThrows('Välj 1 fler pizza för att matcha din beställning');
    const base = {
      today: TODAY,
      settings: settingsWith(),
      hours: { isOpen: false, openTime: '11:00', closeTime: '22:00' },
      isVipDay: true,
      vip: null,
      closure: { reason: 'Semester' },
    };
    expect(dateAccessProblem({ ...base, date: day(-1) })).toBe('Datumet har redan passerat');
    expect(dateAccessProblem({ ...base, date: day(40) })).toBe('Kiosken har stängt detta datum: Semester');
    expect(dateAccessProblem({ ...base, date: TOMORROW, closure: null })).toBe('Kiosken har stängt detta datum');
  });

  it('a retry of a booking placed before the closure is answered as placed, appending nothing (rule: idempotent-booking)', () => {
    const first = placed();
    if (first.type === 'BookingPlaced') first.data.idempotency_key = 'key-1';
    kioskDay(first)
      .when(order({ closures: [semesterTomorrow], idempotencyKey: 'key-1' }))
      .then([]);
  });

  it('keeps the bookings already on the date; staff cancel them with the message as reason (rule: closure-bookings)', () => {
    kioskDay(placed())
      .when({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: ' Stängt för semester ', clock })
      .thenMatches([
        { type: 'BookingCancelled', data: { booking_id: '20261124-1', by: 'staff', reason: 'Stängt för semester' } },
      ]);
  });
});

describe('a VIP date inside a closure is refused (rules: closures, vip-dates)', () => {
  it('refuses marking a closed date as VIP, naming the reason', () => {
    kioskDay()
      .when({
        type: 'MarkDayVip',
        date: TOMORROW,
        description: null,
        actor: ACTOR,
        settings: settingsWith(),
        closures: [closure(1, TOMORROW, TOMORROW, 'Semester')],
      })
      .thenThrows('Kiosken har stängt detta datum (Semester): det kan inte markeras som VIP', 'rejected');
  });

  it('marks the dates around it', () => {
    kioskDay()
      .when({
        type: 'MarkDayVip',
        date: TOMORROW,
        description: null,
        actor: ACTOR,
        settings: settingsWith(),
        closures: [closure(1, day(2), day(5), 'Semester')],
      })
      .thenMatches([{ type: 'DayMarkedVip' }]);
  });
});

describe('affectedBookings (rule: closure-bookings)', () => {
  const booking = (
    id: string,
    booking_date: string,
    booking_time: string,
    status: 'pending' | 'confirmed' | 'cancelled' = 'pending',
  ) => ({ id, booking_date, booking_time, status });

  it('lists pending and confirmed bookings from today on, on covered dates, in date and time order', () => {
    const range = { from: day(-2), to: day(3), reason: 'Semester', recurring: false };
    const all = [
      booking('b', day(2), '12:00', 'confirmed'),
      booking('a', day(2), '11:00'),
      booking('c', TODAY, '18:00'),
      booking('past', day(-1), '12:00'),
      booking('gone', day(1), '12:00', 'cancelled'),
      booking('after', day(4), '12:00'),
    ];
    expect(affectedBookings(range, all, TODAY).map((b) => b.id)).toEqual(['c', 'a', 'b']);
  });

  it('a recurring closure affects its dates in every coming year', () => {
    const jul = { from: '2000-12-24', to: '2000-12-26', reason: 'Jul', recurring: true };
    const all = [
      booking('x', '2026-12-24', '12:00'),
      booking('y', '2027-12-25', '12:00'),
      booking('z', '2026-12-27', '12:00'),
    ];
    expect(affectedBookings(jul, all, TODAY).map((b) => b.id)).toEqual(['x', 'y']);
  });
});
