// What an order costs (rules: order-lines, prices-and-discounts), reckoned once for the decider
// and the pages: the placed order's record, the booking page's summary and button, the waitlist
// offer's, and the staff order dialog's total. It imports only money, so the booking page's first
// bundle can carry it.
import { discountCents } from '../shared/money.js';

/** A line's unit price (rule: order-lines): the pizza's plus its extras' (prices include VAT). */
export const unitPriceCents = (pizzaCents: number, extras: ReadonlyArray<{ price_cents: number }>): number =>
  pizzaCents + extras.reduce((sum, extra) => sum + extra.price_cents, 0);

/** What a line costs: its quantity times its unit price. */
export const lineTotalCents = (line: { qty: number; price_cents: number }): number => line.qty * line.price_cents;

/** What the lines cost before any discount. */
export const linesTotalCents = (lines: ReadonlyArray<{ qty: number; price_cents: number }>): number =>
  lines.reduce((sum, line) => sum + lineTotalCents(line), 0);

export interface OrderPrice {
  original_cents: number;
  discount_cents: number;
  final_cents: number;
}

/**
 * The order's price with an optional bonus-code discount (rule: prices-and-discounts): the
 * discount rounded to whole cents, final = original − discount.
 */
export function orderPrice(
  lines: ReadonlyArray<{ qty: number; price_cents: number }>,
  discountPercentage: number | null,
): OrderPrice {
  const original = linesTotalCents(lines);
  const discount = discountPercentage ? discountCents(original, discountPercentage) : 0;
  return { original_cents: original, discount_cents: discount, final_cents: original - discount };
}
