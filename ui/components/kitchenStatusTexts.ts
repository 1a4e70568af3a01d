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

/** Where the customer's order is in the kitchen, as /my-booking says it (null: not in the oven yet). */
export function customerKitchenLabel(status: KitchenStatus | null, dineIn: boolean): string {
  switch (status) {
    case null:
      return 'Väntar på ugnen';
    case 'baking':
      return 'I ugnen';
    case 'ready':
      return dineIn ? 'Klar, serveras strax' : 'Klar att hämta';
    case 'picked_up':
      return dineIn ? 'Serverad' : 'Hämtad';
    case 'no_show':
      return 'Inte hämtad';
  }
}
