// Follows GET /api/order-status/live: the board as the stream opens and after every change.
// EventSource reconnects by itself (the server's retry: 3000); `connected` says whether it is open.
import { useEffect, useEffectEvent, useState } from 'react';
import { ORDER_STATUS_LIVE_PATH, type OrderStatusBoardAnswer } from './api/orderStatus.js';

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
