// Daily stock per pizza (rule: daily-stock), e.g. "Glutenfri: 6 per dag": a standing setting on a
// stream of its own ('daily-stock'), beside the menu rather than in it, so a pizza's form and its
// stock change apart. The count itself is decided in each kiosk-day stream (counter.ts), where the
// bookings that use it are placed, so it is never oversold under concurrency.
import { z } from 'zod';
import { msg } from '../messages.js';
import type { Decider, DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound } from '../shared/errors.js';

export const DAILY_STOCK_STREAM = 'daily-stock';
export const DAILY_STOCK_MAX = 1000;

/** PUT /admin/pizzas/{id}/daily-stock: a whole number 0–1000, or null for no limit. */
export const dailyStockInputSchema = z.object({
  per_day: z
    .number({ error: msg.dailyStockInvalid })
    .int({ error: msg.dailyStockInvalid })
    .min(0, { error: msg.dailyStockInvalid })
    .max(DAILY_STOCK_MAX, { error: msg.dailyStockInvalid })
    .nullable(),
});

export type DailyStockEvent = DomainEvent<
  'DailyStockSet',
  { pizza_id: number; per_day: number | null; by: string; at: string }
>;

/** The daily stock's events: their decoding point (domain/shared/events.ts). */
export const dailyStockEvents = eventsOf<DailyStockEvent>({
  DailyStockSet: true,
});

export type DailyStockCommand = {
  type: 'SetDailyStock';
  pizzaId: number;
  perDay: number | null;
  /** Whether the menu has the pizza, as read right before (the menu is another stream). */
  pizzaExists: boolean;
  by: string;
  at: string;
};

/** Pizza id → pizzas per day; a pizza without an entry is not limited. */
export type DailyStockState = Map<number, number>;

export const dailyStockDecider: Decider<DailyStockCommand, DailyStockEvent, DailyStockState> = {
  initialState: () => new Map(),
  evolve(state, event) {
    if (event.data.per_day === null) state.delete(event.data.pizza_id);
    else state.set(event.data.pizza_id, event.data.per_day);
    return state;
  },
  decide(command, state) {
    if (!command.pizzaExists) notFound(msg.pizzaNotFound);
    // The same figure again (a retried request) appends nothing.
    if ((state.get(command.pizzaId) ?? null) === command.perDay) return [];
    return [
      {
        type: 'DailyStockSet',
        data: { pizza_id: command.pizzaId, per_day: command.perDay, by: command.by, at: command.at },
      },
    ];
  },
};
