// What a booking or a staff order reads of the counter's daily stock (rule: daily-stock): the
// counter service (api/services/counter.ts) answers it from its streams. Without one (tests that
// build a bookings service alone), there is no daily stock.
import type { StockPool } from '../../domain/menu/stockPools.js';

export interface DailyStockReader {
  /** The daily stock per pizza. */
  dailyStock(): Promise<ReadonlyMap<number, number>>;
  /** The daily stock per base. */
  stockPools(): Promise<readonly StockPool[]>;
}

export const NO_DAILY_STOCK: DailyStockReader = {
  dailyStock: async () => new Map(),
  stockPools: async () => [],
};
