// What the menu and the order summary show besides the cart: the menu and capacity (with the first
// HTML), the extras the menu cards offer, and the VAT rate of the order's date and type (issue 29).
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { customerTexts } from '../../../lib/texts.js';
import { DEFAULT_CAPACITY_PER_WINDOW } from '../../../../domain/settings/defaults.js';
import { getExtras, getMenu, getVatRate, type MenuExtra, type MenuPizza } from '../../../components/order/menu.js';
import { getPublicSettings, type BookingPageData } from './booking.js';

/** The menu and capacity come with the first HTML; a failed part is asked for again here. */
export function useMenuAndCapacity(data: BookingPageData): { pizzas: MenuPizza[]; capacity: number } {
  const [pizzas, setPizzas] = useState<MenuPizza[]>(data.pizzas ?? []);
  const [capacity, setCapacity] = useState(data.capacity ?? DEFAULT_CAPACITY_PER_WINDOW);
  useEffect(() => {
    if (data.pizzas && data.capacity) return;
    Promise.all([getMenu(), getPublicSettings()]).then(
      ([menu, settings]) => {
        setPizzas(menu);
        setCapacity(settings.capacity_per_window);
      },
      () => toast.error(customerTexts.loadFailed, { duration: 4000 }),
    );
  }, [data.pizzas, data.capacity]);
  return { pizzas, capacity };
}

/** Issue 29: the extras the menu cards offer (none when they cannot be read). */
export function useExtras(): MenuExtra[] {
  const [extras, setExtras] = useState<MenuExtra[]>([]);
  useEffect(() => {
    getExtras().then(setExtras, () => setExtras([]));
  }, []);
  return extras;
}

/** The VAT rate of the order's date and type, null until it is known. */
export function useVatRate(date: string, dineIn: boolean): number | null {
  // The rate is kept with the date and type it was asked for, so a stale one is never shown.
  const [vat, setVat] = useState<{ key: string; rate: number } | null>(null);
  const vatKey = `${date}|${dineIn}`;
  useEffect(() => {
    if (!date) return;
    getVatRate(date, dineIn).then(
      (rate) => setVat({ key: `${date}|${dineIn}`, rate }),
      () => undefined,
    );
  }, [date, dineIn]);
  return vat?.key === vatKey ? vat.rate : null;
}
