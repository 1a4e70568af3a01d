// The allergens of an order's line as the menu declares them now, and whether they changed since
// the order was placed (rule: allergen-change). A line keeps the declaration the customer was shown
// (rule: order-lines: the pizza's plus its extras', null while the pizza was undeclared); the kitchen
// bakes from today's recipe, so the board and the ticket show today's declaration and flag a line
// whose declaration is no longer the one the customer ordered by, for staff to tell the customer
// before handing it over (EU 1169/2011 art. 9.1(c) and 44; Livsmedelsverket's Kontrollwiki,
// https://kontrollwiki.livsmedelsverket.se/artikel/51/distansforsaljning-inte-fardigforpackade-livsmedel:
// the information must be right when the food is delivered too).
import { sortAllergens } from './allergens.js';

/** Today's declarations by id: a pizza's (null: undeclared) and an extra's. */
export interface DeclarationsNow {
  pizzas: ReadonlyMap<number, readonly string[] | null>;
  extras: ReadonlyMap<number, readonly string[]>;
}

export interface LineForChange {
  pizza_id: number;
  /** As declared when ordered; absent on lines older than declarations. */
  allergens?: readonly string[] | null;
  extras?: ReadonlyArray<{ id: number; allergens: readonly string[] }>;
}

/**
 * The line's allergens by today's menu: the pizza's plus its extras' (an extra no longer on the menu
 * counts as it was ordered), null while the pizza is undeclared, undefined when the pizza is no
 * longer on the menu (nothing to compare with).
 */
export function lineAllergensNow(line: LineForChange, now: DeclarationsNow): string[] | null | undefined {
  if (!now.pizzas.has(line.pizza_id)) return undefined;
  const pizza = now.pizzas.get(line.pizza_id);
  if (pizza == null) return null;
  const extras = (line.extras ?? []).flatMap((e) => now.extras.get(e.id) ?? e.allergens);
  return sortAllergens([...pizza, ...extras]);
}

/**
 * True when the declaration now differs from the one at ordering: another set of allergens, or a
 * declaration gained or lost. A line from before declarations, or whose pizza left the menu, has
 * nothing to compare and is never flagged.
 */
export function allergensChanged(
  atOrder: readonly string[] | null | undefined,
  now: readonly string[] | null | undefined,
): boolean {
  if (atOrder === undefined || now === undefined) return false;
  if (atOrder === null || now === null) return atOrder !== now;
  const a = sortAllergens(atOrder);
  const b = sortAllergens(now);
  return a.length !== b.length || a.some((code, i) => code !== b[i]);
}
