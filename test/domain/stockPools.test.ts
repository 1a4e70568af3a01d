// A daily stock per base (rule: daily-stock), e.g. "Glutenfri botten: 6 per dag": a named pool on
// the 'stock-pools' stream that the pizzas made on that base draw from, decided in the kiosk-day
// stream like capacity, for online bookings and staff orders alike.
import { describe, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import { stockPoolsDecider, type StockPool } from '../../domain/menu/stockPools.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { MARGHERITA, VESUVIO, cancelled, clock, line, order, placed } from './fixtures.js';

const AT = clock.now.toISOString();
const BY = 'staff@kiosk.se';
const day = (...events: KioskDayEvent[]) => given(kioskDayDecider, events);
/** Margherita and Vesuvio both on the gluten-free base, three per day. */
const glutenFree: StockPool = { id: 1, name: 'Glutenfri botten', per_day: 3, pizza_ids: [1, 2] };
const pools = [glutenFree];

describe('a daily stock per base, in the kiosk day (rule: daily-stock)', () => {
  it('lets the pizzas on the base take it together, up to the last one', () => {
    day(placed({ pizzas: 2 }))
      .when(order({ pools, time: '13:00', lines: [line(VESUVIO, 1)] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('refuses more than is left across every pizza on the base, naming the base', () => {
    day(placed({ pizzas: 2 }))
      .when(order({ pools, time: '13:00', lines: [line(MARGHERITA, 1), line(VESUVIO, 1)] }))
      .thenThrows(msg.stockLeft('Glutenfri botten', 1));
    day(placed({ pizzas: 3 }))
      .when(order({ pools, time: '18:00', lines: [line(VESUVIO, 1)] }))
      .thenThrows(msg.stockLeft('Glutenfri botten', 0));
  });
  it('is given back by a cancellation', () => {
    const three = placed({ pizzas: 3 });
    day(three, cancelled(three))
      .when(order({ pools, time: '13:00', lines: [line(VESUVIO, 3)] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
  it('leaves pizzas on other bases alone', () => {
    day(placed({ pizzas: 3 }))
      .when(order({ pools: [{ ...glutenFree, pizza_ids: [1] }], time: '13:00', lines: [line(VESUVIO, 2)] }))
      .thenMatches([{ type: 'BookingPlaced' }]);
  });
});

describe('the stock-pools stream (rule: daily-stock)', () => {
  const menuPizzaIds = new Set([1, 2, 3]);
  const input = { name: ' Glutenfri botten ', per_day: 6, pizza_ids: [2, 1, 2] };
  const save = { type: 'SetStockPool' as const, id: null, input, menuPizzaIds, by: BY, at: AT };
  const set = {
    type: 'StockPoolSet' as const,
    data: { id: 1, name: 'Glutenfri botten', per_day: 6, pizza_ids: [1, 2], by: BY, at: AT },
  };
  it('records a new base with its pizzas, who and when; ids in order', () => {
    given(stockPoolsDecider).when(save).then([set]);
    given(stockPoolsDecider, [set])
      .when({ ...save, input: { name: 'Surdeg', per_day: 10, pizza_ids: [3] } })
      .then([{ type: 'StockPoolSet', data: { id: 2, name: 'Surdeg', per_day: 10, pizza_ids: [3], by: BY, at: AT } }]);
  });
  it('appends nothing for the same save again (a retried request), and refuses a taken name', () => {
    given(stockPoolsDecider, [set]).when(save).then([]);
    given(stockPoolsDecider, [set])
      .when({ ...save, input: { ...input, name: 'GLUTENFRI BOTTEN', per_day: 4 } })
      .thenThrows(msg.stockPoolNameTaken);
  });
  it('changes and removes a base by id', () => {
    given(stockPoolsDecider, [set])
      .when({ ...save, id: 1, input: { ...input, per_day: 8 } })
      .then([{ type: 'StockPoolSet', data: { ...set.data, per_day: 8 } }]);
    given(stockPoolsDecider, [set])
      .when({ type: 'RemoveStockPool', id: 1, by: BY, at: AT })
      .then([{ type: 'StockPoolRemoved', data: { id: 1, by: BY, at: AT } }]);
    given(stockPoolsDecider)
      .when({ type: 'RemoveStockPool', id: 1, by: BY, at: AT })
      .thenThrows(msg.stockPoolNotFound, 'not_found');
  });
  it('refuses a blank name, no pizzas and a pizza not on the menu', () => {
    given(stockPoolsDecider)
      .when({ ...save, input: { ...input, name: '  ' } })
      .thenThrows(msg.stockPoolNameRequired);
    given(stockPoolsDecider)
      .when({ ...save, input: { ...input, pizza_ids: [] } })
      .thenThrows(msg.stockPoolPizzasRequired);
    given(stockPoolsDecider)
      .when({ ...save, input: { ...input, pizza_ids: [9] } })
      .thenThrows(msg.pizzaNotFound);
  });
});
