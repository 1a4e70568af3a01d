// Request validation with the domain's zod schemas, declared on every route (params, querystring,
// body, headers) through fastify-type-provider-zod's types. A failed check becomes a 400 whose
// error is the first issue's Swedish message (SPEC 5 and 8 texts live in the schemas).
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { msg } from '../../domain/messages.js';

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** The Swedish text of a failed check: the first issue's, unless it is one of zod's English fallbacks. */
function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  // zod's own English fallbacks never reach the client: they mean the shape itself was wrong.
  return issue && !/^(Invalid|Expected|Required|Too|Unrecognized)/.test(issue.message)
    ? issue.message
    : msg.invalidRequest;
}

/**
 * Fastify's validator for zod route schemas. A missing part (no body) is checked as `{}`, so its
 * fields answer their own "required" texts. Fastify checks params, body, querystring, headers
 * in that order; the first refusal answers.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationError(firstMessage(result.error)) };
  };

/**
 * Answers are serialised as they are: their zod schemas are the contract (the OpenAPI document,
 * the UI's types) and the tests check real answers against them, so no answer pays a schema
 * check or loses a field at run time.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
