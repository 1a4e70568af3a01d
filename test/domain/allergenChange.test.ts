// A line's allergens by today's menu and whether they changed since the order (rule: allergen-change).
import { describe, expect, it } from 'vitest';
import { allergensChanged, lineAllergensNow, type DeclarationsNow } from '../../domain/menu/allergenChange.js';

const now = (pizzas: Array<[number, string[] | null]>, extras: Array<[number, string[]]> = []): DeclarationsNow => ({
  pizzas: new Map(pizzas),
  extras: new Map(extras),
});

describe('a line’s allergens now (rule: allergen-change)', () => {
  it('given the pizza and its extras on the menu, then they are the pizza’s plus the extras’ today, in Annex II order', () => {
    const line = { pizza_id: 1, allergens: ['gluten', 'milk'], extras: [{ id: 3, allergens: [] }] };
    expect(lineAllergensNow(line, now([[1, ['milk', 'gluten']]], [[3, ['eggs']]]))).toEqual(['gluten', 'eggs', 'milk']);
  });

  it('given an extra no longer on the menu, then it counts as it was ordered', () => {
    const line = { pizza_id: 1, extras: [{ id: 9, allergens: ['mustard'] }] };
    expect(lineAllergensNow(line, now([[1, ['gluten']]]))).toEqual(['gluten', 'mustard']);
  });

  it('given the pizza undeclared today, then null; given it off the menu, then nothing to compare', () => {
    expect(lineAllergensNow({ pizza_id: 1 }, now([[1, null]]))).toBeNull();
    expect(lineAllergensNow({ pizza_id: 2 }, now([[1, ['gluten']]]))).toBeUndefined();
  });
});

describe('a change since the order was placed (rule: allergen-change)', () => {
  it('given the same allergens in another order, then no change', () => {
    expect(allergensChanged(['milk', 'gluten'], ['gluten', 'milk'])).toBe(false);
  });

  it('given an allergen added or removed, then a change', () => {
    expect(allergensChanged(['gluten', 'milk'], ['gluten', 'milk', 'nuts'])).toBe(true);
    expect(allergensChanged(['gluten', 'milk'], ['gluten'])).toBe(true);
  });

  it('given a declaration gained or lost, then a change; "Inga allergener" is a declaration', () => {
    expect(allergensChanged(null, [])).toBe(true);
    expect(allergensChanged([], null)).toBe(true);
    expect(allergensChanged(null, null)).toBe(false);
  });

  it('given a line from before declarations or a pizza off the menu, then never flagged', () => {
    expect(allergensChanged(undefined, ['gluten'])).toBe(false);
    expect(allergensChanged(['gluten'], undefined)).toBe(false);
  });
});
