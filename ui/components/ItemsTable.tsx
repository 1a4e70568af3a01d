// An order's lines as a table (pizza, quantity, price in kr) with footer rows for subtotal,
// discount and total: the booking page's summary, /my-booking and the admin's details.
import type { ReactNode } from 'react';
import { formatKr } from '../lib/format.js';
import { commonTexts } from './commonTexts.js';
import { LineChoices } from './LineChoices.js';
import { ALLERGEN_TEXTS, allergensText } from '../../domain/menu/allergens.js';

export interface ItemLine {
  pizza_name: string;
  qty: number;
  price_cents: number;
  /** The pizza's allergen declaration (null: none given); lines without the field show none. */
  allergens?: readonly string[] | null;
  /** Issue 29: the line's extras (in its price) and removals; absent when none. */
  extras?: ReadonlyArray<{ name: string; price_cents: number }>;
  without?: readonly string[];
}

export function ItemsTable({
  lines,
  caption,
  children,
}: {
  lines: readonly ItemLine[];
  caption: string;
  children: ReactNode;
}) {
  return (
    <table className="summary__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{commonTexts.pizza}</th>
          <th scope="col" className="num">
            {commonTexts.quantity}
          </th>
          <th scope="col" className="num">
            {commonTexts.price}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td>
              {line.pizza_name}
              <LineChoices line={line} />
              {line.allergens !== undefined && <LineAllergens allergens={line.allergens} />}
            </td>
            <td className="num">{line.qty}</td>
            <td className="num">{formatKr(line.qty * line.price_cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>{children}</tfoot>
    </table>
  );
}

/** A footer row: a label over the first two columns, an amount (negative for a discount). */
export function AmountRow({ label, cents, kind }: { label: string; cents: number; kind?: 'discount' | 'total' }) {
  return (
    <tr className={kind ? `summary__${kind}` : undefined}>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td className="num">{kind === 'discount' ? `−${formatKr(cents)}` : formatKr(cents)}</td>
    </tr>
  );
}

/** A line's allergens as text (EU 1169/2011 art. 14.2: given before the purchase is concluded). */
export function LineAllergens({ allergens }: { allergens: readonly string[] | null }) {
  return (
    <span className="line-allergens">
      {ALLERGEN_TEXTS.label}: {allergensText(allergens)}
    </span>
  );
}
