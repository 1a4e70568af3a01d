// Step 4: the menu with plus/minus per pizza, and the banner of how many are left to choose.
// The menu is readable from the first HTML (SSR); choosing needs date, count and time. Each card
// says its allergens in text before the pizza is added (EU 1169/2011 art. 14.2 and 44: before a
// distance purchase is concluded), and the customer may hide pizzas with allergens they avoid.
// A pizza nobody declared is shown but cannot be added: it is sold at the counter only, where staff
// tell its allergens (rule: undeclared-pizzas; the server refuses it in an online order too).
import { useState } from 'react';
import { allergensText, declarationOf, isFreeOf, mergeKinds } from '../../../domain/menu/allergens.js';
import { lineChoicesText } from '../../../domain/kioskDay/orderLines.js';
import { alreadyChosen, cartCount, NO_CHOICE, type CartLine, type Banner, type LineChoice } from '../../lib/cart.js';
import { formatKr } from '../../lib/format.js';
import type { MenuExtra, MenuPizza as Pizza } from './menu.js';
import { PizzaOptions } from './PizzaOptions.js';
import { orderTexts } from './texts.js';
import { FieldError } from '../Field.js';
import { AllergenFilter } from './AllergenFilter.js';
import { StepTitle } from './StepTitle.js';

export function PizzaMenu(props: {
  pizzas: Pizza[];
  cart: CartLine[];
  enabled: boolean;
  full: boolean;
  banner: Banner | null;
  error?: string;
  /** Pizzas the chosen date and time cannot have (sold out, no stock left), with the label each shows. */
  unavailable?: ReadonlyMap<number, string>;
  /** Issue 29: the extras a card offers (none on the waitlist's offer page). */
  extras?: readonly MenuExtra[];
  onAdd: (pizza: Pizza, choice: LineChoice) => void;
  onRemove: (pizza: Pizza, choice: LineChoice) => void;
}) {
  const { pizzas, cart, enabled, full, banner, error, extras = [], onAdd, onRemove, unavailable } = props;
  const [avoid, setAvoid] = useState<string[]>([]);
  /** Each card's extras and removals for the next pizza it adds. */
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const shown = pizzas.filter((pizza) => isFreeOf(declarationOf(pizza), avoid));
  // An extra with an allergen the customer avoids is not offered, and drops out of a choice.
  const offered = extras.filter((extra) => isFreeOf(extra.allergens, avoid));
  const choiceFor = (pizza: Pizza): LineChoice => {
    const choice = choices[pizza.id] ?? NO_CHOICE;
    return { ...choice, extras: choice.extras.filter((e) => offered.some((o) => o.id === e.id)) };
  };
  return (
    <section className="step card" aria-labelledby="step-menu">
      <StepTitle id="step-menu" number={4}>
        {orderTexts.stepMenu}
      </StepTitle>
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
          const qty = cart.filter((line) => line.pizza_id === pizza.id).reduce((sum, line) => sum + line.qty, 0);
          const gone = unavailable?.get(pizza.id);
          const choice = choiceFor(pizza);
          const choiceText = lineChoicesText(choice);
          const withOptions = offered.length > 0 || (pizza.removable?.length ?? 0) > 0;
          // The card's allergens and price are those of the pizza it would add: with the extras chosen.
          const declared = declarationOf(pizza);
          const allergens = declared && [...declared, ...choice.extras.flatMap((e) => e.allergens)];
          const price = pizza.price_cents + choice.extras.reduce((sum, e) => sum + e.price_cents, 0);
          const classes = `menu__item${qty > 0 ? ' menu__item--chosen' : ''}${withOptions ? ' menu__item--options' : ''}${gone ? ' menu__item--gone' : ''}`;
          if (!pizza.allergens_declared) return <CounterOnlyCard key={pizza.id} pizza={pizza} />;
          return (
            <li key={pizza.id} className={classes}>
              <div className="menu__text">
                <h3 className="menu__name">{pizza.name}</h3>
                {gone && <p className="badge menu__gone">{gone}</p>}
                {pizza.description && <p className="menu__desc">{pizza.description}</p>}
                <p className="menu__allergens">
                  <span className="menu__allergens-label">{orderTexts.allergensLabel}:</span>{' '}
                  {allergensText(
                    allergens,
                    mergeKinds(pizza.allergen_kinds, ...choice.extras.map((e) => e.allergen_kinds)),
                  )}
                </p>
                {choiceText && <p className="menu__choices">{choiceText}</p>}
                <p className="menu__price">{formatKr(price)}</p>
              </div>
              <div className="stepper stepper--small" role="group" aria-label={pizza.name}>
                <button
                  type="button"
                  className="stepper__btn"
                  aria-label={
                    choiceText ? orderTexts.removeOneWith(pizza.name, choiceText) : orderTexts.removeOne(pizza.name)
                  }
                  disabled={!enabled || qty === 0}
                  onClick={() => onRemove(pizza, choice)}
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
                  aria-label={
                    choiceText ? orderTexts.addOneWith(pizza.name, choiceText) : orderTexts.addOne(pizza.name)
                  }
                  disabled={!enabled || full || Boolean(gone)}
                  aria-describedby={enabled && full ? 'menu-full' : undefined}
                  onClick={() => onAdd(pizza, choice)}
                >
                  +
                </button>
              </div>
              <PizzaOptions
                pizzaId={pizza.id}
                pizzaName={pizza.name}
                extras={offered}
                removable={pizza.removable ?? []}
                choice={choice}
                enabled={enabled}
                onChange={(next) => setChoices((all) => ({ ...all, [pizza.id]: next }))}
              />
            </li>
          );
        })}
      </ul>
      <FieldError id="booking-items-error" text={error} />
    </section>
  );
}

/**
 * An undeclared pizza's card (rule: undeclared-pizzas): name, description and price, and in place
 * of its allergens and buttons the one sentence that says why it cannot be added and where it can
 * be had.
 */
function CounterOnlyCard({ pizza }: { pizza: Pizza }) {
  return (
    <li className="menu__item menu__item--counter-only" data-counter-only={pizza.id}>
      <div className="menu__text">
        <h3 className="menu__name">{pizza.name}</h3>
        {pizza.description && <p className="menu__desc">{pizza.description}</p>}
        <p className="menu__allergens menu__allergens--missing">{orderTexts.undeclaredCounterOnly}</p>
        <p className="menu__price">{formatKr(pizza.price_cents)}</p>
      </div>
    </li>
  );
}
