// The days and slots a customer can book: GET /api/open-days, /api/availability and
// /api/test-availability (the call a booking page polls), each with an optional VIP token.
import { availabilityQuerySchema, openDaysQuerySchema } from '../../../domain/payloads.js';
import { availability, cachedAvailability, openDays } from '../../../read-models/queries/booking.js';
import { resolveVipToken, vipCustomerView } from '../../../read-models/queries/common.js';
import {
  availabilityAnswerSchema,
  openDaysAnswerSchema,
  testAvailabilityAnswerSchema,
} from '../../../domain/answers/index.js';
import { describeRoutes, refusals, sendJsonBytes } from '../../http/routeSchema.js';
import { memoisedQuery } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import type { Clock } from '../../../domain/shared/time.js';

// The JSON of tokenless test-availability answers, as UTF-8 bytes, by memoised answer: it lives as
// long as the answer does, and a changed day or settings document means a new answer and so new
// bytes (byte for byte what serialising the answer gives: the same JSON.stringify, encoded once).
const anonymousJson = new WeakMap<object, Buffer>();
function anonymousAvailabilityJson(result: Awaited<ReturnType<typeof availability>>): Buffer {
  let bytes = anonymousJson.get(result);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify({ ...result, is_vip: false, vip_customer: null }), 'utf8');
    anonymousJson.set(result, bytes);
  }
  return bytes;
}

export const availabilityRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Bokningsbara dagar och tider');

  const openDaysSchema = {
    summary: 'Öppna dagar framåt (VIP-dagar endast med giltig token)',
    querystring: openDaysQuerySchema,
    response: { 200: openDaysAnswerSchema, ...refusals },
  };
  app.get('/open-days', { schema: openDaysSchema }, async (request) => {
    const query = request.query;
    const clock = services.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    const days = await openDays(docs, { days: query.days, vip: vip.access, clock });
    return {
      ...days,
      is_vip: vip.access !== null,
      vip_customer: vipCustomerView(vip),
      ...(vip.error ? { error: vip.error } : {}),
    };
  });

  const availabilitySchema = {
    summary: 'Tider och kapacitet för ett datum',
    querystring: availabilityQuerySchema,
    response: { 200: availabilityAnswerSchema, ...refusals },
  };
  app.get('/availability', { schema: availabilitySchema }, async (request) => {
    const query = request.query;
    const clock = services.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    return {
      date: query.date,
      ...(await availability(docs, { date: query.date, pizzas: query.pizzas, vip: vip.access, clock })),
    };
  });

  // The call a booking page polls every second while a confirmation is shown. Without a token the
  // answer's JSON text is kept beside the memoised answer (see availability()), so most polls
  // skip serialising the slot list; and when the read-model cache holds the day, the settings and
  // the closures (cachedAvailability), the answer is sent at once, with no promise: the handler is
  // a plain function, so that the server's CPU per poll stays near what its bytes cost to send
  // (docs/bench.md, "The availability query").
  const testSchema = {
    summary: 'Bokningssidans anrop: tider för ett datum och ett antal pizzor',
    querystring: memoisedQuery(availabilityQuerySchema),
    response: { 200: testAvailabilityAnswerSchema, ...refusals },
  };
  app.get('/test-availability', { schema: testSchema }, (request, reply) => {
    const query = request.query;
    const clock = services.clock();
    if (!query.vip_token) {
      const input = { date: query.date, pizzas: query.pizzas, vip: null, clock };
      const cached = cachedAvailability(docs, input);
      if (cached !== undefined) {
        sendJsonBytes(reply, anonymousAvailabilityJson(cached));
        return;
      }
      return availability(docs, input).then((result) => {
        sendJsonBytes(reply, anonymousAvailabilityJson(result));
      });
    }
    return vipAvailability(query.vip_token, query.date, query.pizzas, clock);
  });

  /** The answer for a VIP link's token: its access, or why it gives none. */
  async function vipAvailability(token: string, date: string, pizzas: number, clock: Clock) {
    const vip = await resolveVipToken(docs, token, clock.now);
    const result = await availability(docs, { date, pizzas, vip: vip.access, clock });
    return {
      ...result,
      is_vip: vip.access !== null,
      vip_customer: vipCustomerView(vip),
      ...(vip.error ? { error: vip.error } : {}),
    };
  }
};
