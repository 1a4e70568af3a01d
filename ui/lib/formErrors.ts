// The one way a form turns a zod result into messages per field: the first message of each path
// ('name', 'items.0.qty'), so a form validates with the domain's own payload schema and shows its
// Swedish texts where they belong.
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Checks a value with a schema: the parsed data, or the messages per field. */
export function check<S extends z.ZodType>(schema: S, value: unknown): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
}
