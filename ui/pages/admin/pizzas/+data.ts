// The first HTML of /admin/pizzas shows the menu: every pizza, as the grid shows it.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { PIZZAS_PATH, pizzaShown, type AdminPizza } from '../../../features/pizzas/api/pizzas.js';

export type PizzasData = AdminData & { pizzas: AdminPizza[] | null };

export async function data(pageContext: PageContextServer): Promise<PizzasData> {
  const [user, pizzas] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<AdminPizza[]>(`/api${PIZZAS_PATH}`).then(
      (all) => all.map(pizzaShown),
      () => null,
    ),
  ]);
  return { user, pizzas };
}
