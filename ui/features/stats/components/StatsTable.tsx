// The per-pizza table of /admin/stats: sold, revenue and share of the pizzas sold.
import { ScrollRegion } from '../../../components/ScrollRegion.js';
import { formatKr } from '../../../lib/format.js';
import type { PeriodStats } from '../api/stats.js';
import { statsTexts } from '../texts.js';

export function StatsTable({ pizzas, totalPizzas }: { pizzas: PeriodStats['pizzas']; totalPizzas: number }) {
  return (
    <section className="card" aria-labelledby="pizza-details">
      <h2 id="pizza-details">{statsTexts.details}</h2>
      {pizzas.length === 0 ? (
        <p className="hint">{statsTexts.noPizzas}</p>
      ) : (
        <ScrollRegion className="table-scroll" labelledBy="pizza-details">
          <table className="summary__table stats-table">
            <thead>
              <tr>
                <th scope="col">{statsTexts.pizza}</th>
                <th scope="col" className="num">
                  {statsTexts.quantity}
                  <span className="wide-only">{statsTexts.sold}</span>
                </th>
                <th scope="col" className="num">
                  {statsTexts.revenue}
                </th>
                <th scope="col" className="num">
                  {statsTexts.share}
                  <span className="wide-only">{statsTexts.ofSales}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pizzas.map((p) => (
                <tr key={p.name}>
                  <th scope="row">{p.name}</th>
                  <td className="num">{statsTexts.pieces(p.total_ordered)}</td>
                  <td className="num">{formatKr(Math.round(p.total_revenue * 100))}</td>
                  <td className="num">
                    {statsTexts.percent(totalPizzas > 0 ? (p.total_ordered / totalPizzas) * 100 : 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
