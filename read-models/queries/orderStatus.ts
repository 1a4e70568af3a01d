// The order status screen's board (rule: order-status-screen): the orders in the oven or on the
// counter, read by their kitchen status and trimmed to numbers by the domain's rule.
import { orderStatusBoard } from '../../domain/kioskDay/orderStatusBoard.js';
import type { OrderStatusBoardAnswer } from '../../domain/answers/orderStatus.js';
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../shapes.js';

export async function orderStatus(docs: DocumentStore, clock: Clock): Promise<OrderStatusBoardAnswer> {
  const today = todayIn(clock);
  const orders = await docs.find<BookingDoc>(COLLECTIONS.bookings, {
    booking_date: { $gte: today },
    kitchen_status: { $in: ['baking', 'ready'] },
  });
  return {
    today,
    ...orderStatusBoard(
      orders.map(({ id, booking_date, booking_time, status, kitchen_status, payment }) => ({
        id,
        booking_date,
        booking_time,
        status,
        kitchen_status: kitchen_status ?? null,
        paid_with_swish: payment?.status === 'paid',
      })),
      today,
    ),
  };
}
