// The pizza menu: the pizza form schema and the menu stream.
import { describe, expect, it } from 'vitest';
import {
  DEMO_MENU,
  MENU_STREAM,
  menuDecider,
  pizzaInputSchema,
  type MenuEvent,
  type PizzaInput,
} from '../../domain/menu/menu.js';
import { given } from './givenWhenThen.js';

const firstError = (value: unknown) => pizzaInputSchema.safeParse(value).error?.issues[0]?.message;
const margherita: PizzaInput = {
  name: 'Margherita',
  description: 'Tomatsås, mozzarella',
  price_cents: 9900,
  active: true,
};
const added = (id: number, name = `Pizza ${id}`): MenuEvent => ({
  type: 'PizzaAdded',
  data: { id, name, description: '', price_cents: 10000, active: true },
});

describe("the pizza form (SPEC 5: 'Namn och pris måste anges')", () => {
  it('accepts name, description, price in cents and active', () => {
    expect(
      pizzaInputSchema.parse({ name: ' Margherita ', description: 'Tomatsås', price_cents: 9900, active: 0 }),
    ).toEqual({
      name: 'Margherita',
      description: 'Tomatsås',
      price_cents: 9900,
      active: false,
    });
  });

  it('defaults description to empty and active to true; takes active as 1', () => {
    expect(pizzaInputSchema.parse({ name: 'Vesuvio', price_cents: '10900' })).toEqual({
      name: 'Vesuvio',
      description: '',
      price_cents: 10900,
      active: true,
    });
    expect(pizzaInputSchema.parse({ name: 'Vesuvio', price_cents: 10900, active: 1 }).active).toBe(true);
  });

  it('refuses a missing or blank name', () => {
    expect(firstError({ price_cents: 9900 })).toBe('Namn och pris måste anges');
    expect(firstError({ name: '   ', price_cents: 9900 })).toBe('Namn och pris måste anges');
  });

  it('refuses a price that is missing, 0, negative or not whole cents', () => {
    expect(firstError({ name: 'Margherita' })).toBe('Namn och pris måste anges');
    expect(firstError({ name: 'Margherita', price_cents: 0 })).toBe('Namn och pris måste anges');
    expect(firstError({ name: 'Margherita', price_cents: -100 })).toBe('Namn och pris måste anges');
    expect(firstError({ name: 'Margherita', price_cents: 99.5 })).toBe('Namn och pris måste anges');
  });
});

describe(`the menu stream ('${MENU_STREAM}')`, () => {
  describe('an empty menu', () => {
    it('adds a pizza with id 1', () => {
      given(menuDecider)
        .when({ type: 'AddPizza', pizza: margherita })
        .then([{ type: 'PizzaAdded', data: { id: 1, ...margherita } }]);
    });

    it('seeds the demo menu with ids 1..n (rule: menu-seed)', () => {
      const events = menuDecider.decide({ type: 'SeedMenu', pizzas: DEMO_MENU }, menuDecider.initialState());
      expect(events.map((e) => e.type === 'PizzaAdded' && [e.data.id, e.data.name])).toEqual(
        DEMO_MENU.map((p, i) => [i + 1, p.name]),
      );
      expect(DEMO_MENU.every((p) => Number.isInteger(p.price_cents) && p.price_cents > 0)).toBe(true);
    });

    it("refuses to update or remove a pizza it does not hold: 'Pizzan finns inte' (not found)", () => {
      given(menuDecider)
        .when({ type: 'UpdatePizza', id: 1, pizza: margherita })
        .thenThrows('Pizzan finns inte', 'not_found');
      given(menuDecider).when({ type: 'RemovePizza', id: 1 }).thenThrows('Pizzan finns inte', 'not_found');
    });
  });

  describe('a menu with pizzas 1 and 2', () => {
    const menu = () => given(menuDecider, [added(1), added(2)]);

    it('updates a pizza', () => {
      menu()
        .when({ type: 'UpdatePizza', id: 2, pizza: margherita })
        .then([{ type: 'PizzaUpdated', data: { id: 2, ...margherita } }]);
    });

    it('removes a pizza', () => {
      menu()
        .when({ type: 'RemovePizza', id: 1 })
        .then([{ type: 'PizzaRemoved', data: { id: 1 } }]);
    });

    it('does not seed the demo menu again', () => {
      menu().when({ type: 'SeedMenu', pizzas: DEMO_MENU }).then([]);
    });
  });

  describe('a menu whose newest pizza was removed', () => {
    const menu = () => given(menuDecider, [added(1), added(2), { type: 'PizzaRemoved', data: { id: 2 } }]);

    it('never reuses an id: the next pizza is 3, so old bookings keep pointing at the right one', () => {
      menu()
        .when({ type: 'AddPizza', pizza: margherita })
        .thenMatches([{ type: 'PizzaAdded', data: { id: 3 } }]);
    });

    it('refuses to update the removed pizza', () => {
      menu().when({ type: 'UpdatePizza', id: 2, pizza: margherita }).thenThrows('Pizzan finns inte');
    });

    it('does not seed again even if every pizza was removed', () => {
      given(menuDecider, [added(1), { type: 'PizzaRemoved', data: { id: 1 } }])
        .when({ type: 'SeedMenu', pizzas: DEMO_MENU })
        .then([]);
    });
  });
});
