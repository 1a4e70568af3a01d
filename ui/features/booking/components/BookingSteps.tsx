// The booking's steps (SPEC 2): date → count → time → pizzas, each gated by the one before. Under
// the slots, the waitlist's prompt, which the page passes in (`slotsFooter`).
import type { ReactNode } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { toast } from '../../../lib/toast.js';
import { addPizza, cartCount, removePizza, selectionBanner, type LineChoice } from '../../../lib/cart.js';
import { cartAtom, customerAtom, dateAtom, fieldErrorsAtom, pizzaCountAtom, timeAtom } from '../../../state/booking.js';
import { onlineAtom } from '../../../state/connectivity.js';
import type { SlotsFooterState } from '../../../components/order/slotsFooter.js';
import { PizzaMenu } from '../../../components/order/PizzaMenu.js';
import type { MenuExtra, MenuPizza } from '../../../components/order/menu.js';
import type { Availability } from '../api/useAvailability.js';
import { DateStep, type DateOption } from './DateStep.js';
import { PizzaCountStep } from './PizzaCountStep.js';
import { SlotGrid, slotLabel } from './SlotGrid.js';

export function BookingSteps({
  days,
  capacity,
  availability,
  pizzas,
  extras,
  unavailable,
  vipToken,
  slotsFooter,
}: {
  days: { dates: DateOption[]; loading: boolean; fallback: boolean };
  capacity: number;
  availability: Availability;
  pizzas: MenuPizza[];
  extras: MenuExtra[];
  /** Pizza id → why the chosen date and time cannot have it (rules sold-out, daily-stock). */
  unavailable: ReadonlyMap<number, string>;
  vipToken: string | null;
  /** Under the slots: the waitlist's prompt, which the page passes in. */
  slotsFooter?: (state: SlotsFooterState) => ReactNode;
}) {
  const [date, setDate] = useAtom(dateAtom);
  const [count, setCount] = useAtom(pizzaCountAtom);
  const [time, setTime] = useAtom(timeAtom);
  const [cart, setCart] = useAtom(cartAtom);
  const customer = useAtomValue(customerAtom);
  const online = useAtomValue(onlineAtom);
  const errors = useAtomValue(fieldErrorsAtom);
  const setErrors = useSetAtom(fieldErrorsAtom);
  const { slots } = availability;
  const chosen = cartCount(cart);
  const banner = date && time ? selectionBanner(chosen, count) : null;

  const chooseDate = (next: string) => {
    setDate(next);
    setTime('');
    setErrors(({ date: _d, time: _t, ...rest }) => rest);
  };

  const add = (pizza: MenuPizza, choice: LineChoice) => {
    const result = addPizza(cart, pizza, count, choice);
    if (result.error) return void toast.error(result.error, { duration: 4000, id: 'cart' });
    setCart(result.cart);
    setErrors(({ items: _i, ...rest }) => rest);
  };

  return (
    <div className="booking__steps">
      <DateStep
        dates={days.dates}
        loading={days.loading}
        fallback={days.fallback}
        value={date}
        error={errors.date}
        onChange={chooseDate}
      />
      <PizzaCountStep
        count={count}
        max={capacity}
        disabled={!date}
        onChange={(n) => setCount(Math.min(Math.max(1, n), capacity))}
      />
      <SlotGrid
        enabled={Boolean(date && count)}
        slots={slots}
        capacity={capacity}
        loading={availability.loading}
        message={availability.message}
        value={time}
        error={errors.time}
        onChange={(next) => {
          setTime(next);
          setErrors(({ time: _t, ...rest }) => rest);
        }}
        footer={slotsFooter?.({
          date,
          slots,
          count,
          capacity,
          labelOf: (s) => slotLabel(s, capacity),
          customer,
          vipToken,
          online,
        })}
      />
      <PizzaMenu
        pizzas={pizzas}
        cart={cart}
        enabled={Boolean(date && count && time)}
        full={chosen >= count}
        banner={banner}
        error={errors.items}
        extras={extras}
        onAdd={add}
        onRemove={(pizza, choice) => setCart(removePizza(cart, pizza.id, choice))}
        unavailable={unavailable}
      />
    </div>
  );
}
