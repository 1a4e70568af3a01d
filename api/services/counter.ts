// The counter's evening (issue 29): sold out today, daily stock, web-booking pause, slot delays.
// Every change is a command on the kiosk-day stream (or the daily-stock stream), with the staff
// member as its actor, so the history and the auditors' replay show who did it and when.
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import {
  bookingsHoldingSoldOut,
  pauseAt,
  pauseMessage,
  pizzasHeld,
  poolLeft,
  type CounterCommand,
} from '../../domain/kioskDay/counter.js';
import { DAILY_STOCK_STREAM, dailyStockDecider } from '../../domain/menu/dailyStock.js';
import {
  STOCK_POOLS_STREAM,
  poolNamed,
  stockPoolsDecider,
  type StockPool,
  type StockPoolInput,
} from '../../domain/menu/stockPools.js';
import type { DayStatus } from '../../domain/answers/counter.js';
import { msg } from '../../domain/messages.js';
import { notFound } from '../../domain/shared/errors.js';
import { minutesOf, timeOf, todayIn, type Clock } from '../../domain/shared/time.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { Commands } from './commands.js';
import type { MenuService } from './menu.js';

type WithoutContext<C> = C extends unknown ? Omit<C, 'by' | 'clock' | 'date'> : never;

export class CounterService {
  constructor(
    private readonly commands: Commands,
    private readonly menu: MenuService,
    private readonly docs: DocumentStore,
  ) {}

  private today(clock: Clock = this.commands.clock()) {
    return todayIn(clock);
  }

  private day(date: string) {
    return this.commands.load(kioskDayStream(date), kioskDayDecider);
  }

  /** Runs a counter command on a day's stream with the staff member as actor. */
  private run(date: string, command: WithoutContext<CounterCommand>, actor: string) {
    const full = { ...command, date, by: actor, clock: this.commands.clock() };
    return this.commands.write(kioskDayStream(date), kioskDayDecider, full, actor);
  }

  private async pizza(id: number) {
    const pizza = (await this.menu.pizzas()).get(id);
    if (!pizza) notFound(msg.pizzaNotFound);
    return pizza!;
  }

  /** Rule sold-out: today, until closing (null) or until a time. */
  async markSoldOut(date: string | undefined, pizzaId: number, until: string | null, actor: string) {
    const pizza = await this.pizza(pizzaId);
    await this.run(
      date ?? this.today(),
      { type: 'MarkPizzaSoldOut', pizza: { id: pizza.id, name: pizza.name }, until },
      actor,
    );
  }

  async backInStock(date: string | undefined, pizzaId: number, actor: string) {
    await this.run(date ?? this.today(), { type: 'MarkPizzaBackInStock', pizzaId }, actor);
  }

  /** Today's bookings holding a sold-out pizza, with the names staff call them by. */
  async soldOutBookings(date: string | undefined, pizzaId: number) {
    const { state } = await this.day(date ?? this.today());
    const holding = bookingsHoldingSoldOut(state, pizzaId);
    return Promise.all(
      holding.map(async (b) => {
        const doc = await this.docs.get<BookingDoc>(COLLECTIONS.bookings, b.booking_id);
        return {
          booking_id: b.booking_id,
          booking_time: b.booking_time,
          name: doc?.name ?? '',
          status: b.status as 'pending' | 'confirmed',
          qty: b.items.filter((l) => l.pizza_id === pizzaId).reduce((sum, l) => sum + l.qty, 0),
          offered: state.counter.swapOffers.has(`${b.booking_id}/${pizzaId}`),
        };
      }),
    );
  }

  /** One mail to each booking holding the pizza, offering a swap or a cancellation (once each). */
  async offerSwaps(date: string | undefined, pizzaId: number, actor: string) {
    const result = await this.run(date ?? this.today(), { type: 'OfferSoldOutSwap', pizzaId }, actor);
    return result.events.length;
  }

  /** Rule daily-stock: pizza id → pizzas per day. */
  async dailyStock(): Promise<Map<number, number>> {
    return (await this.commands.load(DAILY_STOCK_STREAM, dailyStockDecider)).state;
  }

  async setDailyStock(pizzaId: number, perDay: number | null, actor: string) {
    const pizzaExists = (await this.menu.pizzas()).has(pizzaId);
    const at = this.commands.clock().now.toISOString();
    await this.commands.write(
      DAILY_STOCK_STREAM,
      dailyStockDecider,
      { type: 'SetDailyStock', pizzaId, perDay, pizzaExists, by: actor, at },
      actor,
    );
  }

  /** Rule daily-stock: the stock per base, as pools the pizzas on each base draw from. */
  async stockPools(): Promise<StockPool[]> {
    const { state } = await this.commands.load(STOCK_POOLS_STREAM, stockPoolsDecider);
    return [...state.pools.values()];
  }

  /** A new pool (id null) or a changed one; answers its id. */
  async setStockPool(id: number | null, input: StockPoolInput, actor: string): Promise<number> {
    const menuPizzaIds = new Set((await this.menu.pizzas()).keys());
    const at = this.commands.clock().now.toISOString();
    const result = await this.commands.write(
      STOCK_POOLS_STREAM,
      stockPoolsDecider,
      { type: 'SetStockPool', id, input, menuPizzaIds, by: actor, at },
      actor,
    );
    return id ?? poolNamed(result.state, input.name)!.id;
  }

  async removeStockPool(id: number, actor: string) {
    const at = this.commands.clock().now.toISOString();
    await this.commands.write(
      STOCK_POOLS_STREAM,
      stockPoolsDecider,
      { type: 'RemoveStockPool', id, by: actor, at },
      actor,
    );
  }

  /** Rule web-pause: today's web bookings, for minutes (null: the rest of the day). */
  async pause(minutes: number | null, reason: string, actor: string) {
    await this.run(this.today(), { type: 'PauseWebBookings', minutes, reason }, actor);
  }

  async resume(actor: string) {
    await this.run(this.today(), { type: 'ResumeWebBookings' }, actor);
  }

  /** Rule slot-delay: answers how many orders moved. */
  async delay(date: string | undefined, time: string, minutes: number, actor: string) {
    const result = await this.run(date ?? this.today(), { type: 'DelaySlot', time, minutes }, actor);
    return result.events.length;
  }

  async undoDelay(date: string | undefined, time: string, actor: string) {
    const result = await this.run(date ?? this.today(), { type: 'UndoSlotDelay', time }, actor);
    return result.events.length;
  }

  /** What a booking page shows beside the menu: no personal data. */
  async status(date: string | undefined): Promise<DayStatus> {
    const clock = this.commands.clock();
    const day = date ?? this.today(clock);
    const [{ state }, stock, pools] = await Promise.all([this.day(day), this.dailyStock(), this.stockPools()]);
    const held = pizzasHeld(state);
    const pause = pauseAt(state, clock);
    return {
      date: day,
      sold_out: [...state.counter.soldOut].map(([pizza_id, mark]) => ({
        pizza_id,
        pizza_name: mark.pizza_name,
        until: mark.until,
      })),
      daily_stock: [...stock].map(([pizza_id, per_day]) => ({
        pizza_id,
        per_day,
        left: Math.max(0, per_day - (held.get(pizza_id) ?? 0)),
      })),
      stock_pools: pools.map((pool) => ({ ...pool, left: poolLeft(pool, held) })),
      paused: pause ? { ...pause, message: pauseMessage(pause, clock.timeZone) } : null,
      delays: [...state.counter.delays]
        .map(([time, d]) => ({
          time,
          minutes: d.minutes,
          delayed_to: timeOf(minutesOf(time) + d.minutes),
          orders: d.bookingIds.length,
        }))
        .sort((a, b) => a.time.localeCompare(b.time)),
    };
  }
}
