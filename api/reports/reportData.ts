// What the PDF reports show, computed as plain data so the figures can be tested without a PDF.
//
// A cancelled booking still appears in the reports' tables (staff want to see it), but it counts
// towards nothing that is baked or earned: pizzas, revenue and the per-pizza quantities skip it.

import { ORDER_SOURCES, sourceOf, type OrderSource } from '../../domain/kioskDay/orderSource.js';
import type { BookingLine, BookingOrder, BookingStatus } from '../../domain/kioskDay/kioskDay.js';
import type { BookingPayment } from '../../domain/kioskDay/swishPayment.js';

export type ReportBookingStatus = BookingStatus;

/** A line as a report prints it: the pizza, how many, its price and choices. */
export type ReportLine = Pick<BookingLine, 'pizza_name' | 'qty' | 'price_cents'> & ShownChoices;

/** A booking as the reports show it: the domain's order (BookingOrder), its number and status. */
export type ReportBooking = Pick<
  BookingOrder,
  | 'booking_date'
  | 'booking_time'
  | 'name'
  | 'email'
  | 'phone'
  | 'dine_in'
  | 'total_pizzas'
  | 'original_total_cents'
  | 'discount_cents'
  | 'final_total_cents'
  | 'bonus_code'
  | 'comment'
> & {
  id: string;
  status: ReportBookingStatus;
  items: ReportLine[];
  /** rule: staff-orders. Absent reads as online (sourceOf). */
  source?: OrderSource;
  /** rule: swish-payment. Its Swish payment, on a booking asked to pay in advance. */
  payment?: Pick<BookingPayment, 'status'>;
};

export interface DailyReportInput {
  date: string;
  /** ISO instant */
  generatedAt: string;
  bookings: ReportBooking[];
  /** IANA zone the "generated at" footer is written in; Europe/Stockholm when absent. */
  timeZone?: string;
  /** Whose report it is (rule: seller-details); the kiosk's name alone when absent or blank. */
  seller?: Seller;
}

export interface BookingsReportInput {
  startDate: string;
  endDate: string;
  /** ISO instant */
  generatedAt: string;
  bookings: ReportBooking[];
  /** IANA zone the "generated at" footer is written in; Europe/Stockholm when absent. */
  timeZone?: string;
  /** Whose report it is (rule: seller-details); the kiosk's name alone when absent or blank. */
  seller?: Seller;
}

export interface StatusCounts {
  total: number;
  pending: number;
  confirmed: number;
  cancelled: number;
}

export interface PizzaQuantity {
  pizza_name: string;
  qty: number;
}

export interface ReportSummary extends StatusCounts {
  /** Pizzas of pending and confirmed bookings. */
  pizzas: number;
  /** Final (after discount) totals of pending and confirmed bookings, in cents. */
  revenueCents: number;
  /** rule: staff-orders. Pending and confirmed bookings per source. */
  bySource: Record<OrderSource, number>;
  /** What to bake: pending and confirmed bookings' quantities per pizza, most first. */
  pizzaQuantities: PizzaQuantity[];
}

export const isCounted = (b: ReportBooking) => b.status !== 'cancelled';

export function countByStatus(bookings: readonly ReportBooking[]): StatusCounts {
  const counts: StatusCounts = { total: bookings.length, pending: 0, confirmed: 0, cancelled: 0 };
  for (const b of bookings) counts[b.status] += 1;
  return counts;
}

// Summed from the item lines rather than total_pizzas so that "pizzor totalt" always equals the
// sum of the baking list printed right below it.
export function totalPizzas(bookings: readonly ReportBooking[]): number {
  let pizzas = 0;
  for (const b of bookings) if (isCounted(b)) for (const item of b.items) pizzas += item.qty;
  return pizzas;
}

export function revenueCents(bookings: readonly ReportBooking[]): number {
  let cents = 0;
  for (const b of bookings) if (isCounted(b)) cents += b.final_total_cents;
  return cents;
}

export function pizzaQuantities(bookings: readonly ReportBooking[]): PizzaQuantity[] {
  const byName = new Map<string, number>();
  for (const b of bookings) {
    if (!isCounted(b)) continue;
    for (const item of b.items) byName.set(item.pizza_name, (byName.get(item.pizza_name) ?? 0) + item.qty);
  }
  return (
    [...byName]
      .map(([pizza_name, qty]) => ({ pizza_name, qty }))
      .filter((p) => p.qty > 0)
      // Ties by name so the same bookings always print the same list.
      .sort((a, b) => b.qty - a.qty || a.pizza_name.localeCompare(b.pizza_name, 'sv'))
  );
}

export function summarise(bookings: readonly ReportBooking[]): ReportSummary {
  return {
    ...countByStatus(bookings),
    pizzas: totalPizzas(bookings),
    revenueCents: revenueCents(bookings),
    pizzaQuantities: pizzaQuantities(bookings),
    bySource: countBySource(bookings),
  };
}

/** rule: staff-orders. A source as the reports and the accountant's CSV name it. */
export const SOURCE_SV: Record<OrderSource, string> = { online: 'Online', counter: 'Disken', phone: 'Telefon' };

/** rule: staff-orders. Pending and confirmed bookings per source (online, counter, phone). */
export function countBySource(bookings: readonly ReportBooking[]): Record<OrderSource, number> {
  const counts = Object.fromEntries(ORDER_SOURCES.map((s) => [s, 0])) as Record<OrderSource, number>;
  for (const b of bookings) if (isCounted(b)) counts[sourceOf(b)] += 1;
  return counts;
}

/** Bookings in time order; the input order breaks ties so equal times keep their booking order. */
export function sortByTime(bookings: readonly ReportBooking[]): ReportBooking[] {
  return [...bookings].sort((a, b) => a.booking_time.localeCompare(b.booking_time));
}

/** Bookings per date, dates ascending, each day in time order. */
export function groupByDate(bookings: readonly ReportBooking[]): Array<{ date: string; bookings: ReportBooking[] }> {
  const byDate = new Map<string, ReportBooking[]>();
  for (const b of bookings) {
    const day = byDate.get(b.booking_date);
    if (day) day.push(b);
    else byDate.set(b.booking_date, [b]);
  }
  return [...byDate.keys()].sort().map((date) => ({ date, bookings: sortByTime(byDate.get(date)!) }));
}

import { formatKr } from '../../domain/shared/money.js';
import { lineChoicesText, type ShownChoices } from '../../domain/kioskDay/orderLines.js';
import type { Seller } from '../../domain/settings/seller.js';

/** Kronor with the suffix ' kr', to the öre where the amount has öre (formatKr). */
export const kr = formatKr;

/** '2× Margherita, 1× Vesuvio (+ Extra ost 15 kr)': the PDF sets the choices in bold (pdfParts.tsx). */
export const pizzaLine = (b: ReportBooking) =>
  b.items
    .map((i) => {
      const choices = lineChoicesText(i);
      return `${i.qty}× ${i.pizza_name}${choices ? ` (${choices})` : ''}`;
    })
    .join(', ');

export const STATUS_SV: Record<ReportBookingStatus, string> = {
  pending: 'Väntande',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
};

export const dineInSv = (dineIn: boolean) => (dineIn ? 'Äta här' : 'Ta med');
