// The admin's pizza calls (SPEC 7), each beside the schema the server checks them with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { pizzaInputSchema } from '../../../../domain/menu/menu.js';
import type { Pizza } from '../../../../domain/answers/menu.js';

export { pizzaInputSchema };
/** The body of a save, as sent (active as 1 or 0, as SPEC stores it). */
export type PizzaBody = z.input<typeof pizzaInputSchema>;

/** GET /admin/pizzas: every pizza, inactive ones too (active as SPEC stores it, 1 or 0). */
export type AdminPizza = Pizza;

export const PIZZAS_PATH = '/admin/pizzas';

/** What the page shows of a pizza (the first HTML carries no more). */
export const pizzaShown = ({
  id,
  name,
  description,
  price_cents,
  active,
  allergens,
  allergens_declared,
  removable,
}: AdminPizza): AdminPizza => ({
  id,
  name,
  description,
  price_cents,
  active,
  allergens,
  allergens_declared,
  removable,
});

export const listPizzas = () => api<AdminPizza[]>(PIZZAS_PATH);

/** POST /admin/pizzas (id null) or PUT /admin/pizzas/{id}, with a body pizzaInputSchema accepted. */
export function savePizza(id: number | null, body: PizzaBody) {
  return id === null
    ? api(PIZZAS_PATH, { method: 'POST', body })
    : api(`${PIZZAS_PATH}/${id}`, { method: 'PUT', body });
}

export const deletePizza = (id: number) => api(`${PIZZAS_PATH}/${id}`, { method: 'DELETE', body: {} });
