// The pizza menu: one stream ('menu'). Pizza ids are small integers handed out in order.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag } from '../shared/fields.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { notFound, reject } from '../shared/errors.js';
import { ALLERGEN_CODES, sortAllergens, type AllergenDeclaration } from './allergens.js';

export const MENU_STREAM = 'menu';

export interface Pizza {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  active: boolean;
  /** The allergen declaration (rule: allergen-declaration): null when never declared. */
  allergens: AllergenDeclaration;
}

/** POST /admin/pizzas and PUT /admin/pizzas/{id} (SPEC 5: pizza form). */
export const pizzaInputSchema = z.object({
  name: z.string({ error: msg.pizzaNameAndPrice }).trim().min(1, { error: msg.pizzaNameAndPrice }).max(100),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((d) => d ?? ''),
  price_cents: z.coerce
    .number({ error: msg.pizzaNameAndPrice })
    .int({ error: msg.pizzaNameAndPrice })
    .positive({ error: msg.pizzaNameAndPrice })
    .max(10_000_000, { error: msg.pizzaNameAndPrice }),
  // SPEC stores active as 1 or 0; booleans are accepted too.
  active: flag()
    .optional()
    .transform((a) => a ?? true),
  // The declaration (rule: allergen-declaration): Annex II codes, [] for "Inga allergener";
  // left out or null, the pizza is not declared.
  allergens: z
    .array(z.enum(ALLERGEN_CODES, { error: msg.unknownAllergen }), { error: msg.unknownAllergen })
    .max(14)
    .nullish()
    .transform((a) => (a == null ? null : sortAllergens(a))),
});
export type PizzaInput = z.infer<typeof pizzaInputSchema>;

/** A pizza as its events carry it: events from before declarations have no `allergens`. */
export type PizzaData = Omit<Pizza, 'allergens'> & { allergens?: AllergenDeclaration };

export type MenuEvent =
  | DomainEvent<'PizzaAdded', PizzaData>
  | DomainEvent<'PizzaUpdated', PizzaData>
  | DomainEvent<'PizzaRemoved', { id: number }>;

/** Upcasts a pizza of an old event: no `allergens` means never declared. */
export const pizzaOf = (data: PizzaData): Pizza => ({ ...data, allergens: data.allergens ?? null });

/**
 * A pizza without a declaration is never active (rule: allergen-declaration; EU 1169/2011 art.
 * 14.2 and 44: allergen information available before a distance purchase is concluded).
 */
function assertDeclaredIfActive(pizza: PizzaInput) {
  if (pizza.active && pizza.allergens === null) reject(msg.pizzaAllergensUndeclared);
}

export type MenuCommand =
  | { type: 'AddPizza'; pizza: PizzaInput }
  | { type: 'UpdatePizza'; id: number; pizza: PizzaInput }
  | { type: 'RemovePizza'; id: number }
  | { type: 'SeedMenu'; pizzas: PizzaInput[] };

export interface MenuState {
  pizzas: Map<number, Pizza>;
  lastId: number;
}

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = {
  initialState: () => ({ pizzas: new Map(), lastId: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'PizzaAdded':
        state.lastId = Math.max(state.lastId, event.data.id);
        state.pizzas.set(event.data.id, pizzaOf(event.data));
        return state;
      case 'PizzaUpdated':
        state.pizzas.set(event.data.id, pizzaOf(event.data));
        return state;
      case 'PizzaRemoved':
        state.pizzas.delete(event.data.id);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddPizza':
        assertDeclaredIfActive(command.pizza);
        return [{ type: 'PizzaAdded', data: { id: state.lastId + 1, ...command.pizza } }];
      case 'UpdatePizza':
        if (!state.pizzas.has(command.id)) notFound(msg.pizzaNotFound);
        assertDeclaredIfActive(command.pizza);
        return [{ type: 'PizzaUpdated', data: { id: command.id, ...command.pizza } }];
      case 'RemovePizza':
        if (!state.pizzas.has(command.id)) notFound(msg.pizzaNotFound);
        return [{ type: 'PizzaRemoved', data: { id: command.id } }];
      case 'SeedMenu':
        // The demo menu is seeded on a first start only: a menu that ever had a pizza is left alone.
        if (state.lastId > 0) return [];
        return command.pizzas.map((pizza, i) => ({ type: 'PizzaAdded', data: { id: i + 1, ...pizza } }));
      default:
        return assertNever(command);
    }
  },
};

// Declared from the descriptions: wheat dough (gluten), mozzarella (milk), prawns (crustaceans),
// mussels (molluscs), a kebab sauce of mayonnaise and yoghurt (eggs, milk). Staff check them
// against their own recipes.
export const DEMO_MENU: PizzaInput[] = [
  {
    name: 'Margherita',
    description: 'Tomatsås, mozzarella, färsk basilika',
    price_cents: 9900,
    active: true,
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Vesuvio',
    description: 'Tomatsås, mozzarella, skinka',
    price_cents: 10900,
    active: true,
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Capricciosa',
    description: 'Tomatsås, mozzarella, skinka, champinjoner',
    price_cents: 11900,
    active: true,
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Hawaii',
    description: 'Tomatsås, mozzarella, skinka, ananas',
    price_cents: 11900,
    active: true,
    allergens: ['gluten', 'milk'],
  },
  {
    name: 'Quattro Stagioni',
    description: 'Tomatsås, mozzarella, skinka, räkor, musslor, champinjoner',
    price_cents: 12900,
    active: true,
    allergens: ['gluten', 'crustaceans', 'milk', 'molluscs'],
  },
  {
    name: 'Kebabpizza',
    description: 'Tomatsås, mozzarella, kebabkött, lök, feferoni, kebabsås',
    price_cents: 13900,
    active: true,
    allergens: ['gluten', 'eggs', 'milk'],
  },
];
