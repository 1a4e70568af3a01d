// The days and slots a customer can book: GET /api/open-days, /api/availability and
// /api/test-availability (the call a booking page polls), each with an optional VIP token.
import { availabilityQuerySchema, openDaysQuerySchema } from '../../../domain/payloads.js';
import { availability, openDays } from '../../../read-models/queries/booking.js';
import { resolveVipToken, vipCustomerView } from '../../../read-models/queries/common.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

const slotSchema = {
  type: 'object',
  properties: {
    time: { type: 'string' },
    available: { type: 'boolean' },
    can_accommodate: { type: 'boolean' },
    capacity_remaining: { type: 'integer' },
  },
} as const;

const testAvailabilityResponse = {
  type: 'object',
  properties: {
    available: { type: 'boolean' },
    message: { type: ['string', 'null'] },
    slots: { type: 'array', items: slotSchema },
    fits_request: { type: 'boolean' },
    is_vip: { type: 'boolean' },
    vip_customer: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' }, email: { type: ['string', 'null'] }, vip_date: { type: ['string', 'null'] } } },
      ],
    },
    error: { type: 'string' },
  },
} as const;

const JSON_UTF8 = 'application/json; charset=utf-8';

// JSON text of tokenless test-availability answers, by memoised answer: it lives as long as the
// answer does, and a changed day or settings document means a new answer and so new text.
const anonymousJson = new WeakMap<object, string>();
function anonymousAvailabilityJson(result: Awaited<ReturnType<typeof availability>>): string {
  let text = anonymousJson.get(result);
  if (text === undefined) {
    text = JSON.stringify({ ...result, is_vip: false, vip_customer: null });
    anonymousJson.set(result, text);
  }
  return text;
}

export const availabilityRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/open-days', async (request) => {
    const query = parse(openDaysQuerySchema, request.query);
    const clock = services.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    const days = await openDays(docs, { days: query.days, vip: vip.access, clock });
    return { ...days, is_vip: vip.access !== null, vip_customer: vipCustomerView(vip), ...(vip.error ? { error: vip.error } : {}) };
  });

  app.get('/availability', async (request) => {
    const query = parse(availabilityQuerySchema, request.query);
    const clock = services.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    return { date: query.date, ...(await availability(docs, { date: query.date, pizzas: query.pizzas, vip: vip.access, clock })) };
  });

  // The call a booking page polls every second while a confirmation is shown. Without a token the
  // answer's JSON text is kept beside the memoised answer (see availability()), so most polls
  // skip serialising the slot list; with a token the response schema serialises it.
  app.get('/test-availability', { schema: { response: { 200: testAvailabilityResponse } } }, async (request, reply) => {
    const query = parse(availabilityQuerySchema, request.query);
    const clock = services.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    const result = await availability(docs, { date: query.date, pizzas: query.pizzas, vip: vip.access, clock });
    if (!query.vip_token) return reply.type(JSON_UTF8).send(anonymousAvailabilityJson(result));
    return { ...result, is_vip: vip.access !== null, vip_customer: vipCustomerView(vip), ...(vip.error ? { error: vip.error } : {}) };
  });
};
