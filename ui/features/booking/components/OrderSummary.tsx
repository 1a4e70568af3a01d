// The order so far: lines, subtotal, the bonus-code discount and the total.
import type { CartLine, Price } from '../../../lib/cart.js';
import { AmountRow, ItemsTable } from '../../../components/ItemsTable.js';
import { bookingPageTexts } from '../texts.js';

export function OrderSummary(props: { cart: CartLine[]; price: Price; bonusCode: string | null; percentage: number | null }) {
  const { cart, price, bonusCode, percentage } = props;
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{bookingPageTexts.summary}</h2>
      {cart.length === 0 ? (
        <p className="hint">{bookingPageTexts.noPizzas}</p>
      ) : (
        <ItemsTable lines={cart} caption={bookingPageTexts.chosenPizzas}>
          <AmountRow label={bookingPageTexts.subtotal} cents={price.original_cents} />
          {bonusCode && <AmountRow label={bookingPageTexts.discountOf(bonusCode, percentage)} cents={price.discount_cents} kind="discount" />}
          <AmountRow label={bookingPageTexts.total} cents={price.final_cents} kind="total" />
        </ItemsTable>
      )}
    </section>
  );
}
