// How opening hours, slots, windows, capacity, horizons and the cancel deadline follow from the
// settings and the calendar (domain/kioskDay/schedule.ts). Rule names refer to domain/README.md.
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_CANCEL_MIN_MINUTES,
  customerCancelDeadlineMinutes,
  dateAccessProblem,
  dayHours,
  lastBookableDate,
  slotCapacities,
  slotCapacity,
  slotTimes,
  weekdaySyncReport,
  windowOf,
  type CalendarEntry,
} from '../../domain/kioskDay/schedule.js';
import { TODAY, day, generalVip, settingsWith, vipFor } from './fixtures.js';

const open = (openTime: string, closeTime: string): CalendarEntry => ({ isOpen: true, openTime, closeTime });

describe('dayHours (rule: open-days)', () => {
  const settings = (() => {
    const s = settingsWith();
    return {
      ...s,
      open_days: { ...s.open_days, sun: false },
      opening_hours: { ...s.opening_hours, sat: { start: '12:00', end: '18:00' } },
    };
  })();

  it('a date without a calendar entry follows its weekday in the settings', () => {
    expect(dayHours('2026-11-28', settings, null)).toEqual({
      isOpen: true,
      openTime: '12:00',
      closeTime: '18:00',
      hasOwnEntry: false,
    }); // Saturday
    expect(dayHours('2026-11-29', settings, null)).toEqual({
      isOpen: false,
      openTime: '11:00',
      closeTime: '22:00',
      hasOwnEntry: false,
    }); // Sunday
    expect(dayHours('2026-11-24', settings, null)).toEqual({
      isOpen: true,
      openTime: '11:00',
      closeTime: '22:00',
      hasOwnEntry: false,
    }); // Tuesday
  });

  it('a calendar entry overrides the weekday, open or closed', () => {
    expect(dayHours('2026-11-29', settings, open('16:00', '21:00'))).toEqual({
      isOpen: true,
      openTime: '16:00',
      closeTime: '21:00',
      hasOwnEntry: true,
    });
    expect(dayHours('2026-11-28', settings, { isOpen: false, openTime: '12:00', closeTime: '18:00' })).toMatchObject({
      isOpen: false,
      hasOwnEntry: true,
    });
  });
});

describe('slotTimes (rule: slots)', () => {
  it('default settings: every 15 minutes from 11:00, the last one 21:45 ending at 22:00', () => {
    const times = slotTimes(open('11:00', '22:00'), settingsWith());
    expect(times).toHaveLength(44);
    expect(times.slice(0, 3)).toEqual(['11:00', '11:15', '11:30']);
    expect(times.at(-1)).toBe('21:45');
  });

  it('drops a last slot that would end after closing', () => {
    expect(slotTimes(open('11:00', '11:50'), settingsWith({ slot_length_minutes: 20 }))).toEqual(['11:00', '11:20']);
    expect(slotTimes(open('11:00', '12:00'), settingsWith({ slot_length_minutes: 20 }))).toEqual([
      '11:00',
      '11:20',
      '11:40',
    ]);
  });

  it('a day shorter than one slot has none, and a closed day has none', () => {
    expect(slotTimes(open('11:00', '11:10'), settingsWith())).toEqual([]);
    expect(slotTimes({ isOpen: false, openTime: '11:00', closeTime: '22:00' }, settingsWith())).toEqual([]);
  });
});

describe('windowOf (rule: capacity)', () => {
  const settings = settingsWith({ window_minutes: 30 });

  it('lays windows of window_minutes from opening time', () => {
    expect(windowOf('11:00', '11:00', settings)).toBe(11 * 60);
    expect(windowOf('11:15', '11:00', settings)).toBe(11 * 60);
    expect(windowOf('11:30', '11:00', settings)).toBe(11 * 60 + 30);
    expect(windowOf('11:30', '11:15', settings)).toBe(11 * 60 + 15);
    expect(windowOf('11:45', '11:15', settings)).toBe(11 * 60 + 45);
  });

  it('puts a time before opening (hours moved after booking) in the first window', () => {
    expect(windowOf('10:00', '11:00', settings)).toBe(11 * 60);
  });
});

describe('slotCapacities (rule: capacity)', () => {
  it('an empty day has capacity_per_window in every slot', () => {
    const slots = slotCapacities(open('11:00', '12:00'), settingsWith(), {});
    expect(slots).toEqual([
      { time: '11:00', capacity_remaining: 6 },
      { time: '11:15', capacity_remaining: 6 },
      { time: '11:30', capacity_remaining: 6 },
      { time: '11:45', capacity_remaining: 6 },
    ]);
  });

  it('subtracts the pizzas of every booked time in the same window, never below 0', () => {
    const settings = settingsWith({ window_minutes: 30 });
    expect(slotCapacities(open('11:00', '12:00'), settings, { '11:00': 2, '11:15': 3, '11:30': 6 })).toEqual([
      { time: '11:00', capacity_remaining: 1 },
      { time: '11:15', capacity_remaining: 1 },
      { time: '11:30', capacity_remaining: 0 },
      { time: '11:45', capacity_remaining: 0 },
    ]);
    expect(slotCapacities(open('11:00', '11:30'), settings, { '11:00': 9 })).toEqual([
      { time: '11:00', capacity_remaining: 0 },
      { time: '11:15', capacity_remaining: 0 },
    ]);
  });

  it('slots longer than windows: each slot counts only its own window', () => {
    const settings = settingsWith({ slot_length_minutes: 30, window_minutes: 15 });
    expect(slotCapacities(open('11:00', '12:00'), settings, { '11:00': 4 })).toEqual([
      { time: '11:00', capacity_remaining: 2 },
      { time: '11:30', capacity_remaining: 6 },
    ]);
  });
});

describe('slotCapacity: one slot, as a booking decision asks (rule: capacity)', () => {
  it('agrees with slotCapacities for every slot, whatever the slot and window lengths', () => {
    const booked = { '11:00': 2, '11:20': 1, '11:45': 3, '12:30': 6, '10:30': 1 };
    for (const [slot, window] of [
      [15, 15],
      [15, 30],
      [20, 30],
      [30, 15],
      [10, 45],
    ] as const) {
      const settings = settingsWith({ slot_length_minutes: slot, window_minutes: window });
      const hours = open('11:00', '14:00');
      for (const s of slotCapacities(hours, settings, booked)) {
        expect(slotCapacity(hours, settings, booked, s.time), `${slot}/${window} ${s.time}`).toBe(s.capacity_remaining);
      }
    }
  });

  it('is null for a time that is not a slot of the day: off the grid, before opening, ending after closing, or a closed day', () => {
    const settings = settingsWith();
    expect(slotCapacity(open('11:00', '22:00'), settings, {}, '12:05')).toBeNull();
    expect(slotCapacity(open('11:00', '22:00'), settings, {}, '10:45')).toBeNull();
    expect(slotCapacity(open('11:00', '22:00'), settings, {}, '22:00')).toBeNull();
    expect(slotCapacity(open('11:00', '22:00'), settings, {}, '21:45')).toBe(6);
    expect(slotCapacity({ isOpen: false, openTime: '11:00', closeTime: '22:00' }, settings, {}, '12:00')).toBeNull();
  });

  it('counts a booking made before the hours moved into the first window', () => {
    expect(slotCapacity(open('12:00', '22:00'), settingsWith(), { '11:00': 4 }, '12:00')).toBe(2);
    expect(slotCapacity(open('12:00', '22:00'), settingsWith(), { '11:00': 4 }, '12:15')).toBe(6);
  });
});

describe('lastBookableDate (rule: horizon)', () => {
  it('is today + booking_horizon_days without a token', () => {
    expect(lastBookableDate(TODAY, settingsWith(), null)).toBe(day(14));
    expect(lastBookableDate('2026-12-25', settingsWith({ booking_horizon_days: 10 }), null)).toBe('2027-01-04');
  });

  it('is today + max(vip_booking_advance_days, booking_horizon_days) with a token', () => {
    expect(lastBookableDate(TODAY, settingsWith(), generalVip)).toBe(day(30));
    expect(lastBookableDate(TODAY, settingsWith({ vip_booking_advance_days: 5 }), generalVip)).toBe(day(14));
  });

  it('stays today + booking_horizon_days with a token tied to one date (that date is opened by itself)', () => {
    expect(lastBookableDate(TODAY, settingsWith(), { ...generalVip, date: day(25) })).toBe(day(14));
  });
});

describe('weekdaySyncReport: POST /admin/settings/sync-calendar (rule: open-days)', () => {
  it('counts the dates up to the furthest bookable one that follow the weekday settings, and those that keep their own entry', () => {
    // TODAY is a Monday; the VIP horizon (30 days) is the furthest anyone may book: 31 dates.
    const closedSundays = settingsWith({ open_days: { ...settingsWith().open_days, sun: false } });
    const report = weekdaySyncReport(TODAY, closedSundays, new Set([day(1), day(6)]));
    // Sundays at day 6 (own entry), 13, 20 and 27.
    expect(report).toEqual({ updated: 29, open: 26, kept: 2, until: day(30) });
  });

  it('follows every date when no date has an own entry', () => {
    expect(
      weekdaySyncReport(TODAY, settingsWith({ vip_booking_advance_days: 0, booking_horizon_days: 6 }), new Set()),
    ).toEqual({ updated: 7, open: 7, kept: 0, until: day(6) });
  });
});

describe('dateAccessProblem (rule: bookable-dates)', () => {
  const base = {
    today: TODAY,
    settings: settingsWith(),
    hours: open('11:00', '22:00'),
    isVipDay: false,
    vip: null,
    closure: null,
  };

  it('accepts today and every date up to the horizon', () => {
    expect(dateAccessProblem({ ...base, date: TODAY })).toBeNull();
    expect(dateAccessProblem({ ...base, date: day(14) })).toBeNull();
  });

  it('names the first problem in order: past, closed, VIP only, too far ahead', () => {
    expect(dateAccessProblem({ ...base, date: day(-1), hours: { ...base.hours, isOpen: false } })).toBe(
      'Datumet har redan passerat',
    );
    expect(dateAccessProblem({ ...base, date: day(20), hours: { ...base.hours, isOpen: false }, isVipDay: true })).toBe(
      'Kiosken har stängt detta datum',
    );
    expect(dateAccessProblem({ ...base, date: day(20), isVipDay: true })).toBe('Detta datum är endast för VIP-kunder');
    expect(dateAccessProblem({ ...base, date: day(15) })).toBe('Datumet ligger för långt fram för bokning');
  });

  it('a VIP day opens to a general token and to a token for that date only', () => {
    expect(dateAccessProblem({ ...base, date: day(3), isVipDay: true, vip: generalVip })).toBeNull();
    expect(dateAccessProblem({ ...base, date: day(3), isVipDay: true, vip: vipFor(day(3)) })).toBeNull();
    expect(dateAccessProblem({ ...base, date: day(3), isVipDay: true, vip: vipFor(day(4)) })).toBe(
      'Detta datum är endast för VIP-kunder',
    );
  });

  it('a token for one VIP date opens that date beyond the VIP horizon, and only that date', () => {
    expect(dateAccessProblem({ ...base, date: day(45), isVipDay: true, vip: vipFor(day(45)) })).toBeNull();
    expect(dateAccessProblem({ ...base, date: day(45), isVipDay: true, vip: generalVip })).toBe(
      'Datumet ligger för långt fram för bokning',
    );
    expect(dateAccessProblem({ ...base, date: day(45), vip: vipFor(day(45)) })).toBe(
      'Datumet ligger för långt fram för bokning',
    );
  });

  it('an ordinary day does not need a token, and a token does not open a closed day', () => {
    expect(dateAccessProblem({ ...base, date: day(3), vip: vipFor(day(9)) })).toBeNull();
    expect(dateAccessProblem({ ...base, date: day(3), hours: { ...base.hours, isOpen: false }, vip: generalVip })).toBe(
      'Kiosken har stängt detta datum',
    );
  });
});

describe('customerCancelDeadlineMinutes (rule: customer-cancellation)', () => {
  it('is max(24 h, cancellation_deadline_minutes)', () => {
    expect(CUSTOMER_CANCEL_MIN_MINUTES).toBe(1440);
    expect(customerCancelDeadlineMinutes(settingsWith())).toBe(1440);
    expect(customerCancelDeadlineMinutes(settingsWith({ cancellation_deadline_minutes: 0 }))).toBe(1440);
    expect(customerCancelDeadlineMinutes(settingsWith({ cancellation_deadline_minutes: 2880 }))).toBe(2880);
  });
});
