// The order status screen's texts (rule: order-status-screen); its two columns are named by the
// kitchen's status labels, which live in ui/components/kitchenStatusTexts.ts (as /my-booking says them).
import { customerKitchenLabel } from '../../components/kitchenStatusTexts.js';

export const orderStatusTexts = {
  title: 'Orderstatus',
  baking: customerKitchenLabel('baking', false),
  ready: customerKitchenLabel('ready', false),
  noneBaking: 'Inget i ugnen just nu',
  noneReady: 'Inget att hämta just nu',
  hint: 'Hämta vid disken när ditt nummer står under Klar att hämta.',
  live: 'Uppdateras live',
  offline: 'Ej ansluten, försöker igen',
  count: (n: number) => (n === 1 ? '1 order' : `${n} ordrar`),
  order: (id: string) => `Order ${id}`,
  /** rule: swish-payment (issue 49): paid in advance, as the kitchen board and the ticket say it. */
  paidWithSwish: 'Betald med Swish',
  orderPaid: (id: string) => `Order ${id}, betald med Swish`,
};
