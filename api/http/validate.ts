// Request validation with the domain's zod schemas. A failed parse becomes a 400 whose error is
// the first issue's Swedish message (SPEC 5 and 8 texts live in the schemas).
import type { z } from 'zod';
import { msg } from '../../domain/messages.js';

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // zod's own English fallbacks never reach the client: they mean the shape itself was wrong.
  const message = issue && !/^(Invalid|Expected|Required|Too|Unrecognized)/.test(issue.message) ? issue.message : msg.invalidRequest;
  throw new ValidationError(message);
}

/** Route params that are numeric ids (pizzas, bonus codes, VIP customers). */
export function numericId(value: string, notFoundMessage: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new ValidationError(notFoundMessage);
  return id;
}
