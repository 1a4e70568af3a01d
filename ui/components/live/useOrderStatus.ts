// Follows GET /api/order-status/live (rule: order-status-screen; the counter's /status and /my-booking): the board as the stream opens and after every change.
// EventSource reconnects by itself (the server's retry: 3000); `connected` says whether it is open.
import { useEffect, useEffectEvent, useState } from 'react';
import type { OrderStatusBoardAnswer } from '../../../domain/answers/orderStatus.js';

/** Server-sent events: `event: board` with the whole board, as the stream opens and on each change. */
export const ORDER_STATUS_LIVE_PATH = '/api/order-status/live';

export function useOrderStatus(
  initial: OrderStatusBoardAnswer | null,
  onBoard?: (board: OrderStatusBoardAnswer) => void,
  enabled = true,
): { board: OrderStatusBoardAnswer | null; connected: boolean } {
  const [board, setBoard] = useState(initial);
  const [connected, setConnected] = useState(false);
  const told = useEffectEvent((next: OrderStatusBoardAnswer) => onBoard?.(next));
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(ORDER_STATUS_LIVE_PATH);
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => setConnected(false));
    source.addEventListener('board', (message) => {
      const next = JSON.parse((message as MessageEvent<string>).data) as OrderStatusBoardAnswer;
      setBoard(next);
      told(next);
    });
    return () => {
      source.close();
      setConnected(false);
    };
  }, [enabled]);
  return { board, connected };
}
