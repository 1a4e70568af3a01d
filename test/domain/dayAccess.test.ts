// The date and slot checks every way of booking a day shares (rules: bookable-dates, capacity).
import { describe, expect, it } from 'vitest';
import { dayAccess, slotRefusal } from '../../domain/kioskDay/dayAccess.js';
import { initialKioskDayState } from '../../domain/kioskDay/kioskDay.js';
import { msg } from '../../domain/messages.js';
import { clock, day, settingsWith, TODAY, TOMORROW } from './fixtures.js';

const input = { settings: settingsWith(), clock, vip: null, closures: [] };

describe('the date a booking asks for (rule: bookable-dates)', () => {
  it('given an open day, when asked about tomorrow, then its hours and no refusal; a passed date is refused', () => {
    const access = dayAccess(initialKioskDayState(), { ...input, date: TOMORROW });
    expect(access).toMatchObject({ hours: { isOpen: true, openTime: '11:00' }, now: { date: TODAY }, problem: null });
    expect(dayAccess(initialKioskDayState(), { ...input, date: day(-1) }).problem).toBe(msg.datePassed);
  });

  it('given a VIP day, when asked without a token, then it is VIP only', () => {
    const vipDay = { ...initialKioskDayState(), vip: { description: null } };
    expect(dayAccess(vipDay, { ...input, date: TOMORROW }).problem).toBe(msg.vipOnlyDate);
  });
});

describe('the slot a booking asks for (rule: capacity)', () => {
  const at = (time: string) => ({
    now: dayAccess(initialKioskDayState(), { ...input, date: TODAY }).now,
    date: TODAY,
    time,
  });

  it('refuses in this order: not a slot, started, full, too small; and takes an order that fits', () => {
    expect(slotRefusal(null, at('09:00'), 2)).toBe(msg.noSuchSlot);
    expect(slotRefusal(0, at('09:45'), 2)).toBe(msg.timePassed);
    expect(slotRefusal(0, at('12:00'), 2)).toBe(msg.slotFull);
    expect(slotRefusal(1, at('12:00'), 2)).toBe(msg.tooManyForSlot(2, 1));
    expect(slotRefusal(2, at('12:00'), 2)).toBeNull();
  });
});
