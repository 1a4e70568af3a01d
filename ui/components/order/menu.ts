// The menu as the customer's order forms show it (the booking page and the waitlist's offer page).
import { api } from '../../lib/api.js';
import type { ExtraAnswer, Pizza } from '../../../domain/answers/index.js';

/**
 * A pizza as the menu shows it (the first HTML carries no more), with its allergens (EU 1169/2011)
 * and what it can be made without (issue 29; absent in pages cached from before).
 */
export type MenuPizza = Pick<
  Pizza,
  'id' | 'name' | 'description' | 'price_cents' | 'allergens' | 'allergens_declared'
> &
  Partial<Pick<Pizza, 'removable' | 'allergen_kinds'>>;
export const menuPizza = ({
  id,
  name,
  description,
  price_cents,
  allergens,
  allergens_declared,
  removable,
  allergen_kinds,
}: MenuPizza): MenuPizza => ({
  id,
  name,
  description,
  price_cents,
  allergens,
  allergens_declared,
  removable,
  // Rule allergen-kinds: the cereal or nut named, only where there is one (the first HTML stays small).
  ...(allergen_kinds && Object.keys(allergen_kinds).length > 0 ? { allergen_kinds } : {}),
});

export const getMenu = () => api<Pizza[]>('/pizzas');

/** An extra as the menu card offers it (issue 29): name, price and its own allergens. */
export type MenuExtra = Pick<ExtraAnswer, 'id' | 'name' | 'price_cents' | 'allergens' | 'allergen_kinds'>;
export const getExtras = () =>
  api<ExtraAnswer[]>('/extras').then((list) =>
    list.map(({ id, name, price_cents, allergens, allergen_kinds }): MenuExtra => ({
      id,
      name,
      price_cents,
      allergens,
      allergen_kinds,
    })),
  );

/** GET /vat-rate: the VAT rate the books will use for this date and order type (rule: vat-per-receipt). */
export const getVatRate = (date: string, dineIn: boolean) =>
  api<{ rate: number }>(`/vat-rate?date=${encodeURIComponent(date)}&dine_in=${dineIn}`).then((a) => a.rate);
