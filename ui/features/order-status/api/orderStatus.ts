// The order status board's calls (rule: order-status-screen): the board, and its live stream.
import type { OrderStatusBoardAnswer } from '../../../../domain/answers/orderStatus.js';

export type { OrderStatusBoardAnswer };

export const ORDER_STATUS_PATH = '/api/order-status';
/** Server-sent events: `event: board` with the whole board, as the stream opens and on each change. */
export const ORDER_STATUS_LIVE_PATH = '/api/order-status/live';
