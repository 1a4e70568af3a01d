// /admin/stats, 'Statistik & Analys' (SPEC 2, 7, 9): a period (week by default) and the four calls
// made together on load and on every change; four cards, four charts (their code is loaded only
// here, on the client) and the per-pizza table. A failed load is only logged (SPEC 8).
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import '../../../styles/admin-planning.css';
import { api } from '../../../lib/api.js';
import { stats as t } from '../../../lib/adminPlanningTexts.js';
import { formatKr } from '../../../lib/format.js';
import type { ChartData } from '../../../components/admin/StatsCharts.js';

const StatsCharts = lazy(() => import('../../../components/admin/StatsCharts.js'));

type Period = 'week' | 'month' | 'year';
interface Overview {
  overview?: { total_bookings?: number; total_pizzas?: number };
  revenue?: { total_revenue?: number; avg_order_value?: number };
}
interface Stats extends ChartData {
  overview: Overview;
}

const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const krText = (kr: unknown) => formatKr(Math.round(n(kr) * 100));

export default function Page() {
  const [period, setPeriod] = useState<Period>('week');
  const [data, setData] = useState<Stats | null>(null);
  const [loading, setLoading] = useState(true);
  const [mounted, setMounted] = useState(false);
  const latest = useRef(0);
  useEffect(() => setMounted(true), []);

  const load = useCallback(async (p: Period) => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const [overview, top, peak, sales] = await Promise.all([
        api<Overview>('/admin/stats/overview'),
        api<{ pizzas?: ChartData['pizzas'] }>(`/admin/stats/top-pizzas?period=${p}`),
        api<{ peak_hours?: ChartData['peakHours'] }>(`/admin/stats/peak-times?period=${p}`),
        api<{ sales?: ChartData['sales'] }>(`/admin/stats/sales?period=${p}&group_by=day`),
      ]);
      if (call !== latest.current) return;
      setData({ overview, pizzas: top.pizzas ?? [], peakHours: peak.peak_hours ?? [], sales: sales.sales ?? [] });
    } catch (error) {
      console.warn(t.loadFailedLog, error);
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, []);
  useEffect(() => void load(period), [period, load]);

  const o = data?.overview;
  const totalPizzas = n(o?.overview?.total_pizzas);
  return (
    <>
      <p className="back-link">
        <a href="/admin">
          <span aria-hidden="true">←</span> Tillbaka till översikten
        </a>
      </p>
      <div className="admin-title">
        <h1>{t.title}</h1>
        <div className="field period-field">
          <label className="field__label" htmlFor="stats-period">
            Period
          </label>
          <select id="stats-period" className="field__control" value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
            {(Object.keys(t.periods) as Period[]).map((p) => (
              <option key={p} value={p}>
                {t.periods[p]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {loading && (
        <p className="stats-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t.loading}
        </p>
      )}

      {data && (
        <div aria-busy={loading || undefined}>
          <div className="stat-cards">
            <div className="stat-card">
              <span className="stat-card__label">{t.totalBookings}</span>
              <span className="stat-card__value">{n(o?.overview?.total_bookings)}</span>
            </div>
            <div className="stat-card stat-card--ok">
              <span className="stat-card__label">{t.totalRevenue}</span>
              <span className="stat-card__value">{krText(o?.revenue?.total_revenue)}</span>
            </div>
            <div className="stat-card stat-card--warn">
              <span className="stat-card__label">{t.pizzasSold}</span>
              <span className="stat-card__value">{totalPizzas}</span>
            </div>
            <div className="stat-card">
              <span className="stat-card__label">{t.avgOrder}</span>
              <span className="stat-card__value">{krText(o?.revenue?.avg_order_value)}</span>
            </div>
          </div>

          {mounted && (
            <Suspense fallback={<p role="status">{t.loading}</p>}>
              <StatsCharts data={data} />
            </Suspense>
          )}

          <section className="card" aria-labelledby="pizza-details">
            <h2 id="pizza-details">{t.details}</h2>
            {data.pizzas.length === 0 ? (
              <p className="hint">Inga sålda pizzor under perioden.</p>
            ) : (
              <div className="table-scroll" role="region" aria-labelledby="pizza-details" tabIndex={0}>
                <table className="summary__table stats-table">
                  <thead>
                    <tr>
                      <th scope="col">Pizza</th>
                      <th scope="col" className="num">
                        Antal<span className="wide-only"> sålda</span>
                      </th>
                      <th scope="col" className="num">
                        Omsättning
                      </th>
                      <th scope="col" className="num">
                        Andel<span className="wide-only"> av försäljningen</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.pizzas.map((p) => (
                      <tr key={p.name}>
                        <th scope="row">{p.name}</th>
                        <td className="num">{n(p.total_ordered)} st</td>
                        <td className="num">{krText(p.total_revenue)}</td>
                        <td className="num">{(totalPizzas > 0 ? (n(p.total_ordered) / totalPizzas) * 100 : 0).toFixed(1).replace('.', ',')} %</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </>
  );
}
