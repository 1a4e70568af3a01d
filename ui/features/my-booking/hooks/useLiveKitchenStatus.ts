// /my-booking follows its order through the kitchen live (rule: order-status-screen): the public
// order status stream tells which numbers are in the oven and ready, so the page needs no stream of
// its own and sends no e-mail anywhere. When the number leaves the board (collected, not collected,
// an undo back before the oven, cancelled) the page asks the booking again, once, for where it went.
import { statusOnBoard } from '../../../../domain/kioskDay/orderStatusBoard.js';
import type { Booking } from '../../../../domain/answers/booking.js';
import { useOrderStatus } from '../../../components/live/useOrderStatus.js';

const FOLLOWED: ReadonlySet<Booking['kitchen_status']> = new Set<Booking['kitchen_status']>([null, 'baking', 'ready']);

/**
 * Calls onStatus with the order's new kitchen status when the board shows it moved, and onLeft
 * when the board no longer shows an order that was on it. Follows only a confirmed order still on
 * its way through the kitchen.
 */
export function useLiveKitchenStatus(
  booking: Pick<Booking, 'id' | 'status' | 'kitchen_status'> | null,
  onStatus: (status: 'baking' | 'ready') => void,
  onLeft: () => void,
): { connected: boolean } {
  const enabled = booking !== null && booking.status === 'confirmed' && FOLLOWED.has(booking.kitchen_status);
  const { connected } = useOrderStatus(
    null,
    (board) => {
      if (!booking) return;
      const now = statusOnBoard(board, booking.id);
      if (now !== null && now !== booking.kitchen_status) onStatus(now);
      else if (now === null && (booking.kitchen_status === 'baking' || booking.kitchen_status === 'ready')) onLeft();
    },
    enabled,
  );
  return { connected: enabled && connected };
}
