// Which kiosk-day events change a booking (rule: booking-changes): the one list the read models,
// the staff's live view and its answer schema follow.
import { describe, expect, it } from 'vitest';
import { bookingChangeSchema } from '../../domain/answers/admin.js';
import { BOOKING_CHANGE_EVENTS, changesBookingStatus, isBookingChange } from '../../domain/kioskDay/bookingChanges.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { clockAt, placed, settingsWith, TOMORROW } from './fixtures.js';
import { given } from './givenWhenThen.js';

describe('the changes to a booking (rule: booking-changes)', () => {
  it('given a booking, when it is confirmed, baked, moved and cancelled, then each event is a change', () => {
    const clock = clockAt('2026-11-23T09:00:00Z');
    const events: KioskDayEvent[] = [placed()];
    // Each command decided on the day as the events so far left it.
    const step = (command: Parameters<typeof kioskDayDecider.decide>[0]) =>
      events.push(...kioskDayDecider.decide(command, given(kioskDayDecider, [...events]).state()));
    const id = `${TOMORROW.replaceAll('-', '')}-1`;
    step({ type: 'ConfirmBooking', bookingId: id, clock });
    step({ type: 'RecordKitchenStep', bookingId: id, step: 'baking', clock });
    const settings = settingsWith();
    step({
      type: 'RescheduleBooking',
      bookingId: id,
      email: 'sven@example.se',
      date: TOMORROW,
      time: '13:00',
      settings,
      closures: [],
      clock,
    });
    step({ type: 'CancelBookingByStaff', bookingId: id, reason: 'Stängt', clock });
    expect(events.map((e) => e.type)).toEqual([
      'BookingPlaced',
      'BookingConfirmed',
      'KitchenStepRecorded',
      'BookingRescheduled',
      'BookingCancelled',
    ]);
    for (const event of events) expect(isBookingChange(event.type)).toBe(true);
    // A kitchen step changes what the board shows, not where the booking stands.
    expect(events.filter((e) => changesBookingStatus(e.type)).map((e) => e.type)).not.toContain('KitchenStepRecorded');
  });

  it('given the waitlist and the counter, when they record events, then none is a change to a booking', () => {
    for (const type of ['WaitlistJoined', 'WaitlistOfferMade', 'DayScheduleSet', 'BookingDelayed', 'PizzaSoldOut'])
      expect(isBookingChange(type)).toBe(false);
  });

  it('the live view answers with exactly the changes the list names', () => {
    expect(bookingChangeSchema.shape.type.options).toEqual([...BOOKING_CHANGE_EVENTS]);
  });
});
