// A form's limits (an input's maxLength, a number's min and max) read from the domain's zod schema
// of the field, so the browser stops at the very limit the server checks, and a limit changed in
// domain/ changes the form with it (issue 47: "UI limits read from the schemas").
import type { z } from 'zod';

/** What zod 4 keeps of a wrapper: optional/nullable/default/catch wrap innerType, a pipe in and out. */
interface Wrapped {
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

/**
 * The first of the schema, or of what it wraps (.optional(), .nullish(), .default(), a transform or a
 * preprocess), that has the limit; a field with none is a mistake in the form, so it throws.
 */
function find(schema: z.ZodType, limit: (s: z.ZodType) => number | null | undefined, what: string): number {
  const found = limit(schema);
  if (typeof found === 'number' && Number.isFinite(found)) return found;
  const def = schema._zod.def as Wrapped;
  for (const inner of [def.innerType, def.in, def.out]) {
    if (!inner) continue;
    try {
      return find(inner, limit, what);
    } catch {
      // not on this side
    }
  }
  throw new Error(`schemaLimits: the field's schema has no ${what}`);
}

/** The most characters a text field's schema takes (z.string().max(n)). */
export const maxLengthOf = (schema: z.ZodType): number =>
  find(schema, (s) => (s as Partial<z.ZodString>).maxLength, 'maximum length');

/** The least a number field's schema takes (z.number().min(n)). */
export const minOf = (schema: z.ZodType): number =>
  find(schema, (s) => (s as Partial<z.ZodNumber>).minValue, 'minimum');

/** The most a number field's schema takes (z.number().max(n)). */
export const maxOf = (schema: z.ZodType): number =>
  find(schema, (s) => (s as Partial<z.ZodNumber>).maxValue, 'maximum');
