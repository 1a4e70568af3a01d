import { describe, expect, it } from 'vitest';
import { availabilityMessage } from '../../domain/kioskDay/dayAccess.js';
import { msg } from '../../domain/messages.js';

// What GET /api/availability says above a date's slots (read-models/queries/booking.ts).
describe('the availability message', () => {
  const slots = (...remaining: number[]) => remaining.map((capacity_remaining) => ({ capacity_remaining }));

  it('says no times are left when no slot ahead has room, also on a day with no slot ahead', () => {
    expect(availabilityMessage(slots(0, 0), 1)).toBe(msg.noSlots);
    expect(availabilityMessage([], 2)).toBe(msg.noSlots);
  });

  it('says no slot holds the whole order when some have room but none enough', () => {
    expect(availabilityMessage(slots(0, 2, 3), 4)).toBe(msg.noSlotFitsOrder);
  });

  it('says nothing when one slot takes the whole order', () => {
    expect(availabilityMessage(slots(0, 2, 4), 4)).toBeNull();
    expect(availabilityMessage(slots(1), 1)).toBeNull();
  });
});
