// When a booking's bonus-code use is redeemed and given back (rules: bonus-code-uses,
// cancellation-returns-bonus-use, bonus-code-settlement): the policy the bookings service runs.
import { describe, expect, it } from 'vitest';
import {
  bookingRefFor,
  holdsKey,
  redeemsUse,
  releasesOnRefusal,
  settlesOnEarlyRefusal,
  useToRelease,
} from '../../domain/bonusCodes/usePolicy.js';
import { dateOfBookingRef } from '../../domain/bonusCodes/settlement.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { clock, order, TOMORROW } from './fixtures.js';
import { given } from './givenWhenThen.js';

const withCode = order({
  discount: { code: 'SOMMAR', percentage: 10, booking_ref: 'idem:2026-11-24:k1' },
  idempotencyKey: 'k1',
});
const placedWithCode = () => given(kioskDayDecider).when(withCode).thenState();

describe('redeeming a use (rule: bonus-code-uses)', () => {
  it('given a keyed booking, every retry redeems under one reference naming its date; without a key, the one-off one', () => {
    expect(bookingRefFor(TOMORROW, 'k1', 'x')).toBe('idem:2026-11-24:k1');
    expect(dateOfBookingRef(bookingRefFor(TOMORROW, 'k1', 'x'))).toBe(TOMORROW);
    expect(bookingRefFor(TOMORROW, null, 'one-off')).toBe('one-off');
  });

  it('given a day already holding the key’s booking, when retried with the code, then no use is redeemed', () => {
    const day = placedWithCode();
    expect(holdsKey(day, 'k1')).toBe(true);
    expect(redeemsUse('SOMMAR', holdsKey(day, 'k1'))).toBe(false);
    expect(redeemsUse('SOMMAR', holdsKey(day, 'k2'))).toBe(true);
    expect(redeemsUse(null, false)).toBe(false);
    expect(holdsKey(day, null)).toBe(false);
  });

  it('when a keyed booking is refused before its code is touched, the key’s earlier use is settled; without a key nothing is', () => {
    expect(settlesOnEarlyRefusal('k1')).toBe(true);
    expect(settlesOnEarlyRefusal(null)).toBe(false);
  });
});

describe('giving a use back when the day refuses (rule: bonus-code-uses)', () => {
  it('only the request whose redemption appended the use gives it back, and not once the day holds the key’s booking', () => {
    expect(releasesOnRefusal({ appendedUse: true, dayHoldsKey: false })).toBe(true);
    // A racing retry found the use held: it is the other request's.
    expect(releasesOnRefusal({ appendedUse: false, dayHoldsKey: false })).toBe(false);
    // A racing request placed the key's booking, perhaps as another order: that booking owns the use.
    expect(releasesOnRefusal({ appendedUse: true, dayHoldsKey: true })).toBe(false);
  });
});

describe('giving a use back on cancellation (rule: cancellation-returns-bonus-use)', () => {
  // The booking as placed with its code: the event the day decided.
  const placedEvents = (): KioskDayEvent[] => kioskDayDecider.decide(withCode, given(kioskDayDecider).state());
  const decideOnPlaced = (command: Parameters<typeof kioskDayDecider.decide>[0]) =>
    kioskDayDecider.decide(command, given(kioskDayDecider, placedEvents()).state());

  it('given a booking with a code, when staff or the customer cancel it, then its use is given back under its reference', () => {
    const use = { code: 'SOMMAR', booking_ref: 'idem:2026-11-24:k1' };
    const byStaff = decideOnPlaced({ type: 'CancelBookingByStaff', bookingId: '20261124-1', reason: 'Stängt', clock });
    expect(useToRelease(byStaff)).toEqual(use);
    const byCustomer = decideOnPlaced({
      type: 'CancelBookingByCustomer',
      bookingId: '20261124-1',
      email: 'sven@example.se',
      settings: withCode.settings,
      clock,
    });
    expect(useToRelease(byCustomer)).toEqual(use);
  });

  it('gives nothing back for a booking without a code, one without a reference, or a confirmation', () => {
    const plain = kioskDayDecider.decide(order(), given(kioskDayDecider).state());
    expect(useToRelease([plain[0]])).toBeNull();
    const noRef = {
      type: 'BookingCancelled',
      data: { booking_id: '20261124-1', bonus_code: 'SOMMAR', bonus_ref: null },
    };
    expect(useToRelease([noRef])).toBeNull();
    expect(useToRelease([{ type: 'BookingConfirmed', data: { booking_id: '20261124-1' } }])).toBeNull();
  });

  it('a move undone gives nothing back: the use belongs to the booking that stayed', () => {
    const undone = {
      type: 'BookingCancelled',
      data: { booking_id: '20261130-1', bonus_code: null, bonus_ref: null, move_undone: true },
    };
    expect(useToRelease([undone])).toBeNull();
  });
});
