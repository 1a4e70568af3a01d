// "Lägg till i kalendern": one booking as an iCalendar file (RFC 5545) the customer's phone or
// mail program imports. Pure: the same booking, settings and instant give the same text.
import ical, { ICalEventStatus } from 'ical-generator';
import { formatKr } from '../../domain/shared/money.js';
import { lineChoicesText } from '../../domain/kioskDay/orderLines.js';
import { instantOf } from '../../domain/shared/time.js';
import type { BookingDoc } from '../../read-models/shapes.js';

export interface BookingIcsOptions {
  /** KIOSK_TZ: the booked date and time are the kiosk's wall clock. */
  timeZone: string;
  /** How long the event lasts: the slot the booking took. */
  slotMinutes: number;
  /** DTSTAMP: when this file was made. */
  now: Date;
  /**
   * The number the booking was first placed under (its own when it was never moved to another
   * date): the UID, so a file fetched after a move updates the event imported before it.
   */
  firstId: string;
  /**
   * Changes the booking has had (its events in the log, under every number it has had): each one
   * makes SEQUENCE higher, so a file fetched again after a confirmation, a cancellation or a move
   * updates the event already imported instead of being ignored as older.
   */
  changes: number;
  /** The kiosk's own name (rule: kiosk-identity); Pizzakiosken when left out. */
  kioskName?: string;
}

const STATUS: Record<BookingDoc['status'], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

export const calendarFileName = (bookingId: string) => `pizzakiosken-${bookingId}.ics`;

export function bookingIcs(booking: BookingDoc, options: BookingIcsOptions): string {
  // Written as UTC instants (no TZID): every calendar shows them in its own zone, and no
  // VTIMEZONE block has to be generated for KIOSK_TZ's daylight-saving rules.
  const start = instantOf(booking.booking_date, booking.booking_time, options.timeZone);
  const end = new Date(start.getTime() + options.slotMinutes * 60_000);
  const description = [
    `Bokningsnummer: ${booking.id}`,
    '',
    // A line's extras and removals follow its pizza (issue 29).
    ...booking.items.map((item) => {
      const choices = lineChoicesText(item);
      return `${item.qty} × ${item.pizza_name}${choices ? ` (${choices})` : ''}`;
    }),
    '',
    `Totalt: ${formatKr(booking.final_total_cents)}`,
  ].join('\n');

  const kiosk = options.kioskName ?? 'Pizzakiosken';
  const calendar = ical({
    prodId: { company: 'Pizzakiosken', product: 'Bokning', language: 'SV' },
    name: kiosk,
  });
  calendar.createEvent({
    // Stable per booking, also across moves, so importing the file again updates the event instead of adding one.
    id: `bokning-${options.firstId}@pizzakiosken`,
    start,
    end,
    stamp: options.now,
    summary: booking.dine_in ? `${kiosk}: äta på plats` : `${kiosk}: hämta din beställning`,
    description,
    location: kiosk,
    status: STATUS[booking.status],
    // The first file (the booking as placed) is 0.
    sequence: Math.max(0, options.changes - 1),
  });
  return calendar.toString();
}
