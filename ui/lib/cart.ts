// The booking page's order arithmetic: the cart lines, what the banner says, and what submitting
// would be refused for. Pure, so it is unit-tested; the Swedish texts are the domain's (SPEC 5).
import { chosenCount, countProblem, slotRoomProblem } from '../../domain/kioskDay/orderCount.js';
import { lineKey } from '../../domain/kioskDay/orderLines.js';
import { unitPriceCents } from '../../domain/kioskDay/orderPrice.js';
import { sortAllergens, type AllergenKinds } from '../../domain/menu/allergens.js';
import type { Pizza as MenuPizza } from '../../domain/answers/index.js';

// The cart's price, with an optional bonus-code discount, is the domain's reckoning: the server
// records the same (rule: prices-and-discounts).
export { orderPrice, type OrderPrice as Price } from '../../domain/kioskDay/orderPrice.js';

/** What the cart needs of a pizza (its allergens, where the menu gave them, go with each line). */
type Pizza = Pick<MenuPizza, 'id' | 'name' | 'price_cents'> &
  Partial<Pick<MenuPizza, 'allergens' | 'allergens_declared'>>;

export interface CartLine {
  pizza_id: number;
  qty: number;
  pizza_name: string;
  price_cents: number;
  /** The line's allergen declaration (the pizza's plus its extras'; null: none); absent in older carts. */
  allergens?: string[] | null;
  /** Issue 29: the extras on this line (its price includes them) and what it is made without. */
  extras?: CartExtra[];
  without?: string[];
}

/** An extra as a cart line keeps it. */
export interface CartExtra {
  id: number;
  name: string;
  price_cents: number;
  allergens: string[];
  /** Rule allergen-kinds: the cereal or nut named, for the menu card's text. */
  allergen_kinds?: AllergenKinds;
}

/** The extras and removals chosen on a menu card for the next pizza added (issue 29). */
export interface LineChoice {
  extras: CartExtra[];
  without: string[];
}
export const NO_CHOICE: LineChoice = { extras: [], without: [] };

/** Same pizza, same extras, same removals: the same line (the server merges them so too). */
const sameLine = (line: CartLine, pizzaId: number, choice: LineChoice) =>
  line.pizza_id === pizzaId &&
  lineKey(line) === lineKey({ pizza_id: pizzaId, extras: choice.extras, without: choice.without });

/** A line's fields from its pizza and choice: unit price with the extras, allergens with theirs. */
function lineOf(pizza: Pizza, choice: LineChoice): Omit<CartLine, 'qty'> {
  const extras = [...choice.extras].sort((a, b) => a.id - b.id);
  const without = [...choice.without].sort();
  const own = allergensOf(pizza).allergens;
  return {
    pizza_id: pizza.id,
    pizza_name: pizza.name,
    price_cents: unitPriceCents(pizza.price_cents, extras),
    ...(own === undefined ? {} : { allergens: own && sortAllergens([...own, ...extras.flatMap((e) => e.allergens)]) }),
    ...(extras.length > 0 ? { extras } : {}),
    ...(without.length > 0 ? { without } : {}),
  };
}

/** The order lines as POST /bookings takes them: extra ids and removals only where chosen. */
export const cartItems = (cart: readonly CartLine[]) =>
  cart.map(({ pizza_id, qty, extras, without }) => ({
    pizza_id,
    qty,
    ...(extras?.length ? { extras: extras.map((e) => e.id) } : {}),
    ...(without?.length ? { without } : {}),
  }));

/** A line's allergens from the menu's pizza. */
const allergensOf = (pizza: Pizza): Pick<CartLine, 'allergens'> =>
  pizza.allergens ? { allergens: pizza.allergens_declared ? [...pizza.allergens] : null } : {};

export const cartCount = (cart: readonly CartLine[]) => chosenCount(cart);

/** Adds one pizza, or says why not: the order already holds the requested count (SPEC 5). */
export function addPizza(
  cart: readonly CartLine[],
  pizza: Pizza,
  requested: number,
  choice: LineChoice = NO_CHOICE,
): { cart: CartLine[]; error: string | null } {
  const chosen = cartCount(cart);
  if (chosen >= requested) return { cart: [...cart], error: alreadyChosen(chosen) };
  const existing = cart.find((line) => sameLine(line, pizza.id, choice));
  const next = existing
    ? cart.map((line) => (line === existing ? { ...line, qty: line.qty + 1 } : line))
    : [...cart, { ...lineOf(pizza, choice), qty: 1 }];
  return { cart: next, error: null };
}

/** 'Du har redan valt N pizzor' (SPEC 5; a UI-only rule). */
export const alreadyChosen = (chosen: number) => `Du har redan valt ${chosen} ${chosen === 1 ? 'pizza' : 'pizzor'}`;

/**
 * Takes one pizza away: from the line with the card's current choice if there is one, else from
 * the pizza's last line; the line is dropped at zero.
 */
export function removePizza(cart: readonly CartLine[], pizzaId: number, choice: LineChoice = NO_CHOICE): CartLine[] {
  const target =
    cart.find((line) => sameLine(line, pizzaId, choice)) ?? cart.findLast((line) => line.pizza_id === pizzaId);
  return cart.flatMap((line) => (line !== target ? [line] : line.qty > 1 ? [{ ...line, qty: line.qty - 1 }] : []));
}

/**
 * Keeps the lines still on the menu and orderable online, at today's names and prices: a pizza
 * whose declaration was taken back is sold at the counter only (rule: undeclared-pizzas).
 */
export function refreshCart(cart: readonly CartLine[], menu: readonly Pizza[]): CartLine[] {
  return cart.flatMap((line) => {
    const pizza = menu.find((p) => p.id === line.pizza_id);
    return pizza && pizza.allergens_declared !== false
      ? [{ ...lineOf(pizza, { extras: line.extras ?? [], without: line.without ?? [] }), qty: line.qty }]
      : [];
  });
}

export type Banner = { kind: 'more' | 'tooMany' | 'perfect'; text: string };

/** The banner above the menu: how many more to choose, how many to remove, or perfect. */
export function selectionBanner(chosen: number, requested: number): Banner {
  if (chosen < requested) {
    const left = requested - chosen;
    return { kind: 'more', text: `Välj ${left} ${left === 1 ? 'pizza' : 'pizzor'} till` };
  }
  if (chosen > requested) {
    const extra = chosen - requested;
    return { kind: 'tooMany', text: `Du har valt för många pizzor – ta bort ${extra}` };
  }
  return { kind: 'perfect', text: `Perfekt! Du har valt ${chosen} ${chosen === 1 ? 'pizza' : 'pizzor'}.` };
}

/**
 * What submitting this order would be refused for (SPEC 5, on submit), or null: the domain's
 * count rules (domain/kioskDay/orderCount.ts), which the server decides a booking with.
 */
export function orderProblem(
  cart: readonly CartLine[],
  requested: number,
  slotRemaining: number | null,
): string | null {
  const chosen = cartCount(cart);
  // The slot's room is told before the count once there is a pizza: it names how many to remove.
  const noRoom = chosen > 0 && slotRemaining !== null ? slotRoomProblem(chosen, slotRemaining) : null;
  return noRoom ?? countProblem(chosen, requested);
}
