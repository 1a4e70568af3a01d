// rule: swish-prepay (issue 49): the kiosk's choice of when a web order is paid with Swish in
// advance, and what it asks of one order. Apart from the schema and the settings' decider
// (./swishPrepay.ts) so that the booking page, which shows the choice before the order button,
// takes this one rule without zod.
import { assertNever } from '../shared/decider.js';

/**
 * rule: swish-prepay. When a web booking is paid with Swish in advance: never (the default: paid
 * at pick-up, as before), offered to everyone, required from a number of pizzas, required of a
 * customer with earlier no-shows (rule: no-shows), or required of every web order.
 */
export const SWISH_PREPAY_CHOICES = [
  'never',
  'offered',
  'required_from_pizzas',
  'required_after_no_shows',
  'required_all_web',
] as const;
export type SwishPrepayChoice = (typeof SWISH_PREPAY_CHOICES)[number];

export interface SwishPrepay {
  choice: SwishPrepayChoice;
  /** With required_from_pizzas: the number of pizzas from which payment is required; otherwise null. */
  from_pizzas: number | null;
}

export type SwishPrepayAsked = 'none' | 'offered' | 'required';

/**
 * rule: swish-prepay. Whether a web order of `pizzas` pizzas by a customer with `earlierNoShows`
 * is asked to pay with Swish: not at all, offered (the customer may choose to), or required.
 * Orders taken at the counter or on the phone are never asked (they are paid at the till).
 */
export function paymentAskedFor(
  prepay: SwishPrepay,
  order: { source: 'web' | 'counter' | 'phone'; pizzas: number },
  earlierNoShows: number,
): SwishPrepayAsked {
  if (order.source !== 'web') return 'none';
  switch (prepay.choice) {
    case 'never':
      return 'none';
    case 'offered':
      return 'offered';
    case 'required_from_pizzas':
      return prepay.from_pizzas !== null && order.pizzas >= prepay.from_pizzas ? 'required' : 'offered';
    case 'required_after_no_shows':
      return earlierNoShows > 0 ? 'required' : 'offered';
    case 'required_all_web':
      return 'required';
    default:
      return assertNever(prepay.choice);
  }
}
