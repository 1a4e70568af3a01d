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
import { ALLERGENS, allergensText, isFreeOf } from '../../domain/menu/allergens.js';
import { given } from './givenWhenThen.js';

const firstError = (value: unknown) => pizzaInputSchema.safeParse(value).error?.issues[0]?.message;
const margherita: PizzaInput = {
  name: 'Margherita',
  description: 'Tomatsås, mozzarella',
  price_cents: 9900,
  active: true,
  allergens: ['gluten', 'milk'],
};
const added = (id: number, name = `Pizza ${id}`): MenuEvent => ({
  type: 'PizzaAdded',
  data: { id, name, description: '', price_cents: 10000, active: true, allergens: ['gluten'] },
});
/** A pizza added before declarations existed: its event has no `allergens`. */
const addedLongAgo = (id: number): MenuEvent => ({
  type: 'PizzaAdded',
  data: { id, name: `Pizza ${id}`, description: '', price_cents: 10000, active: true },
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
      allergens: null,
    });
  });

  it('defaults description to empty and active to true; takes active as 1', () => {
    expect(pizzaInputSchema.parse({ name: 'Vesuvio', price_cents: '10900' })).toEqual({
      name: 'Vesuvio',
      description: '',
      price_cents: 10900,
      active: true,
      allergens: null,
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

describe('the allergen declaration in the pizza form (EU 1169/2011 Annex II)', () => {
  const parse = (allergens: unknown) =>
    pizzaInputSchema.parse({ name: 'Margherita', price_cents: 9900, allergens }).allergens;

  it('takes Annex II codes, without repeats, in the annex order', () => {
    expect(parse(['milk', 'gluten', 'milk'])).toEqual(['gluten', 'milk']);
  });

  it('takes an empty list as a declaration: "Inga allergener"', () => {
    expect(parse([])).toEqual([]);
  });

  it('takes a left-out or null list as no declaration', () => {
    expect(parse(undefined)).toBeNull();
    expect(parse(null)).toBeNull();
  });

  it('refuses a code outside the 14', () => {
    expect(firstError({ name: 'Margherita', price_cents: 9900, allergens: ['gluten', 'tomato'] })).toBe(
      'Okänd allergen: välj bland de 14 allergenerna',
    );
  });

  it('knows the 14 allergens under fixed codes with their Swedish names', () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(new Set(ALLERGENS.map((a) => a.code)).size).toBe(14);
    expect(allergensText(['milk', 'gluten'])).toBe('Spannmål som innehåller gluten, Mjölk');
    expect(allergensText([])).toBe('Inga allergener');
    expect(allergensText(null)).toBe('Allergeninformation saknas, fråga personalen');
  });

  it('shows a pizza to someone avoiding allergens only when declared free of each', () => {
    expect(isFreeOf(['gluten', 'milk'], ['fish'])).toBe(true);
    expect(isFreeOf(['gluten', 'milk'], ['fish', 'milk'])).toBe(false);
    expect(isFreeOf([], ['milk'])).toBe(true);
    expect(isFreeOf(null, ['milk'])).toBe(false);
    expect(isFreeOf(null, [])).toBe(true);
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

    it('seeds the demo menu declared: a Margherita has gluten and milk (rule: allergen-declaration)', () => {
      expect(DEMO_MENU.every((p) => Array.isArray(p.allergens))).toBe(true);
      expect(DEMO_MENU.find((p) => p.name === 'Margherita')?.allergens).toEqual(['gluten', 'milk']);
      expect(DEMO_MENU.find((p) => p.name === 'Quattro Stagioni')?.allergens).toEqual(
        expect.arrayContaining(['crustaceans', 'molluscs']),
      );
    });

    it('adds a pizza declared free of all 14 ("Inga allergener")', () => {
      given(menuDecider)
        .when({ type: 'AddPizza', pizza: { ...margherita, allergens: [] } })
        .thenMatches([{ type: 'PizzaAdded', data: { id: 1, active: true, allergens: [] } }]);
    });

    it("adds an active pizza without a declaration, as SPEC's form sends it (rule: undeclared-pizzas: on the menu, sold at the counter only)", () => {
      given(menuDecider)
        .when({ type: 'AddPizza', pizza: { ...margherita, allergens: null } })
        .thenMatches([{ type: 'PizzaAdded', data: { id: 1, active: true, allergens: null } }]);
    });

    it('adds an inactive pizza without a declaration (staff declare it before it goes on the menu)', () => {
      given(menuDecider)
        .when({ type: 'AddPizza', pizza: { ...margherita, active: false, allergens: null } })
        .thenMatches([{ type: 'PizzaAdded', data: { id: 1, active: false, allergens: null } }]);
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

  describe('a menu with a pizza added before declarations existed (rule: allergen-declaration)', () => {
    const menu = () => given(menuDecider, [addedLongAgo(1)]);

    it('still loads it, active and undeclared', () => {
      expect(menu().state().pizzas.get(1)).toMatchObject({ id: 1, active: true, allergens: null });
    });

    it('changes it while it stays active without a declaration (rule: undeclared-pizzas)', () => {
      menu()
        .when({ type: 'UpdatePizza', id: 1, pizza: { ...margherita, allergens: null } })
        .thenMatches([{ type: 'PizzaUpdated', data: { id: 1, active: true, allergens: null } }]);
    });

    it('takes its declaration', () => {
      menu()
        .when({ type: 'UpdatePizza', id: 1, pizza: margherita })
        .then([{ type: 'PizzaUpdated', data: { id: 1, ...margherita } }]);
    });

    it('lets staff take it off the menu without declaring it', () => {
      menu()
        .when({ type: 'UpdatePizza', id: 1, pizza: { ...margherita, active: false, allergens: null } })
        .thenMatches([{ type: 'PizzaUpdated', data: { id: 1, active: false, allergens: null } }]);
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
