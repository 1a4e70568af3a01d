// Daily stock per base (rule: daily-stock), e.g. "Glutenfri botten: 6 per dag": the menu has no
// base of its own, so a base is a named stock pool that the pizzas made on it draw from. Like the
// stock per pizza it is a standing setting on a stream of its own ('stock-pools'); the count is
// decided in each kiosk-day stream (counter.ts), where the bookings that use it are placed, so a
// pool is never oversold under concurrency.
import { z } from 'zod';
import { msg } from '../messages.js';
import type { Decider, DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound, reject } from '../shared/errors.js';
import { DAILY_STOCK_MAX } from './dailyStock.js';

export const STOCK_POOLS_STREAM = 'stock-pools';
export const STOCK_POOL_NAME_MAX = 60;

/** POST /admin/stock-pools and PUT /admin/stock-pools/{id}. */
export const stockPoolInputSchema = z.object({
  name: z.string({ error: msg.stockPoolNameRequired }),
  per_day: z
    .number({ error: msg.dailyStockInvalid })
    .int({ error: msg.dailyStockInvalid })
    .min(0, { error: msg.dailyStockInvalid })
    .max(DAILY_STOCK_MAX, { error: msg.dailyStockInvalid }),
  pizza_ids: z.array(z.number().int(), { error: msg.stockPoolPizzasRequired }),
});
export type StockPoolInput = z.infer<typeof stockPoolInputSchema>;

/** A base (or any pool) and the pizzas that draw from it: each booked pizza of those takes one. */
export interface StockPool {
  id: number;
  name: string;
  per_day: number;
  pizza_ids: number[];
}

export type StockPoolEvent =
  | DomainEvent<'StockPoolSet', StockPool & { by: string; at: string }>
  | DomainEvent<'StockPoolRemoved', { id: number; by: string; at: string }>;

/** The stock pools' events: their decoding point (domain/shared/events.ts). */
export const stockPoolEvents = eventsOf<StockPoolEvent>({
  StockPoolSet: true,
  StockPoolRemoved: true,
});

export type StockPoolCommand =
  | {
      type: 'SetStockPool';
      /** null: a new pool. */
      id: number | null;
      input: StockPoolInput;
      /** The menu's pizza ids, as read right before (the menu is another stream). */
      menuPizzaIds: ReadonlySet<number>;
      by: string;
      at: string;
    }
  | { type: 'RemoveStockPool'; id: number; by: string; at: string };

export interface StockPoolState {
  pools: Map<number, StockPool>;
  /** Ids are handed out in order and never reused. */
  lastId: number;
}

/** The pool a name is (case-insensitively), e.g. the one a save just made. */
export const poolNamed = (state: StockPoolState, name: string) =>
  [...state.pools.values()].find((p) => p.name.toLowerCase() === name.trim().toLowerCase());

export const stockPoolsDecider: Decider<StockPoolCommand, StockPoolEvent, StockPoolState> = {
  initialState: () => ({ pools: new Map(), lastId: 0 }),
  evolve(state, event) {
    if (event.type === 'StockPoolRemoved') {
      state.pools.delete(event.data.id);
      return state;
    }
    const { by: _by, at: _at, ...pool } = event.data;
    state.pools.set(pool.id, pool);
    state.lastId = Math.max(state.lastId, pool.id);
    return state;
  },
  decide(command, state) {
    const { by, at } = command;
    if (command.type === 'RemoveStockPool') {
      if (!state.pools.has(command.id)) notFound(msg.stockPoolNotFound);
      return [{ type: 'StockPoolRemoved', data: { id: command.id, by, at } }];
    }
    const name = command.input.name.trim();
    if (!name) reject(msg.stockPoolNameRequired);
    if (name.length > STOCK_POOL_NAME_MAX) reject(msg.stockPoolNameTooLong(STOCK_POOL_NAME_MAX));
    const pizza_ids = [...new Set(command.input.pizza_ids)].sort((a, b) => a - b);
    if (pizza_ids.length === 0) reject(msg.stockPoolPizzasRequired);
    if (pizza_ids.some((id) => !command.menuPizzaIds.has(id))) reject(msg.pizzaNotFound);
    if (command.id !== null && !state.pools.has(command.id)) notFound(msg.stockPoolNotFound);
    // Names are unique (compared case-insensitively): a new pool under a taken name is a retried
    // save when it is the same, and refused otherwise.
    const named = poolNamed(state, name);
    if (named && named.id !== command.id) {
      const same = named.per_day === command.input.per_day && named.pizza_ids.join() === pizza_ids.join();
      if (command.id === null && same) return [];
      reject(msg.stockPoolNameTaken);
    }
    const pool: StockPool = { id: command.id ?? state.lastId + 1, name, per_day: command.input.per_day, pizza_ids };
    // The same pool again (a retried save) appends nothing.
    const before = state.pools.get(pool.id);
    if (before && JSON.stringify(before) === JSON.stringify(pool)) return [];
    return [{ type: 'StockPoolSet', data: { ...pool, by, at } }];
  },
};
