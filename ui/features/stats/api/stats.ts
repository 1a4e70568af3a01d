// The statistics calls (SPEC 7): the four made together for a period.
import { api } from '../../../lib/api.js';
import type { PeakTimes, Sales, StatsOverview, TopPizzas } from '../../../../domain/answers/admin.js';

export type Period = 'week' | 'month' | 'year';

/** What the screen shows for a period: the overview and the three charts' series. */
export interface PeriodStats {
  overview: StatsOverview;
  pizzas: TopPizzas['pizzas'];
  peakHours: PeakTimes['peak_hours'];
  sales: Sales['sales'];
}

export const statsPaths = (period: Period) => ({
  overview: `/admin/stats/overview?period=${period}`,
  top: `/admin/stats/top-pizzas?period=${period}`,
  peak: `/admin/stats/peak-times?period=${period}`,
  sales: `/admin/stats/sales?period=${period}&group_by=day`,
});

/** The four calls, made together, with the reader the caller has (the browser's api, or the server's in +data). */
export async function readPeriodStats(
  period: Period,
  get: <T>(path: string) => Promise<T> = api,
): Promise<PeriodStats> {
  const paths = statsPaths(period);
  const [overview, top, peak, sales] = await Promise.all([
    get<StatsOverview>(paths.overview),
    get<TopPizzas>(paths.top),
    get<PeakTimes>(paths.peak),
    get<Sales>(paths.sales),
  ]);
  return { overview, pizzas: top.pizzas, peakHours: peak.peak_hours, sales: sales.sales };
}
