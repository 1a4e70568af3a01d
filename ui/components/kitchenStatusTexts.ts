// Where an order is in the kitchen (rule: kitchen-steps), as the kitchen board and the staff's
// bookings list and details say it.
import type { KitchenStatus } from '../../domain/answers/booking.js';

/** The button that takes an order to the step; collecting says Serverad for dine-in orders. */
export function stepLabel(step: KitchenStatus, dineIn: boolean): string {
  switch (step) {
    case 'baking':
      return 'I ugnen';
    case 'ready':
      return 'Klar';
    case 'picked_up':
      return dineIn ? 'Serverad' : 'Hämtad';
    case 'no_show':
      return 'Uteblev';
  }
}

/** Where an order is now, as its badge says it. */
export function statusLabel(status: KitchenStatus | null, dineIn: boolean): string {
  return status === null ? 'Att baka' : stepLabel(status, dineIn);
}
