// The order follows what the page shows: the cart's prices and names the menu's, the count within
// capacity, and a VIP link's date chosen once it is among the open ones.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom, useAtom } from 'jotai';
import { refreshCart } from '../../../lib/cart.js';
import { cartAtom, dateAtom, pizzaCountAtom, vipAtom } from '../../../state/booking.js';
import type { MenuPizza } from '../../../components/order/menu.js';

export function useOrderFollowsPage(pizzas: MenuPizza[], capacity: number, openDates: readonly { date: string }[]) {
  const setCart = useSetAtom(cartAtom);
  const setCount = useSetAtom(pizzaCountAtom);
  const [date, setDate] = useAtom(dateAtom);
  const vip = useAtomValue(vipAtom);
  // Prices and names follow the menu the page shows.
  useEffect(() => setCart((current) => refreshCart(current, pizzas)), [pizzas, setCart]);
  // SPEC 4: the pizza count is capped at capacity_per_window when it changes.
  useEffect(() => setCount((n) => Math.min(Math.max(1, n), capacity)), [capacity, setCount]);
  // A link made for one VIP date opens the page on that date.
  const invitedDate = vip?.status === 'valid' ? (vip.customer?.vip_date ?? null) : null;
  useEffect(() => {
    if (invitedDate && !date && openDates.some((d) => d.date === invitedDate)) setDate(invitedDate);
  }, [invitedDate, date, openDates, setDate]);
}
