// The order so far: lines, subtotal, the bonus-code discount and the total.
import type { CartLine, Price } from '../../lib/cart.js';
import { AmountRow, ItemsTable } from '../ItemsTable.js';
import { orderTexts } from './texts.js';
import { formatKrOre } from '../../../domain/shared/money.js';
import { vatOfReceipt, type VatRate } from '../../../domain/accounting/accounting.js';

export function OrderSummary(props: {
  cart: CartLine[];
  price: Price;
  bonusCode: string | null;
  percentage: number | null;
  /** Issue 29: the VAT rate the books will use for this date and order type, once known. */
  vatRate?: number | null;
}) {
  const { cart, price, bonusCode, percentage, vatRate } = props;
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
          {vatRate != null && (
            <tr className="summary__vat">
              <th scope="row" colSpan={2}>
                {orderTexts.vatOf(vatRate)}
              </th>
              {/* Counted as the books count it (rule: vat-per-receipt), in kronor and öre. */}
              <td className="num">{formatKrOre(vatOfReceipt(price.final_cents, vatRate as VatRate))}</td>
            </tr>
          )}
        </ItemsTable>
      )}
    </section>
  );
}
