// The validator's memo for querystrings whose parse depends on their text alone (memoisedQuery):
// a query seen before answers the parse it had, frozen; refusals and repeated names are parsed
// each time, as without the memo.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError, memoisedQuery, validatorCompiler } from '../../api/http/validate.js';

const schema = z.object({ date: z.string().min(1, { error: 'Välj ett datum' }), pizzas: z.coerce.number().default(1) });
const validator = (part: string, s: z.ZodType) =>
  validatorCompiler({ schema: s, httpPart: part, method: 'GET', url: '/x' }) as (data: unknown) => {
    value?: unknown;
    error?: Error;
  };

describe('a memoised querystring schema', () => {
  const memoised = memoisedQuery(schema);

  it('answers a query seen before with the same frozen parse', () => {
    const validate = validator('querystring', memoised);
    const first = validate({ date: '2026-12-09', pizzas: '2' });
    const again = validate({ date: '2026-12-09', pizzas: '2' });
    expect(first.value).toEqual({ date: '2026-12-09', pizzas: 2 });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(again.value)).toBe(true);
    expect(validate({ date: '2026-12-09', pizzas: '3' }).value).toEqual({ date: '2026-12-09', pizzas: 3 });
    expect(validate({ date: '2026-12-09' }).value).toEqual({ date: '2026-12-09', pizzas: 1 });
  });

  it('refuses as before, each time, and parses repeated names without the memo', () => {
    const validate = validator('querystring', memoised);
    for (let i = 0; i < 2; i++) {
      const refused = validate({ date: '' });
      expect(refused.error).toBeInstanceOf(ValidationError);
      expect(refused.error?.message).toBe('Välj ett datum');
    }
    expect(validate({ date: ['a', 'b'] }).error).toBeInstanceOf(ValidationError);
  });

  it('is the plain parse for other schemas and other parts', () => {
    const plain = validator('querystring', z.object({ date: z.string() }));
    expect(plain({ date: 'x' }).value).not.toBe(plain({ date: 'x' }).value);
    const body = validator('body', memoised);
    expect(body({ date: 'x', pizzas: '1' }).value).not.toBe(body({ date: 'x', pizzas: '1' }).value);
  });
});
