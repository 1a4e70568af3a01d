// The booking page checks its forms without zod (ui/lib/customerChecks.ts): for every input here
// it must answer as the server's schemas do, the same data or the same first message per field.
import { describe, expect, it } from 'vitest';
import { bookingPayloadSchema, waitlistJoinSchema } from '../../domain/payloads.js';
import { fieldErrors } from '../../ui/lib/formErrors.js';
import { checkBooking, checkWaitlistJoin } from '../../ui/lib/customerChecks.js';

const byServer = (schema: typeof bookingPayloadSchema | typeof waitlistJoinSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error.issues) };
};

const valid = {
  date: '2026-06-12',
  time: '18:15',
  name: 'Anna Andersson',
  email: 'anna@example.se',
  phone: null,
  dine_in: false,
  comment: null,
  items: [{ pizza_id: 1, qty: 2 }],
  requested_pizzas: 2,
};

/** One change at a time of a valid booking: what a form can send, and what it should never. */
const variants: Array<Record<string, unknown>> = [
  {},
  { date: '' },
  { date: '2026-02-30' },
  { date: '2026-06-12T10:00:00Z' },
  { date: 12 },
  { date: undefined },
  { date: 'idag' },
  { time: '' },
  { time: '25:00' },
  { time: '9:05' },
  { time: '18:15:00' },
  { time: null },
  { name: '' },
  { name: ' A ' },
  { name: '  Bo  ' },
  { name: 'x'.repeat(100) },
  { name: 'x'.repeat(101) },
  { name: 7 },
  { email: '' },
  { email: 'anna' },
  { email: ' anna@example.se ' },
  { email: 'anna@example' },
  { email: 'a.b+c@ex-ample.co.uk' },
  { email: 'å@example.se' },
  { email: null },
  { phone: '' },
  { phone: '  070-123 45 67 ' },
  { phone: 'p'.repeat(41) },
  { phone: undefined },
  { phone: 5 },
  { dine_in: true },
  { dine_in: undefined },
  { dine_in: 1 },
  { dine_in: 0 },
  { dine_in: 'true' },
  { dine_in: 'false' },
  { dine_in: 'ja' },
  { dine_in: null },
  { comment: '   ' },
  { comment: 'Utan lök' },
  { comment: 'c'.repeat(1001) },
  { items: [] },
  { items: null },
  { items: 'x' },
  { items: [{ pizza_id: 1, qty: 0 }] },
  { items: [{ pizza_id: '2', qty: '3' }] },
  { items: [{ pizza_id: 1.5, qty: 1 }] },
  { items: [{ pizza_id: 'x', qty: 1 }] },
  { items: [{ pizza_id: 1, qty: -1 }] },
  { items: [{ pizza_id: 1, qty: 1001 }] },
  { items: [{ pizza_id: 1, qty: 1.5 }] },
  {
    items: [
      { pizza_id: 'x', qty: 'y' },
      { pizza_id: 2, qty: -1 },
    ],
  },
  { items: [null] },
  { items: [{}] },
  { items: Array.from({ length: 101 }, () => ({ pizza_id: 1, qty: 1 })) },
  { requested_pizzas: 0 },
  { requested_pizzas: '3' },
  { requested_pizzas: 1.5 },
  { requested_pizzas: 'x' },
  { requested_pizzas: null },
  { requested_pizzas: undefined },
  { bonus_code: 'SOMMAR' },
  { bonus_code: ' ' },
  { bonus_code: 'b'.repeat(41) },
  { vip_token: 'abc' },
  { vip_token: 'v'.repeat(201) },
  { date: '', time: '', name: '', email: '', items: [], requested_pizzas: 0 },
];

describe('the booking page checks its booking without zod', () => {
  it.each(variants.map((change) => [JSON.stringify(change).slice(0, 80), change] as const))(
    'as the server does: %s',
    (_, change) => {
      const value = { ...valid, ...change };
      expect(checkBooking(value)).toEqual(byServer(bookingPayloadSchema, value));
    },
  );
});

describe('the queue prompt checks its join without zod', () => {
  const join = { date: valid.date, time: valid.time, name: valid.name, email: valid.email, requested_pizzas: 3 };
  it.each(variants.map((change) => [JSON.stringify(change).slice(0, 80), change] as const))(
    'as the server does: %s',
    (_, change) => {
      const value = Object.fromEntries(
        Object.entries({ ...join, ...change }).filter(([key]) => key in join || key === 'vip_token'),
      );
      expect(checkWaitlistJoin(value)).toEqual(byServer(waitlistJoinSchema, value));
    },
  );
});
