// The order as staff fill it in: where from, who, which pizzas, when. Until staff pick a time, the
// first slot with room for the whole order is the order's time.
import { useMemo, useState } from 'react';
import { msg } from '../../../../domain/messages.js';
import type { Slot } from '../../../../domain/answers/booking.js';
import type { Pizza } from '../../../../domain/answers/menu.js';
import { chosenCount } from '../../../../domain/kioskDay/orderCount.js';
import { linesTotalCents } from '../../../../domain/kioskDay/orderPrice.js';
import type { StaffOrderSource } from '../../../../domain/kioskDay/orderSource.js';
import type { OrderToPlace } from '../api/usePlaceStaffOrder.js';

/** Who the order is for, and the rarely needed rest. */
export interface OrderDetails {
  name: string;
  phone: string;
  email: string;
  dine_in: boolean;
  comment: string;
}

/** A chosen pizza: how many, at the menu's price. */
export interface ChosenLine {
  pizza: Pizza;
  qty: number;
  price_cents: number;
}

const NO_DETAILS: OrderDetails = { name: '', phone: '', email: '', dine_in: false, comment: '' };

export function useOrderDraft(initialDate: string, menu: Pizza[] | null) {
  const [source, setSource] = useState<StaffOrderSource>('counter');
  const [details, setDetails] = useState<OrderDetails>(NO_DETAILS);
  const [date, setDate] = useState(initialDate);
  const [chosenTime, setChosenTime] = useState<string | null>(null);
  const [qty, setQty] = useState<ReadonlyMap<number, number>>(new Map());

  const lines: ChosenLine[] = useMemo(
    () =>
      (menu ?? [])
        .filter((p) => (qty.get(p.id) ?? 0) > 0)
        .map((p) => ({ pizza: p, qty: qty.get(p.id)!, price_cents: p.price_cents })),
    [menu, qty],
  );

  /** One more (`delta` 1) or one fewer (-1) of a pizza; none left drops it. */
  const add = (pizzaId: number, delta: number) =>
    setQty((current) => {
      const next = new Map(current);
      const n = (next.get(pizzaId) ?? 0) + delta;
      if (n > 0) next.set(pizzaId, n);
      else next.delete(pizzaId);
      return next;
    });

  /** Another date: its own slots, so the time is chosen again. */
  const chooseDate = (next: string) => {
    setDate(next);
    setChosenTime(null);
  };

  return {
    source,
    setSource,
    details,
    /** Changes some of the details. */
    setDetails: (patch: Partial<OrderDetails>) => setDetails((current) => ({ ...current, ...patch })),
    date,
    chooseDate,
    chooseTime: setChosenTime,
    lines,
    add,
    count: chosenCount(lines),
    total: linesTotalCents(lines),
    /** The order's time: the one staff chose, else the first slot with room for the whole order. */
    timeIn: (slots: readonly Slot[]) => chosenTime ?? slots.find((s) => s.can_accommodate)?.time ?? null,
  };
}

export type OrderDraft = ReturnType<typeof useOrderDraft>;

/** The draft as POST /admin/staff-orders takes it, or why it cannot be placed yet. */
export function orderToPlace(draft: OrderDraft, time: string | null, overrideCapacity: boolean): OrderToPlace {
  if (draft.count === 0) return { problem: msg.atLeastOnePizza };
  if (!time) return { problem: msg.timeRequired };
  const { name, phone, email, dine_in, comment } = draft.details;
  return {
    input: {
      source: draft.source,
      date: draft.date,
      time,
      name: name || null,
      phone: phone || null,
      email: email || null,
      dine_in,
      comment: comment || null,
      items: draft.lines.map((l) => ({ pizza_id: l.pizza.id, qty: l.qty })),
      override_capacity: overrideCapacity,
    },
  };
}
