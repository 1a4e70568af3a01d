// The order status screen's texts (rule: order-status-screen): the counter's screen and the
// kitchen status on /my-booking.
import type { KitchenStatus } from '../../../domain/answers/booking.js';

export const orderStatusTexts = {
  title: 'Orderstatus',
  baking: 'I ugnen',
  ready: 'Klar att hämta',
  noneBaking: 'Inget i ugnen just nu',
  noneReady: 'Inget att hämta just nu',
  hint: 'Hämta vid disken när ditt nummer står under Klar att hämta.',
  live: 'Uppdateras live',
  offline: 'Ej ansluten, försöker igen',
  count: (n: number) => (n === 1 ? '1 order' : `${n} ordrar`),
  order: (id: string) => `Order ${id}`,
};

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
