// The order so far: lines, subtotal, the bonus-code discount and the total.
import type { CartLine, Price } from '../../lib/cart.js';
import { AmountRow, ItemsTable } from '../ItemsTable.js';
import { orderTexts } from './texts.js';

export function OrderSummary(props: {
  cart: CartLine[];
  price: Price;
  bonusCode: string | null;
  percentage: number | null;
}) {
  const { cart, price, bonusCode, percentage } = props;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{orderTexts.summary}</h2>
      {cart.length === 0 ? (
        <p className="hint">{orderTexts.noPizzas}</p>
      ) : (
        <ItemsTable lines={cart} caption={orderTexts.chosenPizzas}>
          <AmountRow label={orderTexts.subtotal} cents={price.original_cents} />
          {bonusCode && (
            <AmountRow
              label={orderTexts.discountOf(bonusCode, percentage)}
              cents={price.discount_cents}
              kind="discount"
            />
          )}
          <AmountRow label={orderTexts.total} cents={price.final_cents} kind="total" />
        </ItemsTable>
      )}
    </section>
  );
}
