// A menu card's extras and removals (issue 29): one tap opens them, one tap chooses one, so
// "Extra ost +15 kr" or "Utan lök" is at most two taps away. What is chosen applies to the next
// pizza added with the card's +; each extra says its own allergens (EU 1169/2011 art. 14.2).
import { useState } from 'react';
import { allergensText } from '../../../domain/menu/allergens.js';
import { formatKr } from '../../lib/format.js';
import type { LineChoice } from '../../lib/cart.js';
import type { MenuExtra } from './menu.js';
import { orderTexts } from './texts.js';

export function PizzaOptions(props: {
  pizzaId: number;
  pizzaName: string;
  extras: readonly MenuExtra[];
  removable: readonly string[];
  choice: LineChoice;
  enabled: boolean;
  onChange: (choice: LineChoice) => void;
}) {
  const { pizzaId, pizzaName, extras, removable, choice, enabled, onChange } = props;
  const chosen = choice.extras.length + choice.without.length;
  const [open, setOpen] = useState(chosen > 0);
  if (extras.length === 0 && removable.length === 0) return null;
  const toggleExtra = (extra: MenuExtra, on: boolean) =>
    onChange({
      ...choice,
      extras: on
        ? [...choice.extras, { ...extra, allergens: [...extra.allergens] }]
        : choice.extras.filter((e) => e.id !== extra.id),
    });
  const toggleWithout = (ingredient: string, on: boolean) =>
    onChange({
      ...choice,
      without: on ? [...choice.without, ingredient] : choice.without.filter((i) => i !== ingredient),
    });
  return (
    // Open and closed by the customer alone: unticking the last choice must not fold it away.
    <details className="fold pizza-options" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="pizza-options__summary">
        <span>{orderTexts.options}</span>
        <span className="pizza-options__chosen">{orderTexts.optionsChosen(chosen)}</span>
      </summary>
      {extras.length > 0 && (
        <fieldset className="pizza-options__group" disabled={!enabled}>
          <legend className="visually-hidden">{orderTexts.extrasLegend(pizzaName)}</legend>
          {extras.map((extra) => (
            <label key={extra.id} className="chip pizza-options__chip">
              <input
                type="checkbox"
                name={`extra-${pizzaId}`}
                value={extra.id}
                checked={choice.extras.some((e) => e.id === extra.id)}
                onChange={(e) => toggleExtra(extra, e.target.checked)}
              />
              <span>
                {orderTexts.extraChip(extra.name, formatKr(extra.price_cents))}
                <span className="pizza-options__allergens">{allergensText(extra.allergens, extra.allergen_kinds)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {removable.length > 0 && (
        <fieldset className="pizza-options__group" disabled={!enabled}>
          <legend className="visually-hidden">{orderTexts.withoutLegend(pizzaName)}</legend>
          {removable.map((ingredient) => (
            <label key={ingredient} className="chip pizza-options__chip">
              <input
                type="checkbox"
                name={`without-${pizzaId}`}
                value={ingredient}
                checked={choice.without.includes(ingredient)}
                onChange={(e) => toggleWithout(ingredient, e.target.checked)}
              />
              <span>{orderTexts.withoutChip(ingredient)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="hint pizza-options__hint">{orderTexts.optionsHint}</p>
    </details>
  );
}
