// The menu as the customer's order forms show it (the booking page and the waitlist's offer page).
import { api } from '../../lib/api.js';
import type { Pizza } from '../../../domain/answers/index.js';

/** A pizza as the menu shows it (the first HTML carries no more), with its allergens (EU 1169/2011). */
export type MenuPizza = Pick<Pizza, 'id' | 'name' | 'description' | 'price_cents' | 'allergens' | 'allergens_declared'>;
export const menuPizza = ({
  id,
  name,
  description,
  price_cents,
  allergens,
  allergens_declared,
}: MenuPizza): MenuPizza => ({ id, name, description, price_cents, allergens, allergens_declared });

export const getMenu = () => api<Pizza[]>('/pizzas');
