// The order status screen by the counter (rule: order-status-screen): which orders are in the
// oven and which are ready to collect, by number only. Pure: the read model's orders and the
// kiosk's today come in; the api serves the answer and the public live stream sends it again.
import type { KitchenStatus } from './kitchen.js';

/** What the screen may know of an order: its number and where it is, never who ordered it. */
export interface OrderOnBoard {
  id: string;
  booking_date: string;
  booking_time: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  kitchen_status: KitchenStatus | null;
  /** rule: swish-payment. Paid with Swish in advance (issue 49): the counter asks for no payment. */
  paid_with_swish?: boolean;
}

export interface OrderStatusBoard {
  /** I ugnen: the numbers of the orders in the oven, the earliest booked time first. */
  baking: string[];
  /** Klar att hämta: the numbers of the orders ready at the counter, the earliest booked time first. */
  ready: string[];
  /**
   * rule: swish-payment. Of those, the numbers paid with Swish in advance ("Betald med Swish" beside
   * the number); absent when none is, so a kiosk without Swish answers as before.
   */
  paid?: string[];
}

/**
 * The board: confirmed orders marked I ugnen or Klar, booked for today or later. An order is on
 * the screen while it is physically in the oven or on the counter, whatever its booked time;
 * orders of earlier days that staff never marked as collected do not linger there. A collected,
 * no-show, cancelled or moved-away order leaves the screen.
 */
export function orderStatusBoard(orders: readonly OrderOnBoard[], today: string): OrderStatusBoard {
  const shown = orders
    .filter((order) => order.status === 'confirmed' && order.booking_date >= today)
    .toSorted(
      (a, b) =>
        a.booking_date.localeCompare(b.booking_date) ||
        a.booking_time.localeCompare(b.booking_time) ||
        a.id.localeCompare(b.id, 'sv', { numeric: true }),
    );
  const numbers = (status: KitchenStatus) =>
    shown.filter((order) => order.kitchen_status === status).map((order) => order.id);
  const paid = shown
    .filter((order) => order.paid_with_swish === true)
    .filter((order) => order.kitchen_status === 'baking' || order.kitchen_status === 'ready')
    .map((order) => order.id);
  return { baking: numbers('baking'), ready: numbers('ready'), ...(paid.length > 0 ? { paid } : {}) };
}

/** Where one order is according to the board (null: on neither list). */
export function statusOnBoard(board: OrderStatusBoard, id: string): 'baking' | 'ready' | null {
  if (board.ready.includes(id)) return 'ready';
  if (board.baking.includes(id)) return 'baking';
  return null;
}
