// Calendar arithmetic on the kiosk's wall clock (domain/shared/time.ts).
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  instantOf,
  isAhead,
  isValidDate,
  minutesUntil,
  mondayOf,
  normaliseDate,
  normaliseTime,
  todayIn,
  wallClock,
  weekdayOf,
} from '../../domain/shared/time.js';
import { KIOSK_TZ, clock, clockAt } from './fixtures.js';

describe('the fixed test clock', () => {
  it("is Monday 2026-11-23 10:00 on the kiosk's wall clock", () => {
    expect(todayIn(clock)).toBe('2026-11-23');
    expect(weekdayOf(todayIn(clock))).toBe('mon');
    expect(wallClock(clock.now, KIOSK_TZ)).toMatchObject({ date: '2026-11-23', minutes: 600 });
  });

  it("today is the kiosk's date, not UTC's: 23:30 UTC on the 23rd is already the 24th in Stockholm", () => {
    expect(todayIn(clockAt('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });
});

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
  });

  it('adds days across months and years, and counts days between', () => {
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-11-23', '2026-12-07')).toBe(14);
    expect(daysBetween('2026-11-23', '2026-11-22')).toBe(-1);
  });

  it('weeks start on Monday', () => {
    expect(weekdayOf('2026-11-29')).toBe('sun');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
  });

  it('normalises date keys to yyyy-MM-dd (SPEC 5) and times to HH:mm', () => {
    expect(normaliseDate('2026-11-24T00:00:00.000Z')).toBe('2026-11-24');
    expect(normaliseDate(' 2026-11-24 ')).toBe('2026-11-24');
    expect(normaliseDate('24/11/2026')).toBeNull();
    expect(normaliseTime('9:00')).toBe('09:00');
    expect(normaliseTime('12:30:00')).toBe('12:30');
    expect(normaliseTime('24:00')).toBeNull();
    expect(normaliseTime('12.30')).toBeNull();
  });
});

describe('instants of local times across DST (Europe/Stockholm)', () => {
  it('winter time is UTC+1, summer time UTC+2', () => {
    expect(instantOf('2026-11-24', '10:00', KIOSK_TZ).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(instantOf('2027-03-28', '12:00', KIOSK_TZ).toISOString()).toBe('2027-03-28T10:00:00.000Z');
    expect(instantOf('2027-03-28', '01:30', KIOSK_TZ).toISOString()).toBe('2027-03-28T00:30:00.000Z');
  });

  it('the day the clocks go forward has 23 hours: noon to noon is 23 h', () => {
    expect(minutesUntil(clockAt('2027-03-27T11:00:00Z'), '2027-03-28', '12:00')).toBe(23 * 60);
  });

  it('the day the clocks go back has 25 hours: noon to noon is 25 h', () => {
    expect(minutesUntil(clockAt('2026-10-24T10:00:00Z'), '2026-10-25', '12:00')).toBe(25 * 60);
  });
});

describe('wallClock readings within a minute', () => {
  it('ignore the seconds: two instants of one minute read the same minute and offset', () => {
    const a = wallClock(new Date('2026-11-23T09:00:05.250Z'), KIOSK_TZ);
    const b = wallClock(new Date('2026-11-23T09:00:59.999Z'), KIOSK_TZ);
    expect(a).toEqual({ date: '2026-11-23', minutes: 600, utcOffsetMs: 3_600_000 });
    expect(b).toEqual(a);
  });

  it('read each side of the DST change right, seconds or not', () => {
    expect(wallClock(new Date('2027-03-28T00:59:30.500Z'), KIOSK_TZ)).toEqual({
      date: '2027-03-28',
      minutes: 1 * 60 + 59,
      utcOffsetMs: 3_600_000,
    });
    expect(wallClock(new Date('2027-03-28T01:00:30.500Z'), KIOSK_TZ)).toEqual({
      date: '2027-03-28',
      minutes: 3 * 60,
      utcOffsetMs: 7_200_000,
    });
    expect(wallClock(new Date('2027-03-28T01:00:00.000Z'), KIOSK_TZ)).toEqual({
      date: '2027-03-28',
      minutes: 3 * 60,
      utcOffsetMs: 7_200_000,
    });
  });

  it('keep zones apart', () => {
    expect(wallClock(new Date('2026-11-23T09:00:05Z'), 'Europe/Stockholm').minutes).toBe(600);
    expect(wallClock(new Date('2026-11-23T09:00:05Z'), 'Europe/London').minutes).toBe(540);
  });
});

describe('isAhead', () => {
  const now = { date: '2026-11-23', minutes: 600 };

  it('a later date is ahead, an earlier one is not, whatever the time', () => {
    expect(isAhead(now, '2026-11-24', '00:00')).toBe(true);
    expect(isAhead(now, '2026-11-22', '23:45')).toBe(false);
  });

  it('today only a time strictly after now is ahead', () => {
    expect(isAhead(now, '2026-11-23', '10:15')).toBe(true);
    expect(isAhead(now, '2026-11-23', '10:00')).toBe(false);
    expect(isAhead(now, '2026-11-23', '09:45')).toBe(false);
  });
});
