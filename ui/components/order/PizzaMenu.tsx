// Step 4: the menu with plus/minus per pizza, and the banner of how many are left to choose.
// The menu is readable from the first HTML (SSR); choosing needs date, count and time. Each card
// says its allergens in text before the pizza is added (EU 1169/2011 art. 14.2 and 44: before a
// distance purchase is concluded), and the customer may hide pizzas with allergens they avoid.
import { useState } from 'react';
import { allergensText, declarationOf, isFreeOf } from '../../../domain/menu/allergens.js';
import { alreadyChosen, cartCount, type CartLine, type Banner } from '../../lib/cart.js';
import { formatKr } from '../../lib/format.js';
import type { MenuPizza as Pizza } from './menu.js';
import { orderTexts } from './texts.js';
import { FieldError } from '../Field.js';
import { AllergenFilter } from './AllergenFilter.js';

export function PizzaMenu(props: {
  pizzas: Pizza[];
  cart: CartLine[];
  enabled: boolean;
  full: boolean;
  banner: Banner | null;
  error?: string;
  onAdd: (pizza: Pizza) => void;
  onRemove: (pizza: Pizza) => void;
  /** Pizzas the chosen date and time cannot have (sold out, no stock left), with the label each shows. */
  unavailable?: ReadonlyMap<number, string>;
}) {
  const { pizzas, cart, enabled, full, banner, error, onAdd, onRemove, unavailable } = props;
  const [avoid, setAvoid] = useState<string[]>([]);
  const shown = pizzas.filter((pizza) => isFreeOf(declarationOf(pizza), avoid));
  return (
    <section className="step card" aria-labelledby="step-menu">
      <h2 id="step-menu" className="step__title">
        <span className="step__number" aria-hidden="true">
          4
        </span>{' '}
        {orderTexts.stepMenu}
      </h2>
      {!enabled && <p className="hint">{orderTexts.menuFirst}</p>}
      {enabled && banner && (
        <p className={`banner banner--${banner.kind}`} role="status" aria-live="polite">
          {banner.text}
        </p>
      )}
      {/* The count is reached: every + is disabled and tells a screen reader why (SPEC 5: adding
          beyond the count is refused); the banner above already says it to the eye. */}
      {enabled && full && (
        <p id="menu-full" className="visually-hidden">
          {alreadyChosen(cartCount(cart))}
        </p>
      )}
      <AllergenFilter avoid={avoid} hidden={pizzas.length - shown.length} shown={shown.length} onChange={setAvoid} />
      <ul className="menu" aria-labelledby="step-menu">
        {shown.map((pizza) => {
          const qty = cart.find((line) => line.pizza_id === pizza.id)?.qty ?? 0;
          const gone = unavailable?.get(pizza.id);
          return (
            <li
              key={pizza.id}
              className={`menu__item${qty > 0 ? ' menu__item--chosen' : ''}${gone ? ' menu__item--gone' : ''}`}
            >
              <div className="menu__text">
                <h3 className="menu__name">{pizza.name}</h3>
                {gone && <p className="badge menu__gone">{gone}</p>}
                {pizza.description && <p className="menu__desc">{pizza.description}</p>}
                <p className={`menu__allergens${pizza.allergens_declared ? '' : ' menu__allergens--missing'}`}>
                  <span className="menu__allergens-label">{orderTexts.allergensLabel}:</span>{' '}
                  {allergensText(declarationOf(pizza))}
                </p>
                <p className="menu__price">{formatKr(pizza.price_cents)}</p>
              </div>
              <div className="stepper stepper--small" role="group" aria-label={pizza.name}>
                <button
                  type="button"
                  className="stepper__btn"
                  aria-label={orderTexts.removeOne(pizza.name)}
                  disabled={!enabled || qty === 0}
                  onClick={() => onRemove(pizza)}
                >
                  −
                </button>
                {/* A span with aria-label has no role, so screen readers ignore the label: the
                    count is announced through text with its pizza instead. */}
                <span className="stepper__value">
                  <span aria-hidden="true">{qty}</span>
                  <span className="visually-hidden">{orderTexts.chosenCount(qty, pizza.name)}</span>
                </span>
                <button
                  type="button"
                  className="stepper__btn"
                  aria-label={orderTexts.addOne(pizza.name)}
                  disabled={!enabled || full || Boolean(gone)}
                  aria-describedby={enabled && full ? 'menu-full' : undefined}
                  onClick={() => onAdd(pizza)}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id="booking-items-error" text={error} />
    </section>
  );
}
