// The allergen codes as the pizza form sends them, apart from allergens.ts: the booking page uses
// those rules in its first paint and should not load zod for them (issue 30's JavaScript budget).
import { z } from 'zod';
import { msg } from '../messages.js';
import { ALLERGEN_CODES, CEREAL_CODES, NUT_CODES, sortKinds } from './allergens.js';

/** The codes as the pizza form sends them; unknown codes are refused. */
export const allergenCodeSchema = z.enum(ALLERGEN_CODES);

/**
 * Rule allergen-kinds: the cereals of a declared gluten and the nuts of declared nuts, each list
 * optional; unknown names refused. Whether the allergen itself is declared is checked beside the
 * declaration (pizzaInputSchema, extraInputSchema: kindsWithoutAllergen).
 */
export const allergenKindsSchema = z
  .strictObject(
    {
      gluten: z
        .array(z.enum(CEREAL_CODES, { error: msg.unknownCereal }), { error: msg.unknownCereal })
        .max(CEREAL_CODES.length * 2)
        .optional(),
      nuts: z
        .array(z.enum(NUT_CODES, { error: msg.unknownNut }), { error: msg.unknownNut })
        .max(NUT_CODES.length * 2)
        .optional(),
    },
    { error: msg.unknownAllergenKind },
  )
  .transform(sortKinds);

/** The kinds as the answers carry them. */
export const allergenKindsAnswerSchema = z
  .strictObject({ gluten: z.array(z.enum(CEREAL_CODES)).optional(), nuts: z.array(z.enum(NUT_CODES)).optional() })
  .meta({
    id: 'AllergenKinds',
    description: 'Sädesslag och nötter som deklarationen namnger (Kommissionens tillkännagivande 2017/C 428/01)',
  });
