// "Lägg till i kalendern": one booking as an iCalendar file (RFC 5545) the customer's phone or
// mail program imports. Pure: the same booking, settings and instant give the same text.
import ical, { ICalEventStatus } from 'ical-generator';
import { formatKr } from '../../domain/shared/money.js';
import { instantOf } from '../../domain/shared/time.js';
import type { BookingDoc } from '../../read-models/shapes.js';

export interface BookingIcsOptions {
  /** KIOSK_TZ: the booked date and time are the kiosk's wall clock. */
  timeZone: string;
  /** How long the event lasts: the slot the booking took. */
  slotMinutes: number;
  /** DTSTAMP: when this file was made. */
  now: Date;
}

// Each status change gets a higher SEQUENCE, so a file fetched again after a confirmation or a
// cancellation updates the event already imported (same UID) instead of being ignored as older.
const STATUS: Record<BookingDoc['status'], { status: ICalEventStatus; sequence: number }> = {
  pending: { status: ICalEventStatus.TENTATIVE, sequence: 0 },
  confirmed: { status: ICalEventStatus.CONFIRMED, sequence: 1 },
  cancelled: { status: ICalEventStatus.CANCELLED, sequence: 2 },
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
    ...booking.items.map((item) => `${item.qty} × ${item.pizza_name}`),
    '',
    `Totalt: ${formatKr(booking.final_total_cents)}`,
  ].join('\n');

  const calendar = ical({ prodId: { company: 'Pizzakiosken', product: 'Bokning', language: 'SV' }, name: 'Pizzakiosken' });
  calendar.createEvent({
    // Stable per booking, so importing the file again updates the event instead of adding one.
    id: `bokning-${booking.id}@pizzakiosken`,
    start,
    end,
    stamp: options.now,
    summary: booking.dine_in ? 'Pizzakiosken: äta på plats' : 'Pizzakiosken: hämta din beställning',
    description,
    location: 'Pizzakiosken',
    ...STATUS[booking.status],
  });
  return calendar.toString();
}
