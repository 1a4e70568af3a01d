// Small zod fields shared by several payload schemas.
import { z } from 'zod';

/**
 * A yes/no field as clients send it: a JSON boolean, SPEC's 1/0 flags (pizza active, is_active)
 * or the strings 'true'/'false' of a form. Anything else is refused rather than guessed: with
 * z.coerce.boolean the string 'false' would read as true.
 */
export const flag = () =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.literal('true'), z.literal('false')])
    .transform((v) => v === true || v === 1 || v === 'true');

/** An optional text field: trimmed, at most `max` characters; blank, null or absent read as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A description (a pizza's, a bonus code's): as optionalText(500), but none reads as '' (what their events carry). */
export const optionalDescription = () => optionalText(500).transform((d) => d ?? '');
