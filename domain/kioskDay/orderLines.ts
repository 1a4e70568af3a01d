// An order's lines from the menu (rule: order-lines, issue 29): each line is a pizza with its
// extras and removals, priced and declared as the menu stood when the order was placed.
// The customer's messages only: the booking page prices its cart with this module, and msg would
// bring every message the server sends into the page's first bundle (issue 30).
import { customerMsg as msg } from '../customerMessages.js';
import { reject } from '../shared/errors.js';
import { formatKr } from '../shared/money.js';
import { sortAllergens, type AllergenDeclaration } from '../menu/allergens.js';
import type { Extra } from '../menu/extras.js';
import type { BookingLine } from './kioskDay.js';
import { unitPriceCents } from './orderPrice.js';

/** One line as the customer asked for it: a pizza, how many, and its extras and removals. */
export interface LineChoice {
  pizza_id: number;
  qty: number;
  /** Extra ids ("Extra ost"); repeats count once. */
  extras?: readonly number[];
  /** Ingredients to leave out ("lök"), among the pizza's removable ones. */
  without?: readonly string[];
}

export interface MenuPizzaForLines {
  name: string;
  price_cents: number;
  active: boolean;
  allergens: AllergenDeclaration;
  removable: readonly string[];
}

export interface MenuForLines {
  pizzas: ReadonlyMap<number, MenuPizzaForLines>;
  extras: ReadonlyMap<number, Extra>;
}

/**
 * What makes two lines the same line: the pizza, its extras and its removals. A Margherita with
 * extra cheese is not a plain Margherita, so they never merge (and a retry compares them so).
 */
export function lineKey(line: {
  pizza_id: number;
  extras?: ReadonlyArray<{ id: number }>;
  without?: readonly string[];
}): string {
  const extras = (line.extras ?? []).map((e) => e.id).sort((a, b) => a - b);
  const without = [...(line.without ?? [])].sort();
  return `${line.pizza_id}+${extras.join('.')}-${without.join('|')}`;
}

/**
 * Order lines with the menu's names, prices and allergens: zero quantities drop, equal lines
 * merge. The unit price is the pizza's plus its extras' (prices include VAT, rule:
 * vat-per-receipt); the allergens are the pizza's plus its extras' (EU 1169/2011 art. 9.1(c) and
 * 14.2: what the customer is shown before the purchase covers everything on the pizza), unknown
 * (null) while the pizza has no declaration. Refused, changing nothing: a pizza or extra not on
 * the menu, a removal the pizza is not declared to allow.
 */
export function orderLines(items: readonly LineChoice[], menu: MenuForLines): BookingLine[] {
  const lines = new Map<string, BookingLine>();
  for (const item of items) {
    if (item.qty === 0) continue;
    const pizza = menu.pizzas.get(item.pizza_id);
    if (!pizza || !pizza.active) reject(msg.unknownPizza);
    const extras = [...new Set(item.extras ?? [])]
      .sort((a, b) => a - b)
      .map((id) => {
        const extra = menu.extras.get(id);
        if (!extra || !extra.active) reject(msg.unknownExtra);
        return { id, name: extra!.name, price_cents: extra!.price_cents, allergens: extra!.allergens };
      });
    const without = [...new Set((item.without ?? []).map((i) => i.trim().toLocaleLowerCase('sv')))].sort();
    for (const ingredient of without)
      if (!pizza!.removable.includes(ingredient)) reject(msg.notRemovable(pizza!.name, ingredient));
    const line: BookingLine = {
      pizza_id: item.pizza_id,
      pizza_name: pizza!.name,
      qty: item.qty,
      price_cents: unitPriceCents(pizza!.price_cents, extras),
      allergens:
        pizza!.allergens === null ? null : sortAllergens([...pizza!.allergens, ...extras.flatMap((e) => e.allergens)]),
      ...(extras.length > 0 ? { extras } : {}),
      ...(without.length > 0 ? { without } : {}),
    };
    const key = lineKey(line);
    const same = lines.get(key);
    if (same) same.qty += item.qty;
    else lines.set(key, line);
  }
  return [...lines.values()];
}

/** How a line's choices read, in the mails, PDFs, books, board and ticket. */
export const LINE_CHOICE_TEXTS = {
  extra: (name: string, cents: number) => `+ ${name} ${formatKr(cents)}`,
  without: (ingredient: string) => `utan ${ingredient}`,
} as const;

/** What a line shows of its choices (answers and read models carry the same fields). */
export interface ShownChoices {
  extras?: ReadonlyArray<{ name: string; price_cents?: number }>;
  without?: readonly string[];
}

/**
 * A line's choices as short texts, extras first: ['+ Extra ost 15 kr', 'utan lök']; [] for none.
 * Without prices ('+ Extra ost') for the kitchen, which is shown no prices.
 */
export const lineChoices = (line: ShownChoices, prices = true): string[] => [
  ...(line.extras ?? []).map((e) =>
    prices && e.price_cents !== undefined ? LINE_CHOICE_TEXTS.extra(e.name, e.price_cents) : `+ ${e.name}`,
  ),
  ...(line.without ?? []).map(LINE_CHOICE_TEXTS.without),
];

/** A line's choices as one text ("+ Extra ost 15 kr, utan lök"), '' for none. */
export const lineChoicesText = (line: ShownChoices, prices = true): string => lineChoices(line, prices).join(', ');
