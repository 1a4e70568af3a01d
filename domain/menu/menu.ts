// The pizza menu: one stream ('menu'). Pizza ids are small integers handed out in order.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag, optionalDescription } from '../shared/fields.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound } from '../shared/errors.js';
import {
  ALLERGEN_CODES,
  kindsWithoutAllergen,
  sortAllergens,
  sortKinds,
  type AllergenCode,
  type AllergenDeclaration,
  type AllergenKinds,
} from './allergens.js';
import { allergenKindsSchema } from './allergenSchema.js';
import { removableSchema, type Extra, type ExtraInput } from './extras.js';

export const MENU_STREAM = 'menu';

export interface Pizza {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  active: boolean;
  /** The allergen declaration (rule: allergen-declaration): null when never declared. */
  allergens: AllergenDeclaration;
  /** Rule allergen-kinds: the cereal or nut its gluten or nuts are ({} when none is named). */
  allergen_kinds: AllergenKinds;
  /** The ingredients it can be made without ("utan lök"), issue 29: [] for none. */
  removable: string[];
}

/** POST /admin/pizzas and PUT /admin/pizzas/{id} (SPEC 5: pizza form). */
export const pizzaInputSchema = z
  .object({
    name: z.string({ error: msg.pizzaNameAndPrice }).trim().min(1, { error: msg.pizzaNameAndPrice }).max(100),
    description: optionalDescription(),
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
    // left out or null (SPEC's form has no such field), the pizza is not declared: on the menu, but
    // sold at the counter only (rule: undeclared-pizzas).
    allergens: z
      .array(z.enum(ALLERGEN_CODES, { error: msg.unknownAllergen }), { error: msg.unknownAllergen })
      .max(14)
      .nullish()
      .transform((a) => (a == null ? null : sortAllergens(a))),
    // What the customer may leave out (issue 29); left out, UpdatePizza keeps what the pizza had.
    removable: removableSchema.optional(),
    // Rule allergen-kinds: the cereal or nut named, only under an allergen the declaration holds.
    allergen_kinds: allergenKindsSchema.optional(),
  })
  .superRefine((pizza, ctx) => {
    const without = kindsWithoutAllergen(pizza.allergens, pizza.allergen_kinds);
    if (without)
      ctx.addIssue({ code: 'custom', message: msg.kindWithoutAllergen(without), path: ['allergen_kinds', without] });
  });
export type PizzaInput = z.infer<typeof pizzaInputSchema>;

/**
 * A pizza as its events carry it: events from before declarations have no `allergens`, those from
 * before removals (issue 29) no `removable`.
 */
export type PizzaData = Omit<Pizza, 'allergens' | 'removable' | 'allergen_kinds'> & {
  allergens?: AllergenDeclaration;
  removable?: string[];
  /** Rule allergen-kinds: absent in events from before. */
  allergen_kinds?: AllergenKinds;
};

export type MenuEvent =
  | DomainEvent<'PizzaAdded', PizzaData>
  | DomainEvent<'PizzaUpdated', PizzaData>
  | DomainEvent<'PizzaRemoved', { id: number }>
  // Extras (issue 29): who and when are the event's metadata (actor, timestamp), as for pizzas.
  | DomainEvent<'ExtraAdded', Extra>
  | DomainEvent<'ExtraUpdated', Extra>
  | DomainEvent<'ExtraRemoved', { id: number }>;

/** The menu's events: its decoding point (domain/shared/events.ts). */
export const menuEvents = eventsOf<MenuEvent>({
  PizzaAdded: true,
  PizzaUpdated: true,
  PizzaRemoved: true,
  ExtraAdded: true,
  ExtraUpdated: true,
  ExtraRemoved: true,
});

/** The kinds a pizza had that the new declaration still holds the allergen of (rule: allergen-kinds). */
const keptKinds = (kinds: AllergenKinds, allergens: AllergenDeclaration): AllergenKinds =>
  sortKinds({
    gluten: allergens?.includes('gluten') ? kinds.gluten : undefined,
    nuts: allergens?.includes('nuts') ? kinds.nuts : undefined,
  });

/** Upcasts a pizza of an old event: no `allergens` means never declared, no `removable` none. */
export const pizzaOf = (data: PizzaData): Pizza => ({
  ...data,
  allergens: data.allergens ?? null,
  allergen_kinds: data.allergen_kinds ?? {},
  removable: data.removable ?? [],
});

export type MenuCommand =
  | { type: 'AddPizza'; pizza: PizzaInput }
  | { type: 'UpdatePizza'; id: number; pizza: PizzaInput }
  | { type: 'RemovePizza'; id: number }
  | { type: 'SeedMenu'; pizzas: PizzaInput[] }
  | { type: 'AddExtra'; extra: ExtraInput }
  | { type: 'UpdateExtra'; id: number; extra: ExtraInput }
  | { type: 'RemoveExtra'; id: number };

export interface MenuState {
  pizzas: Map<number, Pizza>;
  lastId: number;
  /** Extras (issue 29); ids handed out in order and never reused, like pizzas'. */
  extras: Map<number, Extra>;
  lastExtraId: number;
}

export const menuDecider: Decider<MenuCommand, MenuEvent, MenuState> = {
  initialState: () => ({ pizzas: new Map(), lastId: 0, extras: new Map(), lastExtraId: 0 }),
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
      case 'ExtraAdded':
        state.lastExtraId = Math.max(state.lastExtraId, event.data.id);
        state.extras.set(event.data.id, event.data);
        return state;
      case 'ExtraUpdated':
        state.extras.set(event.data.id, event.data);
        return state;
      case 'ExtraRemoved':
        state.extras.delete(event.data.id);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      // A pizza without a declaration may be active, as SPEC's form sends it: it is on the menu but
      // not sold online (rule: undeclared-pizzas, decided where orders are: webOrderAllergens.ts).
      case 'AddPizza':
        return [{ type: 'PizzaAdded', data: { id: state.lastId + 1, ...command.pizza } }];
      case 'UpdatePizza': {
        const before = state.pizzas.get(command.id);
        if (!before) notFound(msg.pizzaNotFound);
        // A form that leaves removals out keeps the pizza's (and adds none to a pizza without).
        const removable = command.pizza.removable ?? before!.removable;
        const kept = removable.length > 0 || command.pizza.removable ? { removable } : {};
        // Rule allergen-kinds: a form that leaves the kinds out keeps those still under a declared allergen.
        const kinds = command.pizza.allergen_kinds ?? keptKinds(before!.allergen_kinds, command.pizza.allergens);
        const named = Object.keys(kinds).length > 0 ? { allergen_kinds: kinds } : {};
        const { allergen_kinds: _sent, ...pizza } = command.pizza;
        return [{ type: 'PizzaUpdated', data: { id: command.id, ...pizza, ...kept, ...named } }];
      }
      case 'RemovePizza':
        if (!state.pizzas.has(command.id)) notFound(msg.pizzaNotFound);
        return [{ type: 'PizzaRemoved', data: { id: command.id } }];
      case 'SeedMenu':
        // The demo menu is seeded on a first start only: a menu that ever had a pizza is left alone.
        if (state.lastId > 0) return [];
        return command.pizzas.map((pizza, i) => ({ type: 'PizzaAdded', data: { id: i + 1, ...pizza } }));
      case 'AddExtra':
        return [{ type: 'ExtraAdded', data: { id: state.lastExtraId + 1, ...command.extra } }];
      case 'UpdateExtra':
        if (!state.extras.has(command.id)) notFound(msg.extraNotFound);
        return [{ type: 'ExtraUpdated', data: { id: command.id, ...command.extra } }];
      case 'RemoveExtra':
        if (!state.extras.has(command.id)) notFound(msg.extraNotFound);
        return [{ type: 'ExtraRemoved', data: { id: command.id } }];
      default:
        return assertNever(command);
    }
  },
};

// Declared from the descriptions: wheat dough (gluten), mozzarella (milk), prawns (crustaceans),
// mussels (molluscs), a kebab sauce of mayonnaise and yoghurt (eggs, milk). Staff check them
// against their own recipes. One row a pizza: name, description, price in öre, allergens; every
// demo pizza is on sale.
const DEMO_ROWS: Array<[string, string, number, AllergenCode[]]> = [
  ['Margherita', 'Tomatsås, mozzarella, färsk basilika', 9900, ['gluten', 'milk']],
  ['Vesuvio', 'Tomatsås, mozzarella, skinka', 10900, ['gluten', 'milk']],
  ['Capricciosa', 'Tomatsås, mozzarella, skinka, champinjoner', 11900, ['gluten', 'milk']],
  ['Hawaii', 'Tomatsås, mozzarella, skinka, ananas', 11900, ['gluten', 'milk']],
  [
    'Quattro Stagioni',
    'Tomatsås, mozzarella, skinka, räkor, musslor, champinjoner',
    12900,
    ['gluten', 'crustaceans', 'milk', 'molluscs'],
  ],
  ['Kebabpizza', 'Tomatsås, mozzarella, kebabkött, lök, feferoni, kebabsås', 13900, ['gluten', 'eggs', 'milk']],
];
export const DEMO_MENU: PizzaInput[] = DEMO_ROWS.map(([name, description, price_cents, allergens]) => ({
  name,
  description,
  price_cents,
  active: true,
  allergens,
}));
