// The order so far: lines, subtotal, the bonus-code discount and the total.
import type { CartLine, Price } from '../../../lib/cart.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';

export function OrderSummary(props: { cart: CartLine[]; price: Price; bonusCode: string | null; percentage: number | null }) {
  const { cart, price, bonusCode, percentage } = props;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Din beställning</h2>
      {cart.length === 0 ? (
        <p className="hint">Inga pizzor valda ännu.</p>
      ) : (
        <ItemsTable lines={cart} caption="Valda pizzor">
          <AmountRow label="Delsumma" cents={price.original_cents} />
          {bonusCode && <AmountRow label={`Rabatt (${bonusCode}, ${percentage}%)`} cents={price.discount_cents} kind="discount" />}
          <AmountRow label="Totalt" cents={price.final_cents} kind="total" />
        </ItemsTable>
      )}
    </section>
  );
}
