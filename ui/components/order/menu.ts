// The menu as the customer's order forms show it (the booking page and the waitlist's offer page).
import { api } from '../../lib/api.js';
import type { Pizza } from '../../../domain/answers/index.js';

/** A pizza as the menu shows it (the first HTML carries no more). */
export type MenuPizza = Pick<Pizza, 'id' | 'name' | 'description' | 'price_cents'>;
export const menuPizza = ({ id, name, description, price_cents }: MenuPizza): MenuPizza => ({
  id,
  name,
  description,
  price_cents,
});

export const getMenu = () => api<Pizza[]>('/pizzas');
