// The booking page's order arithmetic (ui/lib/cart.ts): lines, counts, the banner and the SPEC 5
// messages a submit would be refused with.
import { describe, expect, it } from 'vitest';
import {
  addPizza,
  cartCount,
  orderPrice,
  orderProblem,
  refreshCart,
  removePizza,
  selectionBanner,
  type CartLine,
} from '../../ui/lib/cart.js';
import { linesTotalCents } from '../../domain/kioskDay/orderPrice.js';

const margherita = { id: 1, name: 'Margherita', description: '', price_cents: 9900 };
const vesuvio = { id: 2, name: 'Vesuvio', description: '', price_cents: 10900 };

describe('the cart', () => {
  it('adds lines, counts and totals them in cents', () => {
    let cart: CartLine[] = [];
    cart = addPizza(cart, margherita, 3).cart;
    cart = addPizza(cart, margherita, 3).cart;
    cart = addPizza(cart, vesuvio, 3).cart;
    expect(cart).toEqual([
      { pizza_id: 1, qty: 2, pizza_name: 'Margherita', price_cents: 9900 },
      { pizza_id: 2, qty: 1, pizza_name: 'Vesuvio', price_cents: 10900 },
    ]);
    expect(cartCount(cart)).toBe(3);
    expect(linesTotalCents(cart)).toBe(30700);
  });

  it('refuses to add beyond the requested count', () => {
    const one = addPizza([], margherita, 1).cart;
    expect(addPizza(one, vesuvio, 1)).toEqual({ cart: one, error: 'Du har redan valt 1 pizza' });
    const two = addPizza(addPizza([], margherita, 2).cart, margherita, 2).cart;
    expect(addPizza(two, margherita, 2).error).toBe('Du har redan valt 2 pizzor');
  });

  it('removes one at a time and drops a line at zero', () => {
    const cart = addPizza(addPizza([], margherita, 3).cart, margherita, 3).cart;
    expect(removePizza(cart, 1)).toEqual([{ pizza_id: 1, qty: 1, pizza_name: 'Margherita', price_cents: 9900 }]);
    expect(removePizza(removePizza(cart, 1), 1)).toEqual([]);
    expect(removePizza(cart, 99)).toEqual(cart);
  });

  it('follows the menu: new prices, removed pizzas dropped', () => {
    const cart = addPizza(addPizza([], margherita, 3).cart, vesuvio, 3).cart;
    expect(refreshCart(cart, [{ ...margherita, price_cents: 10500 }])).toEqual([
      { pizza_id: 1, qty: 1, pizza_name: 'Margherita', price_cents: 10500 },
    ]);
  });

  it('drops a pizza whose declaration was taken back: it is sold at the counter only (rule: undeclared-pizzas)', () => {
    const declared = { allergens: ['gluten' as const], allergens_declared: true };
    const cart = addPizza(addPizza([], { ...margherita, ...declared }, 3).cart, { ...vesuvio, ...declared }, 3).cart;
    expect(
      refreshCart(cart, [
        { ...margherita, ...declared },
        { ...vesuvio, allergens: [], allergens_declared: false },
      ]),
    ).toEqual([{ pizza_id: 1, qty: 1, pizza_name: 'Margherita', price_cents: 9900, allergens: ['gluten'] }]);
  });
});

describe('the banner', () => {
  it('says how many more, how many to remove, or perfect', () => {
    expect(selectionBanner(0, 3)).toEqual({ kind: 'more', text: 'Välj 3 pizzor till' });
    expect(selectionBanner(2, 3)).toEqual({ kind: 'more', text: 'Välj 1 pizza till' });
    expect(selectionBanner(3, 3).kind).toBe('perfect');
    expect(selectionBanner(5, 3)).toEqual({ kind: 'tooMany', text: 'Du har valt för många pizzor – ta bort 2' });
  });
});

describe('what a submit is refused for (SPEC 5)', () => {
  const cartOf = (qty: number) => (qty ? [{ pizza_id: 1, qty, pizza_name: 'Margherita', price_cents: 9900 }] : []);
  it('gives each message in its case', () => {
    expect(orderProblem(cartOf(0), 2, 6)).toBe('Välj minst en pizza');
    expect(orderProblem(cartOf(1), 3, 6)).toBe('Välj 2 fler pizzor för att matcha din beställning');
    expect(orderProblem(cartOf(2), 3, 6)).toBe('Välj 1 fler pizza för att matcha din beställning');
    expect(orderProblem(cartOf(3), 2, 6)).toBe('Du har ändå valt fler pizzor än vad du önskade i steg 2');
    expect(orderProblem(cartOf(3), 3, 2)).toBe(
      'Du har valt 3 pizzor men kan bara boka 2 för denna tid. Ta bort 1 för att fortsätta.',
    );
    expect(orderProblem(cartOf(2), 2, 1)).toBe(
      'Du har valt 2 pizzor men kan bara boka 1 för denna tid. Ta bort 1 för att fortsätta.',
    );
    expect(orderProblem(cartOf(2), 2, null)).toBeNull();
    expect(orderProblem(cartOf(2), 2, 2)).toBeNull();
  });

  it('prices a discount as the server does (whole cents)', () => {
    expect(orderPrice(cartOf(3), null)).toEqual({ original_cents: 29700, discount_cents: 0, final_cents: 29700 });
    expect(orderPrice(cartOf(3), 12.5)).toEqual({ original_cents: 29700, discount_cents: 3713, final_cents: 25987 });
  });
});
