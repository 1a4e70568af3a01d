// The cereal or nut a declaration names (rule: allergen-kinds; Commission Notice 2017/C 428/01):
// an optional list under a declared gluten or nuts, on pizzas and extras, shown as
// "Spannmål som innehåller gluten (vete)".
import { describe, expect, it } from 'vitest';
import { menuDecider, pizzaInputSchema, type MenuEvent } from '../../domain/menu/menu.js';
import { extraInputSchema } from '../../domain/menu/extras.js';
import { allergenLabel, allergensText, mergeKinds } from '../../domain/menu/allergens.js';
import { given } from './givenWhenThen.js';

const firstError = (schema: typeof pizzaInputSchema | typeof extraInputSchema, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;
const pizza = (changes: Record<string, unknown> = {}) => ({
  name: 'Nötpizza',
  description: '',
  price_cents: 12900,
  active: true,
  allergens: ['gluten', 'milk', 'nuts'],
  ...changes,
});

describe('naming the cereal or nut (rule: allergen-kinds)', () => {
  it('given a pizza declaring gluten and nuts, when staff name wheat and spelt, hazelnut, then they are kept in the list’s order', () => {
    const parsed = pizzaInputSchema.parse(
      pizza({ allergen_kinds: { gluten: ['spelt', 'wheat', 'wheat'], nuts: ['hazelnut'] } }),
    );
    expect(parsed.allergen_kinds).toEqual({ gluten: ['wheat', 'spelt'], nuts: ['hazelnut'] });
  });

  it('given no kinds, then the declaration stands as before (the list is optional)', () => {
    expect(pizzaInputSchema.parse(pizza()).allergen_kinds).toBeUndefined();
  });

  it('given a cereal without gluten declared, when saved, then it is refused in Swedish', () => {
    expect(firstError(pizzaInputSchema, pizza({ allergens: ['milk'], allergen_kinds: { gluten: ['wheat'] } }))).toBe(
      'Ett sädesslag kan bara anges när Spannmål som innehåller gluten är markerat',
    );
    expect(
      firstError(extraInputSchema, {
        name: 'Pesto',
        price_cents: 1500,
        allergens: ['milk'],
        allergen_kinds: { nuts: ['cashew'] },
      }),
    ).toBe('En nöt kan bara anges när Nötter är markerat');
  });

  it('given an unknown cereal, nut or allergen, when saved, then it is refused in Swedish', () => {
    expect(firstError(pizzaInputSchema, pizza({ allergen_kinds: { gluten: ['majs'] } }))).toBe(
      'Okänt sädesslag: välj bland vete, råg, korn, havre, spelt och kamut',
    );
    expect(firstError(pizzaInputSchema, pizza({ allergen_kinds: { nuts: ['jordnöt'] } }))).toBe(
      'Okänd nöt: välj bland mandel, hasselnöt, valnöt, cashew, pekan, paranöt, pistage och macadamia',
    );
    expect(firstError(pizzaInputSchema, pizza({ allergen_kinds: { milk: ['ko'] } }))).toBe(
      'Sädesslag och nötter anges under gluten och nötter',
    );
  });

  it('reads "Spannmål som innehåller gluten (vete)" on the menu; without kinds the plain name', () => {
    expect(allergensText(['milk', 'gluten', 'nuts'], { gluten: ['wheat'], nuts: ['hazelnut', 'almond'] })).toBe(
      'Spannmål som innehåller gluten (vete), Mjölk, Nötter (mandel, hasselnöt)',
    );
    expect(allergenLabel('gluten')).toBe('Spannmål som innehåller gluten');
    expect(mergeKinds({ gluten: ['wheat'] }, { gluten: ['rye', 'wheat'] }, undefined)).toEqual({
      gluten: ['wheat', 'rye'],
    });
  });
});

describe('the menu stream keeps the kinds (rule: allergen-kinds)', () => {
  const addedWithKinds: MenuEvent = {
    type: 'PizzaAdded',
    data: { id: 1, ...pizzaInputSchema.parse(pizza({ allergen_kinds: { gluten: ['wheat'], nuts: ['walnut'] } })) },
  };

  it('given a pizza with kinds, when a form that leaves them out updates it, then those under allergens still declared stay', () => {
    const update = pizzaInputSchema.parse(pizza({ allergens: ['gluten', 'milk'] }));
    given(menuDecider, [addedWithKinds])
      .when({ type: 'UpdatePizza', id: 1, pizza: update })
      .thenMatches([{ type: 'PizzaUpdated', data: { allergen_kinds: { gluten: ['wheat'] } } }]);
  });

  it('given a pizza added before kinds existed, when folded, then it names none', () => {
    const old: MenuEvent = {
      type: 'PizzaAdded',
      data: { id: 2, name: 'Gammal', description: '', price_cents: 9000, active: true, allergens: ['gluten'] },
    };
    expect(given(menuDecider, [old]).state().pizzas.get(2)?.allergen_kinds).toEqual({});
  });
});
