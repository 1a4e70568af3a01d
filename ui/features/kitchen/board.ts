// The kitchen board's arithmetic, pure (rule: kitchen-steps; tested in test/ui/kitchenBoard.test.ts):
// the day's confirmed orders grouped by slot, the pizzas still to bake per slot, the slots with
// work left before the finished ones, pending orders apart. The steps an order can take are the
// domain's (nextKitchenSteps in domain/kioskDay/kitchen.ts).
import type { BookingStatus, KitchenStatus } from '../../../domain/answers/booking.js';

/** What the board shows of a booking (the first HTML carries no more). */
export interface KitchenOrder {
  id: string;
  booking_time: string;
  name: string;
  dine_in: boolean;
  comment: string | null;
  /** `allergens`: as declared when ordered (null: undeclared); absent on orders older than declarations. */
  items: Array<{
    pizza_name: string;
    qty: number;
    allergens?: readonly string[] | null;
    /** Rule allergen-change: the line's allergens by today's menu (null: undeclared); absent when unknown. */
    allergens_now?: readonly string[] | null;
    /** Rule allergen-change: today's declaration differs from the one the customer ordered by. */
    allergens_changed?: boolean;
    /** Issue 29: extras (names only: the kitchen is shown no prices) and removals, absent when none. */
    extras?: ReadonlyArray<{ name: string }>;
    without?: readonly string[];
  }>;
  total_pizzas: number;
  status: BookingStatus;
  kitchen_status: KitchenStatus | null;
  /** rule: slot-delay: the time the order is now ready when its slot was pushed back, else null. */
  delayed_to?: string | null;
  /** rule: swish-payment: paid with Swish in advance (staff never ask for it again); absent otherwise. */
  paid_with_swish?: true;
  /** rule: swish-payment: placed and waiting for its Swish payment (not to be baked or confirmed yet); absent otherwise. */
  awaiting_swish?: true;
}

export interface PizzaCount {
  pizza_name: string;
  qty: number;
}

export interface KitchenSlot {
  time: string;
  orders: KitchenOrder[];
  /**
   * The pizzas of the slot's orders that have not come out of the oven yet: those not started
   * and those in the oven. Ready, collected and no-show orders need no more baking. Most first,
   * then by name, so the line reads the same on every screen.
   */
  toBake: PizzaCount[];
  /** Every order collected or marked as no-show: the slot moves after those with work left. */
  done: boolean;
  /** rule: slot-delay: the slot's new time when staff pushed it back, else null. */
  delayedTo: string | null;
}

export interface KitchenBoard {
  /** Confirmed orders by slot: slots with work left in time order, then the finished ones in time order. */
  slots: KitchenSlot[];
  /** Orders staff have not confirmed yet, in time order: shown apart, not in any slot's sum. */
  pending: KitchenOrder[];
}

const FINISHED: ReadonlySet<KitchenStatus | null> = new Set<KitchenStatus | null>(['picked_up', 'no_show']);
const STILL_TO_BAKE: ReadonlySet<KitchenStatus | null> = new Set<KitchenStatus | null>([null, 'baking']);

export const isFinished = (order: Pick<KitchenOrder, 'kitchen_status'>) => FINISHED.has(order.kitchen_status);

/** The pizzas of these orders summed by name: most first, then by name (Swedish order). */
export function sumPizzas(orders: readonly Pick<KitchenOrder, 'items'>[]): PizzaCount[] {
  const byName = new Map<string, number>();
  for (const order of orders)
    for (const item of order.items) byName.set(item.pizza_name, (byName.get(item.pizza_name) ?? 0) + item.qty);
  return [...byName]
    .filter(([, qty]) => qty > 0)
    .map(([pizza_name, qty]) => ({ pizza_name, qty }))
    .sort((a, b) => b.qty - a.qty || a.pizza_name.localeCompare(b.pizza_name, 'sv'));
}

/** The board of a day's orders (any order in; cancelled ones are left out). */
export function kitchenBoard(orders: readonly KitchenOrder[]): KitchenBoard {
  const byTime = (a: { booking_time: string }, b: { booking_time: string }) =>
    a.booking_time.localeCompare(b.booking_time);
  const pending = orders.filter((o) => o.status === 'pending').sort(byTime);
  const slots = new Map<string, KitchenOrder[]>();
  // A stable sort keeps the server's order (placed first) within a slot.
  for (const order of [...orders].sort(byTime)) {
    if (order.status !== 'confirmed') continue;
    const slot = slots.get(order.booking_time) ?? [];
    slot.push(order);
    slots.set(order.booking_time, slot);
  }
  const all = [...slots].map(([time, slotOrders]) => ({
    time,
    orders: slotOrders,
    toBake: sumPizzas(slotOrders.filter((o) => STILL_TO_BAKE.has(o.kitchen_status))),
    done: slotOrders.every(isFinished),
    delayedTo: slotOrders.find((o) => o.delayed_to)?.delayed_to ?? null,
  }));
  return { slots: [...all.filter((s) => !s.done), ...all.filter((s) => s.done)], pending };
}

/** "3 × Margherita, 1 × Vesuvio" */
export const pizzaLine = (pizzas: readonly PizzaCount[]) => pizzas.map((p) => `${p.qty} × ${p.pizza_name}`).join(', ');
