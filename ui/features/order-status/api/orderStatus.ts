// The order status board's call (rule: order-status-screen); its live stream is followed by
// ui/components/live/useOrderStatus.ts.
import type { OrderStatusBoardAnswer } from '../../../../domain/answers/orderStatus.js';

export type { OrderStatusBoardAnswer };

export const ORDER_STATUS_PATH = '/api/order-status';
