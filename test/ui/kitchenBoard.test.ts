// The kitchen board's arithmetic (ui/features/kitchen/board.ts): confirmed orders grouped by
// slot in time order, the pizzas still to bake per slot, finished slots after those with work
// left, pending orders apart. The steps each order can take are the domain's (test/domain/kitchen.test.ts).
import { describe, expect, it } from 'vitest';
import { kitchenBoard, pizzaLine, sumPizzas, type KitchenOrder } from '../../ui/features/kitchen/board.js';

let n = 0;
function order(time: string, items: Array<[string, number]>, extra: Partial<KitchenOrder> = {}): KitchenOrder {
  n += 1;
  return {
    id: `20261124-${n}`,
    booking_time: time,
    name: `Kund ${n}`,
    dine_in: false,
    comment: null,
    items: items.map(([pizza_name, qty]) => ({ pizza_name, qty })),
    total_pizzas: items.reduce((sum, [, qty]) => sum + qty, 0),
    status: 'confirmed',
    kitchen_status: null,
    ...extra,
  };
}

describe('the pizzas to bake', () => {
  it('sums pizzas by name, most first, then by name in Swedish order', () => {
    const pizzas = sumPizzas([
      order('18:00', [
        ['Vesuvio', 1],
        ['Margherita', 2],
      ]),
      order('18:00', [['Margherita', 1]]),
      order('18:00', [
        ['Äggplanta', 1],
        ['Capricciosa', 1],
      ]),
    ]);
    expect(pizzas).toEqual([
      { pizza_name: 'Margherita', qty: 3 },
      { pizza_name: 'Capricciosa', qty: 1 },
      { pizza_name: 'Vesuvio', qty: 1 },
      { pizza_name: 'Äggplanta', qty: 1 },
    ]);
    expect(pizzaLine(pizzas.slice(0, 3))).toBe('3 × Margherita, 1 × Capricciosa, 1 × Vesuvio');
    expect(sumPizzas([])).toEqual([]);
  });

  it("counts a slot's orders not yet out of the oven: not started and baking, not ready, collected or no-show", () => {
    const board = kitchenBoard([
      order('18:00', [['Margherita', 2]]),
      order(
        '18:00',
        [
          ['Margherita', 1],
          ['Vesuvio', 1],
        ],
        { kitchen_status: 'baking' },
      ),
      order('18:00', [['Vesuvio', 4]], { kitchen_status: 'ready' }),
      order('18:00', [['Hawaii', 1]], { kitchen_status: 'picked_up' }),
      order('18:00', [['Kebab', 1]], { kitchen_status: 'no_show' }),
    ]);
    expect(board.slots).toHaveLength(1);
    expect(pizzaLine(board.slots[0].toBake)).toBe('3 × Margherita, 1 × Vesuvio');
    expect(board.slots[0].done).toBe(false);
  });
});

describe('the slots', () => {
  it('group confirmed orders by time, in time order, keeping the order they came in within a slot', () => {
    const a = order('18:15', [['Margherita', 1]]);
    const b = order('12:00', [['Vesuvio', 1]]);
    const c = order('18:15', [['Hawaii', 1]]);
    const board = kitchenBoard([a, b, c]);
    expect(board.slots.map((s) => s.time)).toEqual(['12:00', '18:15']);
    expect(board.slots[1].orders.map((o) => o.id)).toEqual([a.id, c.id]);
  });

  it('move a slot whose orders are all collected or no-show after the slots with work left', () => {
    const board = kitchenBoard([
      order('11:00', [['Margherita', 1]], { kitchen_status: 'picked_up' }),
      order('11:00', [['Margherita', 1]], { kitchen_status: 'no_show' }),
      order('11:30', [['Margherita', 1]], { kitchen_status: 'ready' }),
      order('12:00', [['Margherita', 1]]),
      order('10:45', [['Margherita', 1]], { kitchen_status: 'picked_up' }),
    ]);
    expect(board.slots.map((s) => [s.time, s.done])).toEqual([
      ['11:30', false],
      ['12:00', false],
      ['10:45', true],
      ['11:00', true],
    ]);
    // A ready order still waits to be collected: its slot is not done, yet nothing is left to bake.
    expect(board.slots[0].toBake).toEqual([]);
  });

  it('keep pending orders apart, in time order, out of every sum; cancelled ones nowhere', () => {
    const pending = order('19:00', [['Vesuvio', 2]], { status: 'pending' });
    const earlier = order('17:00', [['Vesuvio', 1]], { status: 'pending' });
    const cancelled = order('18:00', [['Hawaii', 1]], { status: 'cancelled' });
    const confirmed = order('18:00', [['Margherita', 1]]);
    const board = kitchenBoard([pending, cancelled, confirmed, earlier]);
    expect(board.pending.map((o) => o.id)).toEqual([earlier.id, pending.id]);
    expect(board.slots.map((s) => s.time)).toEqual(['18:00']);
    expect(board.slots[0].orders.map((o) => o.id)).toEqual([confirmed.id]);
    expect(pizzaLine(board.slots[0].toBake)).toBe('1 × Margherita');
  });

  it('is empty without orders', () => {
    expect(kitchenBoard([])).toEqual({ slots: [], pending: [] });
  });
});
