// The booking page's slot grid groups the day by part (ui/features/booking/lib/dayParts.ts).
import { describe, expect, it } from 'vitest';
import { dayPartOf, dayParts, initialDayPart } from '../../ui/features/booking/lib/dayParts.js';

const slot = (time: string, fits = true) => ({
  time,
  available: fits,
  can_accommodate: fits,
  capacity_remaining: fits ? 6 : 0,
});
const day = ['11:00', '11:15', '13:45', '14:00', '16:45', '17:00', '21:45'].map((t) => slot(t));

describe('parts of the day', () => {
  it('split at 14:00 and 17:00', () => {
    expect(['11:00', '13:45', '14:00', '16:45', '17:00', '21:45'].map(dayPartOf)).toEqual([
      'lunch',
      'lunch',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
  it('hold their slots in order and count those that fit the order', () => {
    const parts = dayParts([slot('11:00', false), ...day.slice(1)]);
    expect(parts.map((p) => [p.key, p.slots.map((s) => s.time), p.fitting])).toEqual([
      ['lunch', ['11:00', '11:15', '13:45'], 2],
      ['afternoon', ['14:00', '16:45'], 2],
      ['evening', ['17:00', '21:45'], 2],
    ]);
  });
  it('leave out a part without slots (a day opening at 17:00)', () => {
    expect(dayParts([slot('17:00'), slot('17:15')]).map((p) => p.key)).toEqual(['evening']);
  });
});

describe('the part shown first', () => {
  it('is the chosen time’s', () => {
    expect(initialDayPart(dayParts(day), '17:00')).toBe('evening');
  });
  it('else the first part where the order fits', () => {
    const lunchFull = dayParts([slot('11:00', false), slot('13:45', false), slot('14:00'), slot('17:00')]);
    expect(initialDayPart(lunchFull, '')).toBe('afternoon');
  });
  it('else the first part, and none without slots', () => {
    expect(initialDayPart(dayParts([slot('11:00', false), slot('18:00', false)]), '')).toBe('lunch');
    expect(initialDayPart([], '')).toBeNull();
  });
});
