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

const memoisedQueries = new WeakSet<z.ZodType>();

/**
 * Marks a querystring schema whose parse depends on the query's text alone (no clock, no store):
 * its accepted queries are kept, frozen, by their text, and a query seen before skips the parse.
 * For the availability query that a booking page polls every second: zod's parse of its date and
 * order size was about 1.2 µs of a poll's 30 µs of server CPU (docs/bench.md).
 */
export function memoisedQuery<T extends z.ZodType>(schema: T): T {
  memoisedQueries.add(schema);
  return schema;
}

/** How many accepted queries a memoised schema keeps before it starts again. */
const MEMOISED_QUERIES = 512;

/** A parsed query's text as a key: undefined when a value is not one string (a repeated name). */
function queryKey(query: Record<string, unknown>): string | undefined {
  let key = '';
  for (const name in query) {
    const value = query[name];
    if (typeof value !== 'string') return undefined;
    key += `${name}=${value}&`;
  }
  return key;
}

/**
 * Fastify's validator for zod route schemas. A missing part (no body) is checked as `{}`, so its
 * fields answer their own "required" texts. Fastify checks params, body, querystring, headers
 * in that order; the first refusal answers.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const validate = (data: unknown) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: new ValidationError(firstMessage(result.error)) };
  };
  if (httpPart !== 'querystring' || !memoisedQueries.has(schema)) return validate;
  const accepted = new Map<string, { value: unknown }>();
  return (data) => {
    const key = data && typeof data === 'object' ? queryKey(data as Record<string, unknown>) : undefined;
    if (key === undefined) return validate(data);
    const known = accepted.get(key);
    if (known) return known;
    const result = validate(data);
    if ('value' in result) {
      // Every request that asks the same gets this one object: frozen, so none can change it.
      if (accepted.size >= MEMOISED_QUERIES) accepted.clear();
      accepted.set(key, { value: Object.freeze(result.value) });
    }
    return result;
  };
};

/**
 * Answers are serialised as they are: their zod schemas are the contract (the OpenAPI document,
 * the UI's types) and the tests check real answers against them, so no answer pays a schema
 * check or loses a field at run time.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
