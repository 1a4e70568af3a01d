// The admin's pizza calls (SPEC 7), each beside the schema the server checks them with.
import type { z } from 'zod';
import { crudCalls, pickFields } from '../../../components/admin/adminCalls.js';
import { pizzaInputSchema } from '../../../../domain/menu/menu.js';
import type { Pizza } from '../../../../domain/answers/menu.js';

export { pizzaInputSchema };
/** The body of a save, as sent (active as 1 or 0, as SPEC stores it). */
export type PizzaBody = z.input<typeof pizzaInputSchema>;

/** GET /admin/pizzas: every pizza, inactive ones too (active as SPEC stores it, 1 or 0). */
export type AdminPizza = Pizza;

export const PIZZAS_PATH = '/admin/pizzas';

const calls = crudCalls<AdminPizza, PizzaBody>(PIZZAS_PATH);

/** What the page shows of a pizza (the first HTML carries no more). */
export const pizzaShown: (pizza: AdminPizza) => AdminPizza = pickFields<AdminPizza, keyof AdminPizza>([
  'id',
  'name',
  'description',
  'price_cents',
  'active',
  'allergens',
  'allergens_declared',
  'removable',
]);

export const listPizzas = calls.list;
/** POST /admin/pizzas (id null) or PUT /admin/pizzas/{id}, with a body pizzaInputSchema accepted. */
export const savePizza = calls.save;
export const deletePizza = calls.remove;
