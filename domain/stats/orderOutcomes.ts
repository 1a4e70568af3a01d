// No-shows and order sources in the statistics (rules: no-shows, staff-orders). Pure: the read
// models hand over the bookings of a period, these rules say what counts.
import { ORDER_SOURCES, sourceOf, type OrderSource } from '../kioskDay/orderSource.js';

export interface OrderOutcome {
  booking_date: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  kitchen_status?: string | null;
  source?: OrderSource | null;
}

/** Percent with one decimal (as the statistics' shares: SPEC 2). */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * rule: no-shows. Of the confirmed bookings dated up to today (the ones the customer could have
 * come for), how many were marked Uteblev on the kitchen board, and their share in percent. A
 * cancelled booking never counts (it was called off, not missed); later dates are still to come.
 */
export function noShowFigures(bookings: readonly OrderOutcome[], today: string) {
  const due = bookings.filter((b) => b.status === 'confirmed' && b.booking_date <= today);
  const no_shows = due.filter((b) => b.kitchen_status === 'no_show').length;
  return { no_shows, no_show_rate: percent(no_shows, due.length) };
}

/**
 * rule: staff-orders. Pending and confirmed bookings per source, with each source's share of them
 * in percent; every source is listed, also with none.
 */
export function sourceShares(bookings: readonly OrderOutcome[]) {
  const active = bookings.filter((b) => b.status !== 'cancelled');
  return ORDER_SOURCES.map((source) => {
    const count = active.filter((b) => sourceOf(b) === source).length;
    return { source, bookings: count, share: percent(count, active.length) };
  });
}
