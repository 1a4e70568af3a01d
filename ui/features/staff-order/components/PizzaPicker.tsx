// Which pizzas: a button per pizza (Enter on each, again for two of one) with its allergens told
// before the order is placed, a pizza without a declaration marked for staff to tell (rule:
// staff-allergens), the extras' allergens folded away, and the chosen lines with their total.
import { formatKr } from '../../../lib/format.js';
import type { ExtraAnswer, Pizza } from '../../../../domain/answers/menu.js';
import { allergensText } from '../../../../domain/menu/allergens.js';
import { lineTotalCents } from '../../../../domain/kioskDay/orderPrice.js';
import type { ChosenLine } from '../hooks/useOrderDraft.js';
import { staffOrderTexts as texts } from '../texts.js';
import type { FieldId } from './OrderCustomerFields.js';

/**
 * What staff tell before the order is placed (rule: staff-allergens; Livsmedelsverket's example of
 * distance selling is a pizza ordered by phone:
 * https://kontrollwiki.livsmedelsverket.se/artikel/51/distansforsaljning-inte-fardigforpackade-livsmedel):
 * the declared allergens, or that the pizza has no declaration.
 */
const allergenNote = (pizza: Pick<Pizza, 'allergens' | 'allergens_declared' | 'allergen_kinds'>) =>
  pizza.allergens_declared ? texts.allergens(allergensText(pizza.allergens, pizza.allergen_kinds)) : texts.undeclared;

export function PizzaPicker({
  field,
  menu,
  extras,
  qtyOf,
  onAdd,
}: {
  field: FieldId;
  menu: readonly Pizza[];
  extras: readonly ExtraAnswer[];
  qtyOf: (pizzaId: number) => number;
  onAdd: (pizzaId: number) => void;
}) {
  return (
    <fieldset className="staff-order__menu">
      <legend className="field__label">{texts.pizzas}</legend>
      <ul className="staff-order__pizzas">
        {menu.map((pizza) => {
          const n = qtyOf(pizza.id);
          return (
            <li key={pizza.id}>
              <button
                type="button"
                className={`staff-order__pizza${n > 0 ? ' staff-order__pizza--chosen' : ''}${pizza.allergens_declared ? '' : ' staff-order__pizza--undeclared'}`}
                aria-label={texts.add(pizza.name)}
                aria-describedby={field(`allergens-${pizza.id}`)}
                onClick={() => onAdd(pizza.id)}
              >
                <span className="staff-order__pizza-name">{pizza.name}</span>
                <span className="staff-order__pizza-price">{formatKr(pizza.price_cents)}</span>
                <span id={field(`allergens-${pizza.id}`)} className="staff-order__allergens">
                  {allergenNote(pizza)}
                </span>
                {n > 0 && (
                  <span className="staff-order__qty" aria-hidden="true">
                    {n}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {extras.length > 0 && (
        <details className="staff-order__extras">
          <summary>{texts.extras}</summary>
          <ul>
            {extras.map((extra) => (
              <li key={extra.id}>
                {texts.extraLine(
                  extra.name,
                  formatKr(extra.price_cents),
                  allergensText(extra.allergens, extra.allergen_kinds),
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </fieldset>
  );
}

/** The chosen lines, each with a button for one fewer, and the order's count and total. */
export function ChosenLines({
  lines,
  count,
  total,
  onRemove,
}: {
  lines: readonly ChosenLine[];
  count: number;
  total: number;
  onRemove: (pizzaId: number) => void;
}) {
  return (
    <section className="staff-order__chosen" aria-label={texts.chosen} aria-live="polite">
      {lines.length === 0 ? (
        <p className="hint">{texts.nothingChosen}</p>
      ) : (
        <ul>
          {lines.map((l) => (
            <li key={l.pizza.id}>
              <button
                type="button"
                className="stepper__btn staff-order__remove"
                aria-label={texts.remove(l.pizza.name)}
                onClick={() => onRemove(l.pizza.id)}
              >
                <span aria-hidden="true">−</span>
              </button>
              <span>
                {l.qty} × {l.pizza.name}
                <span className="staff-order__line-allergens">{allergenNote(l.pizza)}</span>
              </span>
              <span>{formatKr(lineTotalCents(l))}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="staff-order__total">
        <span>
          {texts.total}: {texts.count(count)}
        </span>
        <strong>{formatKr(total)}</strong>
      </p>
    </section>
  );
}
