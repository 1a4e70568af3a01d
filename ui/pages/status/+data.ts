// The first HTML of /status already shows the board (numbers only), readable before the script runs.
import type { PageContextServer } from 'vike/types';
import { ORDER_STATUS_PATH, type OrderStatusBoardAnswer } from '../../features/order-status/api/orderStatus.js';

export type Data = OrderStatusBoardAnswer | null;

export const data = (pageContext: PageContextServer): Promise<Data> =>
  pageContext.apiGet<OrderStatusBoardAnswer>(ORDER_STATUS_PATH).catch(() => null);
