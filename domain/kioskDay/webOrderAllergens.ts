// Rule undeclared-pizzas (issue 43): a pizza nobody declared the allergens of is on the menu (SPEC
// 7's POST /admin/pizzas takes no allergens, and such a pizza is listed by GET /pizzas), but it is
// not sold at a distance. The one place this is decided: the kiosk day's decider asks it for every
// order a customer places themselves (POST /bookings, a waitlist offer's booking); staff orders,
// at the counter and on the phone, never ask it.
//
// Why: food that is not prepacked and sold at a distance (the web, but also the phone) needs its
// allergen information available before the purchase is concluded (EU 1169/2011 art. 14.2, 44;
// LIVSFS 2014:4 8-11 §§). Livsmedelsverket, "Distansförsäljning – inte färdigförpackade livsmedel":
// https://kontrollwiki.livsmedelsverket.se/artikel/51/distansforsaljning-inte-fardigforpackade-livsmedel
// On the web the booking page is the only one who could tell, and it has nothing to tell. Staff can:
// allergen information on food that is not prepacked "kan ges muntligt eller skriftligt"
// (Livsmedelsverket, "Operativt mål 8 – Information om allergener" and "Obligatoriskt att informera
// om"), so the person at the counter, or on the phone, tells the customer before the order is taken:
// https://kontrollwiki.livsmedelsverket.se/artikel/592/operativt-mal-8-information-om-allergener-
// https://kontrollwiki.livsmedelsverket.se/artikel/49/obligatoriskt-att-informera-om-
import { msg } from '../messages.js';
import type { BookingLine } from './bookingPlaced.js';

/**
 * Why a customer's own order may not be placed: it holds pizzas without an allergen declaration
 * (each named once, in the order's order); null when every line is declared. A line's `allergens`
 * is null exactly when its pizza had no declaration as the order was priced (rule: order-lines);
 * lines without the field are from before declarations and only old events hold them.
 */
export function undeclaredInWebOrder(lines: readonly BookingLine[]): string | null {
  const names = [...new Set(lines.filter((line) => line.allergens === null).map((line) => line.pizza_name))];
  return names.length === 0 ? null : msg.pizzaUndeclaredOnline(names);
}
