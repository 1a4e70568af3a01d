// The kitchen board's calls (rule: kitchen-steps), each beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { kitchenStepSchema } from '../../../../domain/payloads.js';
import type { Booking } from '../../../../domain/answers/booking.js';
import type { KitchenDay } from '../../../../domain/answers/admin.js';
import type { KitchenOrder } from '../board.js';
import { allergensChanged, lineAllergensNow, type DeclarationsNow } from '../../../../domain/menu/allergenChange.js';

export { kitchenStepSchema };
export type KitchenStep = z.output<typeof kitchenStepSchema>['step'];

export const KITCHEN_PATH = '/admin/kitchen';

/** The board's address for a date (none: today). */
export const kitchenPath = (date: string | null) =>
  date ? `${KITCHEN_PATH}?date=${encodeURIComponent(date)}` : KITCHEN_PATH;

/** The day as the board shows it: its date, today, and its orders trimmed to what the board shows. */
export interface KitchenDayView {
  date: string;
  today: string;
  orders: KitchenOrder[];
}

/** Today's declarations from the day's answer (rule: allergen-change); none from an older server. */
export const declarationsOf = (day: Pick<KitchenDay, 'declarations'>): DeclarationsNow | null =>
  day.declarations
    ? {
        pizzas: new Map(day.declarations.pizzas.map((p) => [p.id, p.allergens])),
        extras: new Map(day.declarations.extras.map((e) => [e.id, e.allergens])),
      }
    : null;

/**
 * Only what the board and the ticket show: no e-mail, phone or prices go to the page. Each line's
 * allergens as declared now, and whether they changed since the order was placed (rule:
 * allergen-change), where today's declarations are known.
 */
export const kitchenOrder = (
  {
    id,
    booking_time,
    name,
    dine_in,
    comment,
    items,
    total_pizzas,
    status,
    kitchen_status,
    delayed_to,
    payment,
  }: Booking,
  now: DeclarationsNow | null = null,
): KitchenOrder => ({
  id,
  booking_time,
  name,
  dine_in,
  comment,
  items: items.map((line) => {
    const { pizza_name, qty, allergens, extras, without } = line;
    const current = now ? lineAllergensNow(line, now) : undefined;
    return {
      pizza_name,
      qty,
      ...(allergens === undefined ? {} : { allergens }),
      ...(current === undefined ? {} : { allergens_now: current }),
      ...(allergensChanged(allergens, current) ? { allergens_changed: true } : {}),
      // Issue 29: the extras' names only (no prices go to the page), and the removals.
      ...(extras ? { extras: extras.map(({ name }) => ({ name })) } : {}),
      ...(without ? { without } : {}),
    };
  }),
  total_pizzas,
  status,
  kitchen_status,
  delayed_to: delayed_to ?? null,
  ...(payment?.status === 'paid' ? { paid_with_swish: true as const } : {}),
  ...(payment?.status === 'requested' && status === 'pending' ? { awaiting_swish: true as const } : {}),
});

export const kitchenDayView = (day: KitchenDay): KitchenDayView => {
  const now = declarationsOf(day);
  return { date: day.date, today: day.today, orders: day.bookings.map((booking) => kitchenOrder(booking, now)) };
};

export const getKitchenDay = (date: string | null) => api<KitchenDay>(kitchenPath(date)).then(kitchenDayView);

export const recordKitchenStep = (id: string, step: KitchenStep) =>
  api<{ booking: Booking }>(`/admin/bookings/${encodeURIComponent(id)}/kitchen`, {
    method: 'PUT',
    body: { step } satisfies z.input<typeof kitchenStepSchema>,
  });
