// Extras and removals (issue 29): "Extra ost +15 kr" is an extra with its own price and its own
// allergens; "utan lök" is an ingredient a pizza is declared to be makeable without. Staff keep
// both on the menu stream; the customer chooses them per order line.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag } from '../shared/fields.js';
import {
  ALLERGEN_CODES,
  kindsWithoutAllergen,
  sortAllergens,
  type AllergenCode,
  type AllergenKinds,
} from './allergens.js';
import { allergenKindsSchema } from './allergenSchema.js';

export interface Extra {
  id: number;
  name: string;
  price_cents: number;
  active: boolean;
  /**
   * The extra's own Annex II allergens (EU 1169/2011 art. 9.1(c) and 44: what is added to the
   * pizza is food information too). Always declared: [] is "Inga allergener".
   */
  allergens: AllergenCode[];
  /** Rule allergen-kinds: the cereal or nut its gluten or nuts are; absent in events from before. */
  allergen_kinds?: AllergenKinds;
}

/** POST /admin/extras and PUT /admin/extras/{id}. */
export const extraInputSchema = z
  .object({
    name: z.string({ error: msg.extraNameAndPrice }).trim().min(1, { error: msg.extraNameAndPrice }).max(60),
    price_cents: z.coerce
      .number({ error: msg.extraNameAndPrice })
      .int({ error: msg.extraNameAndPrice })
      .min(0, { error: msg.extraNameAndPrice })
      .max(1_000_000, { error: msg.extraNameAndPrice }),
    active: flag()
      .optional()
      .transform((a) => a ?? true),
    // Unlike a pizza from before declarations, an extra is new: it is declared from the start.
    allergens: z
      .array(z.enum(ALLERGEN_CODES, { error: msg.unknownAllergen }), { error: msg.extraAllergensUndeclared })
      .max(14)
      .transform((a) => sortAllergens(a)),
    // Rule allergen-kinds: as a pizza's.
    allergen_kinds: allergenKindsSchema.optional(),
  })
  .superRefine((extra, ctx) => {
    const without = kindsWithoutAllergen(extra.allergens, extra.allergen_kinds);
    if (without)
      ctx.addIssue({ code: 'custom', message: msg.kindWithoutAllergen(without), path: ['allergen_kinds', without] });
  });
export type ExtraInput = z.infer<typeof extraInputSchema>;

/**
 * The ingredients a pizza can be made without ("lök", "skinka"), as the pizza form sends them:
 * trimmed, lower-case (they read "utan lök"), without repeats. Left out, the pizza keeps the ones it
 * had (an older form that does not know them changes nothing).
 */
export const removableSchema = z
  .array(
    z
      .string({ error: msg.removableIngredient })
      .trim()
      .min(1, { error: msg.removableIngredient })
      .max(40, { error: msg.removableIngredient }),
    { error: msg.removableIngredient },
  )
  .max(20)
  .transform((list) => [...new Set(list.map((i) => i.toLocaleLowerCase('sv')))]);
