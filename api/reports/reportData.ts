// What the PDF reports show, computed once for both of them.
import type { BookingDoc } from '../../read-models/shapes.js';

export type ReportBooking = Omit<BookingDoc, '_pos'>;

export interface DailyReportInput {
  date: string;
  generatedAt: string;
  bookings: ReportBooking[];
}

export interface BookingsReportInput {
  startDate: string;
  endDate: string;
  generatedAt: string;
  bookings: ReportBooking[];
}

export interface ReportSummary {
  bookings: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  /** Pizzas of pending and confirmed bookings. */
  pizzas: number;
  /** Final totals of pending and confirmed bookings, in cents. */
  revenueCents: number;
  /** What to bake: pizza name and quantity, most first. */
  bakingList: Array<{ name: string; qty: number }>;
}

export function summarise(bookings: ReportBooking[]): ReportSummary {
  const summary: ReportSummary = { bookings: bookings.length, pending: 0, confirmed: 0, cancelled: 0, pizzas: 0, revenueCents: 0, bakingList: [] };
  const toBake = new Map<string, number>();
  for (const b of bookings) {
    summary[b.status] += 1;
    if (b.status === 'cancelled') continue;
    summary.pizzas += b.total_pizzas;
    summary.revenueCents += b.final_total_cents;
    for (const item of b.items) toBake.set(item.pizza_name, (toBake.get(item.pizza_name) ?? 0) + item.qty);
  }
  summary.bakingList = [...toBake.entries()]
    .map(([name, qty]) => ({ name, qty }))
    .sort((a, b) => b.qty - a.qty || a.name.localeCompare(b.name, 'sv'));
  return summary;
}

/** SPEC 1: whole kronor with the suffix kr. */
export const kr = (cents: number) => `${Math.round(cents / 100)} kr`;

export const STATUS_SV: Record<ReportBooking['status'], string> = {
  pending: 'Väntande',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
};
