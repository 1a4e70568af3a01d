// Statistics (SPEC 3: stats overview, top pizzas, peak times, sales) from the per-date figures.
//
// A period (week, month, year) covers booking dates from 7, 30 or 365 days back up to today and
// every later date: pre-orders are the kiosk's coming sales. Cancelled bookings count in
// total_bookings only; pizzas, revenue and charts cover pending and confirmed bookings.
import { addDays, todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type StatsDayDoc } from '../shapes.js';

export type Period = 'week' | 'month' | 'year';
const PERIOD_DAYS: Record<Period, number> = { week: 7, month: 30, year: 365 };

const kr = (cents: number) => Math.round(cents) / 100;

export function periodStart(period: Period, clock: Clock): string {
  return addDays(todayIn(clock), -(PERIOD_DAYS[period] - 1));
}

async function daysInPeriod(docs: DocumentStore, period: Period, clock: Clock) {
  return docs.find<StatsDayDoc>(
    COLLECTIONS.statsDays,
    { date: { $gte: periodStart(period, clock) } },
    { sort: [['date', 1]] },
  );
}

export async function statsOverview(docs: DocumentStore, clock: Clock) {
  const days = await docs.find<StatsDayDoc>(COLLECTIONS.statsDays);
  const sum = (f: (d: StatsDayDoc) => number) => days.reduce((s, d) => s + f(d), 0);
  const active = sum((d) => d.pending + d.confirmed);
  const revenueCents = sum((d) => d.revenue_cents);
  const today = days.find((d) => d.date === todayIn(clock));
  return {
    overview: {
      total_bookings: sum((d) => d.placed),
      confirmed_bookings: sum((d) => d.confirmed),
      pending_bookings: sum((d) => d.pending),
      cancelled_bookings: sum((d) => d.cancelled),
      total_pizzas: sum((d) => d.pizzas),
    },
    revenue: {
      total_revenue: kr(revenueCents),
      avg_order_value: active === 0 ? 0 : kr(revenueCents / active),
    },
    today: {
      bookings: today ? today.pending + today.confirmed : 0,
      pizzas: today?.pizzas ?? 0,
    },
  };
}

export async function topPizzas(docs: DocumentStore, input: { period: Period; limit: number; clock: Clock }) {
  const totals = new Map<string, { qty: number; revenue_cents: number }>();
  for (const day of await daysInPeriod(docs, input.period, input.clock)) {
    for (const [name, figures] of Object.entries(day.by_pizza)) {
      const t = totals.get(name) ?? { qty: 0, revenue_cents: 0 };
      totals.set(name, { qty: t.qty + figures.qty, revenue_cents: t.revenue_cents + figures.revenue_cents });
    }
  }
  const pizzas = [...totals.entries()]
    .map(([name, t]) => ({ name, total_ordered: t.qty, total_revenue: kr(t.revenue_cents) }))
    .sort((a, b) => b.total_ordered - a.total_ordered || a.name.localeCompare(b.name, 'sv'))
    .slice(0, input.limit);
  return { pizzas };
}

export async function peakTimes(docs: DocumentStore, input: { period: Period; clock: Clock }) {
  const counts = new Map<string, number>();
  for (const day of await daysInPeriod(docs, input.period, input.clock)) {
    for (const [hour, n] of Object.entries(day.by_hour)) counts.set(hour, (counts.get(hour) ?? 0) + n);
  }
  const peak_hours = [...counts.entries()]
    .map(([hour, bookings_count]) => ({ hour, bookings_count }))
    .sort((a, b) => a.hour.localeCompare(b.hour));
  return { peak_hours };
}

export async function sales(
  docs: DocumentStore,
  input: { period: Period; groupBy: 'day' | 'week' | 'month'; clock: Clock },
) {
  const groups = new Map<string, { bookings_count: number; revenue_cents: number }>();
  for (const day of await daysInPeriod(docs, input.period, input.clock)) {
    const key = groupKey(day.date, input.groupBy);
    const g = groups.get(key) ?? { bookings_count: 0, revenue_cents: 0 };
    groups.set(key, {
      bookings_count: g.bookings_count + day.pending + day.confirmed,
      revenue_cents: g.revenue_cents + day.revenue_cents,
    });
  }
  const rows = [...groups.entries()].map(([period, g]) => ({
    period,
    bookings_count: g.bookings_count,
    revenue: kr(g.revenue_cents),
  }));
  return { sales: rows.sort((a, b) => a.period.localeCompare(b.period)) };
}

/** day: yyyy-MM-dd; week: the Monday starting the week; month: yyyy-MM. */
function groupKey(date: string, groupBy: 'day' | 'week' | 'month'): string {
  if (groupBy === 'month') return date.slice(0, 7);
  if (groupBy === 'week') {
    const d = new Date(`${date}T00:00:00Z`);
    return addDays(date, -((d.getUTCDay() + 6) % 7));
  }
  return date;
}
