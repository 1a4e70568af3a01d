// /admin/stats, 'Statistik & Analys' (SPEC 2, 7, 9): a period (week by default) and the four calls
// made together on every change; four cards, four charts (their code is loaded only here, on the
// client) and the per-pizza table. The week's figures come in the first HTML (+data). A failed
// load is only logged (SPEC 8).
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import '../stats.css';
import { BackToOverview } from '../../../components/admin/AdminFrame.js';
import { StatCard } from '../../../components/admin/StatCard.js';
import { orderSourceText } from '../../../components/orderSourceTexts.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { formatKr } from '../../../lib/format.js';
import { readPeriodStats, type Period, type PeriodStats } from '../api/stats.js';
import { statsTexts } from '../texts.js';
import { StatsTable } from './StatsTable.js';
import { SmsMonthCard } from './SmsMonthCard.js';

const StatsCharts = lazy(() => import('./StatsCharts.js'));

const krText = (kr: number) => formatKr(Math.round(kr * 100));
const PERIODS = Object.keys(statsTexts.periods) as Period[];

export function StatsScreen({ stats: initial }: { stats: PeriodStats | null }) {
  const hydrated = useHydrated();
  const [period, setPeriod] = useState<Period>('week');
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  /** Reads the period's figures; only the latest call's answer is shown. */
  function read(next: Period) {
    const call = ++latest.current;
    return readPeriodStats(next)
      .then(
        (stats) => {
          if (call === latest.current) setData(stats);
        },
        (error: unknown) => console.warn(statsTexts.loadFailedLog, error),
      )
      .finally(() => {
        if (call === latest.current) setLoading(false);
      });
  }
  // The first HTML may have come without figures (the server's read failed): read them here
  // (the page says it is loading while there are none).
  useEffect(() => {
    if (!initial) void read('week');
  }, [initial]);

  function choose(next: Period) {
    setPeriod(next);
    setLoading(true);
    void read(next);
  }

  const totals = data?.overview;
  return (
    <>
      <BackToOverview />
      <div className="admin-title">
        <h1>{statsTexts.title}</h1>
        <Field id="stats-period" label={statsTexts.period} className="period-field">
          <select
            {...fieldControl('stats-period')}
            value={period}
            disabled={!hydrated}
            onChange={(e) => choose(e.target.value as Period)}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {statsTexts.periods[p]}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {(loading || !data) && (
        <p className="stats-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {statsTexts.loading}
        </p>
      )}

      {data && totals && (
        <div aria-busy={loading || undefined}>
          <div className="stat-cards">
            <StatCard label={statsTexts.totalBookings} value={totals.overview.total_bookings} />
            <StatCard label={statsTexts.totalRevenue} value={krText(totals.revenue.total_revenue)} kind="ok" />
            <StatCard label={statsTexts.pizzasSold} value={totals.overview.total_pizzas} kind="warn" />
            <StatCard label={statsTexts.avgOrder} value={krText(totals.revenue.avg_order_value)} />
          </div>
          <div className="stats-outcomes">
            <StatCard
              label={statsTexts.noShows}
              value={statsTexts.noShowValue(totals.overview.no_shows, statsTexts.percent(totals.overview.no_show_rate))}
              kind={totals.overview.no_shows > 0 ? 'warn' : undefined}
            />
            <div className="card stats-sources">
              <h2>{statsTexts.sources}</h2>
              <ul>
                {totals.sources.map((s) => (
                  <li key={s.source}>
                    {statsTexts.sourceValue(orderSourceText[s.source], s.bookings, statsTexts.percent(s.share))}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <SmsMonthCard />

          {hydrated && (
            <Suspense fallback={<p role="status">{statsTexts.loading}</p>}>
              <StatsCharts data={data} />
            </Suspense>
          )}

          <StatsTable pizzas={data.pizzas} totalPizzas={totals.overview.total_pizzas} />
        </div>
      )}
    </>
  );
}
