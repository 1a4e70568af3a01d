// Which pizzas a booking page shows as not to be had (rules sold-out, daily-stock), with the label
// each card says it with. Pure: the page's date and time against the day's status.
import type { DayStatus } from '../../../../domain/answers/counter.js';
import { counterTexts } from '../counterTexts.js';

/** Pizza id → its label, for the pizzas the chosen date and time cannot have; `today`: the kiosk's date. */
export function unavailablePizzas(
  status: DayStatus | null,
  date: string,
  time: string,
  today: string | null,
): Map<number, string> {
  const out = new Map<number, string>();
  if (!status || status.date !== date) return out;
  for (const mark of status.sold_out) {
    // Sold out until a time: later slots can have it again.
    if (mark.until !== null && time && time >= mark.until) continue;
    const allDay = date === today ? counterTexts.soldOutToday : counterTexts.soldOutThatDay;
    out.set(mark.pizza_id, mark.until === null ? allDay : counterTexts.soldOutUntil(mark.until));
  }
  for (const stock of status.daily_stock)
    if (stock.left === 0 && !out.has(stock.pizza_id)) out.set(stock.pizza_id, counterTexts.noneLeft);
  // A base used up (e.g. the gluten-free one): every pizza made on it.
  for (const pool of status.stock_pools)
    if (pool.left === 0)
      for (const id of pool.pizza_ids) if (!out.has(id)) out.set(id, counterTexts.baseNoneLeft(pool.name));
  return out;
}
