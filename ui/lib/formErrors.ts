// The one way a form turns a zod result into messages per field: the first message of each path
// ('name', 'items.0.qty'), so a form validates with the domain's own payload schema and shows its
// Swedish texts where they belong.

export type FieldErrors = Record<string, string>;

export function fieldErrors(issues: Issues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

type Issues = ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;

/** A zod schema, of the full zod or of zod/mini. */
export interface Checkable<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issues } };
}

/** Checks a value with a schema: the parsed data, or the messages per field. */
export function check<T>(
  schema: Checkable<T>,
  value: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
}
