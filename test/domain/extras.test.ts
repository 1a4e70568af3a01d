// Extras and removals (issue 29): the menu's extras and each pizza's removable ingredients, and
// order lines that carry them (price, allergens, merging, retries).
import { describe, expect, it } from 'vitest';
import { menuDecider, pizzaInputSchema, type MenuEvent, type PizzaInput } from '../../domain/menu/menu.js';
import { extraInputSchema, type Extra } from '../../domain/menu/extras.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingLine, BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { lineChoicesText, orderLines, type MenuForLines } from '../../domain/kioskDay/orderLines.js';
import { given } from './givenWhenThen.js';
import { order, placed } from './fixtures.js';

const menu = (events: MenuEvent[] = []) => given(menuDecider, events);
const extraOst: Extra = { id: 1, name: 'Extra ost', price_cents: 1500, active: true, allergens: ['milk'] };
const jalapeno: Extra = { id: 2, name: 'Jalapeño', price_cents: 1000, active: true, allergens: [] };
const kebab = {
  id: 6,
  name: 'Kebabpizza',
  description: 'Tomatsås, mozzarella, kebabkött, lök',
  price_cents: 13900,
  active: true,
  allergens: ['gluten', 'eggs', 'milk'],
} as const;
const { id: _id, ...kebabFields } = kebab;
const kebabInput: PizzaInput = { ...kebabFields, allergens: [...kebab.allergens], removable: ['lök'] };

describe('the extra form', () => {
  const firstError = (value: unknown) => extraInputSchema.safeParse(value).error?.issues[0]?.message;

  it('takes a name, a price in cents (0 is free), active and the allergens in Annex II order', () => {
    expect(
      extraInputSchema.parse({ name: ' Extra ost ', price_cents: '1500', allergens: ['milk', 'gluten', 'milk'] }),
    ).toEqual({ name: 'Extra ost', price_cents: 1500, active: true, allergens: ['gluten', 'milk'] });
    expect(extraInputSchema.parse({ name: 'Oregano', price_cents: 0, active: 0, allergens: [] }).active).toBe(false);
  });

  it('refuses a blank name, a negative price, an unknown allergen and a missing declaration', () => {
    const name = 'Tillvalet behöver ett namn och ett pris (0 kr eller mer)';
    expect(firstError({ name: ' ', price_cents: 1500, allergens: [] })).toBe(name);
    expect(firstError({ name: 'Ost', price_cents: -1, allergens: [] })).toBe(name);
    expect(firstError({ name: 'Ost', price_cents: 1500, allergens: ['cheese'] })).toBe(
      'Okänd allergen: välj bland de 14 allergenerna',
    );
    expect(firstError({ name: 'Ost', price_cents: 1500 })).toBe('Ange tillvalets allergener (eller Inga allergener)');
  });
});

describe('the menu stream: extras (issue 29)', () => {
  const input = { name: 'Extra ost', price_cents: 1500, active: true, allergens: ['milk' as const] };

  it('AddExtra: ExtraAdded with the next id, never reusing a removed one', () => {
    menu()
      .when({ type: 'AddExtra', extra: input })
      .then([{ type: 'ExtraAdded', data: { id: 1, ...input } }]);
    menu([
      { type: 'ExtraAdded', data: extraOst },
      { type: 'ExtraAdded', data: jalapeno },
      { type: 'ExtraRemoved', data: { id: 2 } },
    ])
      .when({ type: 'AddExtra', extra: input })
      .thenMatches([{ type: 'ExtraAdded', data: { id: 3 } }]);
  });

  it('UpdateExtra: ExtraUpdated; an unknown extra is not found', () => {
    menu([{ type: 'ExtraAdded', data: extraOst }])
      .when({ type: 'UpdateExtra', id: 1, extra: { ...input, price_cents: 2000 } })
      .then([{ type: 'ExtraUpdated', data: { id: 1, ...input, price_cents: 2000 } }]);
    menu().when({ type: 'UpdateExtra', id: 9, extra: input }).thenThrows('Tillvalet finns inte', 'not_found');
  });

  it('RemoveExtra: ExtraRemoved; removing twice is not found', () => {
    menu([{ type: 'ExtraAdded', data: extraOst }])
      .when({ type: 'RemoveExtra', id: 1 })
      .then([{ type: 'ExtraRemoved', data: { id: 1 } }]);
    menu([
      { type: 'ExtraAdded', data: extraOst },
      { type: 'ExtraRemoved', data: { id: 1 } },
    ])
      .when({ type: 'RemoveExtra', id: 1 })
      .thenThrows('Tillvalet finns inte', 'not_found');
  });
});

describe('the menu stream: what a pizza can be made without (issue 29)', () => {
  it('the pizza form takes removable ingredients trimmed, lower-case and without repeats', () => {
    expect(pizzaInputSchema.parse({ ...kebabInput, removable: [' Lök', 'lök', 'Feferoni'] }).removable).toEqual([
      'lök',
      'feferoni',
    ]);
    expect(pizzaInputSchema.safeParse({ ...kebabInput, removable: [' '] }).error?.issues[0]?.message).toBe(
      'En ingrediens att kunna ta bort anges med 1–40 tecken',
    );
  });

  it('AddPizza records the removable ingredients', () => {
    menu()
      .when({ type: 'AddPizza', pizza: kebabInput })
      .thenMatches([{ type: 'PizzaAdded', data: { id: 1, removable: ['lök'] } }]);
  });

  it('UpdatePizza without removals keeps the ones the pizza had; with them, replaces them', () => {
    const had: MenuEvent = {
      type: 'PizzaAdded',
      data: { ...kebab, allergens: [...kebab.allergens], removable: ['lök'] },
    };
    menu([had])
      .when({ type: 'UpdatePizza', id: 6, pizza: { ...kebabInput, removable: undefined, price_cents: 14900 } })
      .thenMatches([{ type: 'PizzaUpdated', data: { price_cents: 14900, removable: ['lök'] } }]);
    menu([had])
      .when({ type: 'UpdatePizza', id: 6, pizza: { ...kebabInput, removable: [] } })
      .thenMatches([{ type: 'PizzaUpdated', data: { removable: [] } }]);
  });

  it('a pizza from before removals loads with none', () => {
    const old: MenuEvent = { type: 'PizzaAdded', data: { ...kebab, allergens: [...kebab.allergens] } };
    expect(menu([old]).state().pizzas.get(6)?.removable).toEqual([]);
  });
});

describe('order lines with extras and removals (rule: order-lines)', () => {
  const forLines: MenuForLines = {
    pizzas: new Map([
      [6, { ...kebab, allergens: [...kebab.allergens], removable: ['lök'] }],
      [7, { name: 'Okänd', price_cents: 9000, active: true, allergens: null, removable: [] }],
    ]),
    extras: new Map([
      [1, extraOst],
      [2, { ...jalapeno, allergens: ['mustard' as const] }],
      [3, { ...jalapeno, id: 3, active: false }],
    ]),
  };

  it("prices a line as the pizza's price plus its extras', with the pizza's and the extras' allergens", () => {
    expect(orderLines([{ pizza_id: 6, qty: 2, extras: [2, 1], without: [' Lök '] }], forLines)).toEqual([
      {
        pizza_id: 6,
        pizza_name: 'Kebabpizza',
        qty: 2,
        price_cents: 13900 + 1500 + 1000,
        allergens: ['gluten', 'eggs', 'milk', 'mustard'],
        extras: [
          { id: 1, name: 'Extra ost', price_cents: 1500, allergens: ['milk'] },
          { id: 2, name: 'Jalapeño', price_cents: 1000, allergens: ['mustard'] },
        ],
        without: ['lök'],
      },
    ]);
  });

  it('merges equal lines (extras in any order) and keeps a line with other extras apart', () => {
    const lines = orderLines(
      [
        { pizza_id: 6, qty: 1, extras: [1, 2] },
        { pizza_id: 6, qty: 1, extras: [2, 1, 1] },
        { pizza_id: 6, qty: 1, extras: [1] },
        { pizza_id: 6, qty: 1 },
        { pizza_id: 6, qty: 1, without: ['lök'] },
      ],
      forLines,
    );
    expect(lines.map((l) => [l.qty, l.price_cents, lineChoicesText(l)])).toEqual([
      [2, 16400, '+ Extra ost 15 kr, + Jalapeño 10 kr'],
      [1, 15400, '+ Extra ost 15 kr'],
      [1, 13900, ''],
      [1, 13900, 'utan lök'],
    ]);
  });

  it('a plain line is as before extras: no extras or without fields', () => {
    expect(orderLines([{ pizza_id: 6, qty: 1 }], forLines)[0]).not.toHaveProperty('extras');
    expect(orderLines([{ pizza_id: 6, qty: 1 }], forLines)[0]).not.toHaveProperty('without');
  });

  it("keeps a pizza's missing declaration unknown, whatever its extras declare", () => {
    expect(orderLines([{ pizza_id: 7, qty: 1, extras: [1] }], forLines)[0].allergens).toBeNull();
  });

  it('refuses an extra not (or no longer) on the menu, and a removal the pizza does not allow', () => {
    expect(() => orderLines([{ pizza_id: 6, qty: 1, extras: [9] }], forLines)).toThrow('Tillvalet finns inte på menyn');
    expect(() => orderLines([{ pizza_id: 6, qty: 1, extras: [3] }], forLines)).toThrow('Tillvalet finns inte på menyn');
    expect(() => orderLines([{ pizza_id: 6, qty: 1, without: ['kebabkött'] }], forLines)).toThrow(
      'Kebabpizza kan inte göras utan kebabkött',
    );
  });

  // The one pricing every way of ordering uses: online bookings, staff orders and waitlist bookings.
  it('given a menu, when a line has no pizzas it drops, and a pizza not on the menu or inactive is refused', () => {
    expect(
      orderLines(
        [
          { pizza_id: 6, qty: 0 },
          { pizza_id: 7, qty: 1 },
        ],
        forLines,
      ).map((l) => l.pizza_id),
    ).toEqual([7]);
    const inactive: MenuForLines = {
      ...forLines,
      pizzas: new Map([[6, { ...forLines.pizzas.get(6)!, active: false }]]),
    };
    expect(() => orderLines([{ pizza_id: 99, qty: 1 }], forLines)).toThrow('En vald pizza finns inte längre på menyn');
    expect(() => orderLines([{ pizza_id: 6, qty: 1 }], inactive)).toThrow('En vald pizza finns inte längre på menyn');
  });
});

describe('a retried booking with extras (rule: idempotent-booking)', () => {
  const KEY = 'retry-with-extras';
  const ost = { id: 1, name: 'Extra ost', price_cents: 1500, allergens: ['milk' as const] };
  const withOst: BookingLine = { pizza_id: 1, pizza_name: 'Margherita', qty: 1, price_cents: 11400, extras: [ost] };
  const plain: BookingLine = { pizza_id: 1, pizza_name: 'Margherita', qty: 1, price_cents: 9900 };
  const first = (items: BookingLine[]): KioskDayEvent => ({
    type: 'BookingPlaced',
    data: { ...(placed().data as BookingPlacedData), items, idempotency_key: KEY },
  });
  const day = (items: BookingLine[]) => given(kioskDayDecider, [first(items)]);

  it('places the price with the extras in it', () => {
    given(kioskDayDecider)
      .when(order({ lines: [withOst, { ...plain, without: ['basilika'] }] }))
      .thenMatches([{ type: 'BookingPlaced', data: { original_total_cents: 21300, total_pizzas: 2 } }]);
  });

  it('the same lines with the same extras append nothing', () => {
    day([withOst])
      .when(order({ lines: [withOst], idempotencyKey: KEY }))
      .then([]);
  });

  it('the same pizza with other extras, or another removal, is another order: a conflict', () => {
    const conflict = 'Idempotensnyckeln har redan använts för en annan bokning';
    day([withOst])
      .when(order({ lines: [plain], idempotencyKey: KEY }))
      .thenThrows(conflict, 'conflict');
    day([plain])
      .when(order({ lines: [{ ...plain, without: ['basilika'] }], idempotencyKey: KEY }))
      .thenThrows(conflict);
  });

  it('a line placed before extras (no fields) still equals a plain retry', () => {
    day([plain])
      .when(order({ lines: [{ ...plain, extras: [], without: [] }], idempotencyKey: KEY }))
      .then([]);
  });
});
