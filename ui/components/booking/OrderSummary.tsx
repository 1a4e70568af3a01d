// The order so far: lines, subtotal, the bonus-code discount and the total.
import type { CartLine, Price } from '../../lib/cart.js';
import { formatKr } from '../../lib/format.js';

export function OrderSummary(props: { cart: CartLine[]; price: Price; bonusCode: string | null; percentage: number | null }) {
  const { cart, price, bonusCode, percentage } = props;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Din beställning</h2>
      {cart.length === 0 ? (
        <p className="hint">Inga pizzor valda ännu.</p>
      ) : (
        <table className="summary__table">
          <caption className="visually-hidden">Valda pizzor</caption>
          <thead>
            <tr>
              <th scope="col">Pizza</th>
              <th scope="col" className="num">
                Antal
              </th>
              <th scope="col" className="num">
                Pris
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.map((line) => (
              <tr key={line.pizza_id}>
                <td>{line.pizza_name}</td>
                <td className="num">{line.qty}</td>
                <td className="num">{formatKr(line.qty * line.price_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Delsumma
              </th>
              <td className="num">{formatKr(price.original_cents)}</td>
            </tr>
            {bonusCode && (
              <tr className="summary__discount">
                <th scope="row" colSpan={2}>
                  Rabatt ({bonusCode}, {percentage}%)
                </th>
                <td className="num">−{formatKr(price.discount_cents)}</td>
              </tr>
            )}
            <tr className="summary__total">
              <th scope="row" colSpan={2}>
                Totalt
              </th>
              <td className="num">{formatKr(price.final_cents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
