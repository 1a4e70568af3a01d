// The allergen codes as the pizza form sends them, apart from allergens.ts: the booking page uses
// those rules in its first paint and should not load zod for them (issue 30's JavaScript budget).
import { z } from 'zod';
import { ALLERGEN_CODES } from './allergens.js';

/** The codes as the pizza form sends them; unknown codes are refused. */
export const allergenCodeSchema = z.enum(ALLERGEN_CODES);
