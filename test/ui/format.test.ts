// The customer's pages name dates without dayjs (ui/lib/format.ts): as dayjs in Swedish does.
import { describe, expect, it } from 'vitest';
import dayjs from '../../ui/lib/dayjs.js';
import { formatDateLong, formatDateShort, formatMonth, nextDates } from '../../ui/lib/format.js';

describe('dates on the customer pages', () => {
  const dates = Array.from({ length: 800 }, (_, i) => dayjs('2026-01-01').add(i, 'day').format('YYYY-MM-DD'));

  it('are named as dayjs names them in Swedish, every day of two years', () => {
    for (const date of dates) {
      expect(formatDateLong(date)).toBe(dayjs(date).format('dddd D MMMM'));
      expect(formatDateShort(date)).toBe(dayjs(date).format('ddd D MMM'));
    }
    expect(formatDateLong('2025-11-24')).toBe('måndag 24 november');
  });

  it('name an accounting period (a month, yyyy-MM) as dayjs does: every month of a year', () => {
    for (let m = 1; m <= 12; m++) {
      const period = `2027-${String(m).padStart(2, '0')}`;
      expect(formatMonth(period)).toBe(dayjs(`${period}-01`).format('MMMM YYYY'));
    }
    expect(formatMonth('2026-11')).toBe('november 2026');
  });

  it('count on from a day, across months, years and the change to summer time', () => {
    for (const from of [new Date(2026, 2, 20, 23, 30), new Date(2026, 11, 25, 0, 5), new Date(2028, 1, 27, 12)]) {
      expect(nextDates(40, from)).toEqual(
        Array.from({ length: 40 }, (_, i) => dayjs(from).add(i, 'day').format('YYYY-MM-DD')),
      );
    }
  });
});
