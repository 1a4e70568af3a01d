// Staff order entry (rule: staff-orders): an order taken at the counter or on the phone goes into
// the same day stream as the online bookings, under the same capacity rule, so the oven's
// capacity is decided once for every order however it came in. It is confirmed at once: one
// append holds the BookingPlaced (with its source, the staff member and any override) and the
// BookingConfirmed.
import type { StockPool } from '../menu/stockPools.js';
import { kitchenRefusal } from './counter.js';
import { closureOn, type Closure } from '../closures/closures.js';
import { msg } from '../messages.js';
import type { Settings } from '../settings/settings.js';
import { DomainError, reject } from '../shared/errors.js';
import { daysBetween, isAhead, wallClock, type Clock } from '../shared/time.js';
import type { BookingLine, KioskDayEvent, KioskDayState } from './kioskDay.js';
import type { StaffOrderSource } from './orderSource.js';
import { placedOrder, sameOrder } from './placedOrder.js';
import { dayHours, slotCapacity } from './schedule.js';
import { planOffers } from './waitlist.js';

export interface PlaceStaffOrder {
  type: 'PlaceStaffOrder';
  source: StaffOrderSource;
  date: string;
  time: string;
  /** Lines with name and price taken from the menu when the command was made. */
  lines: BookingLine[];
  /** Name optional (a counter order may have none), phone required on the phone, e-mail optional. */
  customer: { name: string | null; email: string | null; phone: string | null };
  dine_in: boolean;
  comment: string | null;
  /** The staff member taking the order: recorded in the event. */
  staff: { admin_id: number; email: string };
  /** Staff confirmed they take the order even though the slot has no room for it. */
  overrideCapacity: boolean;
  settings: Settings;
  closures: readonly Closure[];
  clock: Clock;
  /** One per press of "Lägg beställningen": a retried request places nothing twice. */
  idempotencyKey?: string | null;
  /** The daily stock per pizza id (rule: daily-stock); none: no pizza is limited. */
  stock?: ReadonlyMap<number, number>;
  /** The daily stock per base (rule: daily-stock). */
  pools?: readonly StockPool[];
}

/** Digits in a phone number: at least six make a number staff can call back. */
const PHONE_MIN_DIGITS = 6;

/** Whether a phone number has the digits of one staff can call back (also what Kunddata looks a phone customer up by). */
export const hasPhoneDigits = (phone: string) => phone.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;

export function decideStaffOrder(command: PlaceStaffOrder, state: KioskDayState): KioskDayEvent[] {
  const name = command.customer.name?.trim() ?? '';
  const email = command.customer.email?.trim() ?? '';
  const phone = command.customer.phone?.trim() || null;
  const order = { ...command, customer: { name, email, phone } };

  // A retry (the same key) is answered as first placed, before every other rule.
  const earlier = command.idempotencyKey ? state.byIdempotencyKey.get(command.idempotencyKey) : undefined;
  if (earlier) {
    if (!sameOrder(earlier, order)) throw new DomainError(msg.idempotencyKeyReused, 'conflict');
    return [];
  }

  // 1. Who: a phone order needs a number to call back; a counter order needs nobody's name.
  if ((command.source as string) !== 'counter' && command.source !== 'phone') reject(msg.staffOrderSourceInvalid);
  if (command.source === 'phone') {
    if (!phone) reject(msg.staffOrderPhoneRequired);
    if (!hasPhoneDigits(phone!)) reject(msg.staffOrderPhoneInvalid);
  }

  // 2. The order: at least one pizza, at most a window's capacity (rule: pizza-count).
  const { settings, clock, date, time } = command;
  const pizzas = command.lines.reduce((sum, line) => sum + line.qty, 0);
  if (command.lines.length === 0 || pizzas === 0) reject(msg.atLeastOnePizza);
  if (pizzas > settings.capacity_per_window) reject(msg.pizzaCountMax(settings.capacity_per_window));

  // 3. The date: not passed, not closed. Staff may take an order for a VIP day or beyond the
  // customers' horizon: those rules decide who may book online, not what the kitchen can bake.
  const now = wallClock(clock.now, clock.timeZone);
  if (daysBetween(now.date, date) < 0) reject(msg.datePassed);
  const closure = closureOn(date, command.closures);
  if (closure) reject(msg.dayClosedFor(closure.reason));
  const hours = dayHours(date, settings, state.entry);
  if (!hours.isOpen) reject(msg.dayClosed);

  // 4. The slot: one of the day's, still ahead, and with room, exactly as for an online booking
  // (rule: capacity, waitlist holds included), unless staff confirmed they take it anyway.
  const remaining = slotCapacity(hours, settings, planOffers(state, date, settings, clock).inUse, time);
  if (remaining === null) reject(msg.noSuchSlot);
  if (!isAhead(now, date, time)) reject(msg.timePassed);
  // 5. What the kitchen has: a sold-out pizza or a used-up daily stock binds staff too (the web
  // pause does not: it stops web bookings, not the counter).
  const refusal = kitchenRefusal(state, { time, lines: command.lines, stock: command.stock, pools: command.pools });
  if (refusal) throw new DomainError(refusal, 'conflict');
  const full = remaining! < pizzas;
  if (full && !command.overrideCapacity)
    throw new DomainError(msg.staffOrderSlotFull(pizzas, Math.max(0, remaining!)), 'conflict');

  const placed = placedOrder({ ...order, discount: null, vip: null }, state);
  const at = clock.now.toISOString();
  return [
    {
      type: 'BookingPlaced',
      data: {
        ...placed,
        ...(command.idempotencyKey ? { idempotency_key: command.idempotencyKey } : {}),
        source: command.source,
        taken_by: { admin_id: command.staff.admin_id, email: command.staff.email },
        ...(full ? { capacity_override: { remaining: Math.max(0, remaining!) } } : {}),
      },
    },
    // Confirmed at once: staff took it themselves, so it goes straight onto the kitchen board.
    { type: 'BookingConfirmed', data: { booking_id: placed.booking_id, confirmed_at: at, staff_order: true } },
  ];
}
