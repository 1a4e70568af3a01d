// When an order is ready the customer hears of it once (rule: ready-notice): a mail, and a web
// push to each browser that asked for one. Which 'ready' steps are announced is decided here, from
// the booking's day stream alone, so every process (and a reactor starting over after a crash)
// decides the same.
import type { KioskDayEvent } from './kioskDay.js';

/** A day event with its place in the stream. */
export type DayEventAt = KioskDayEvent & { revision: number };

export type ReadyNoticeDecision = 'announce' | 'announced-before' | 'collected-since';

/**
 * Whether the 'ready' step at `revision` is announced: only the booking's first 'ready' is (an
 * undo of Klar followed by Klar again sends nothing new, the customer was told already), and
 * not when the order was since collected, marked as a no-show or cancelled (a notice that a
 * reactor catching up late would send about an order already settled).
 */
export function readyNotice(
  dayEvents: readonly DayEventAt[],
  bookingId: string,
  revision: number,
): ReadyNoticeDecision {
  for (const event of dayEvents) {
    if (event.revision === revision) continue;
    if (event.type === 'KitchenStepRecorded' && event.data.booking_id === bookingId) {
      if (event.revision < revision && event.data.step === 'ready') return 'announced-before';
      if (
        event.revision > revision &&
        (event.data.kitchen_status === 'picked_up' || event.data.kitchen_status === 'no_show')
      )
        return 'collected-since';
    }
    if (event.type === 'BookingCancelled' && event.data.booking_id === bookingId && event.revision > revision)
      return 'collected-since';
  }
  return 'announce';
}
