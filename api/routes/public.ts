// Public calls (SPEC 7): menu, settings, open days, availability, VIP access, booking, bonus code
// check, lookup, public cancel and push subscription.
import type { FastifyPluginAsync } from 'fastify';
import {
  availabilityQuerySchema,
  bookingPayloadSchema,
  calendarQuerySchema,
  idempotencyKeySchema,
  lookupSchema,
  openDaysQuerySchema,
  publicCancelSchema,
  pushSubscriptionSchema,
  validateBonusCodeSchema,
} from '../../domain/payloads.js';
import { bonusCodeProblem } from '../../domain/bonusCodes/bonusCodes.js';
import { msg } from '../../domain/messages.js';
import { DomainError } from '../../domain/shared/errors.js';
import { availability, customerBooking, lookupBooking, openDays } from '../../read-models/queries/booking.js';
import { listPizzas } from '../../read-models/queries/admin.js';
import { getSettings, resolveVipToken, vipCustomerView } from '../../read-models/queries/common.js';
import { parse } from '../http/validate.js';
import { bookingIcs, calendarFileName } from '../calendar/bookingIcs.js';
import type { AppDeps, Limiters } from '../app.js';
import { limitedBy } from '../http/rateLimits.js';

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

export const publicRoutes: FastifyPluginAsync<{ deps: AppDeps; limiters: Limiters }> = async (app, { deps, limiters }) => {
  const { kiosk, docs } = deps;

  app.get('/pizzas', async () => listPizzas(docs, { activeOnly: true }));

  // The booking page needs capacity and hours; where staff mail goes is not public.
  app.get('/settings', async () => {
    const { admin_email: _hidden, ...settings } = await getSettings(docs);
    return settings;
  });

  app.get('/open-days', async (request) => {
    const query = parse(openDaysQuerySchema, request.query);
    const clock = kiosk.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    const days = await openDays(docs, { days: query.days, vip: vip.access, clock });
    return { ...days, is_vip: vip.access !== null, vip_customer: vipCustomerView(vip), ...(vip.error ? { error: vip.error } : {}) };
  });

  app.get('/availability', async (request) => {
    const query = parse(availabilityQuerySchema, request.query);
    const clock = kiosk.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    return { date: query.date, ...(await availability(docs, { date: query.date, pizzas: query.pizzas, vip: vip.access, clock })) };
  });

  // The call a booking page polls every second while a confirmation is shown. Without a token the
  // answer's JSON text is kept beside the memoised answer (see availability()), so most polls
  // skip serialising the slot list; with a token the response schema serialises it.
  app.get('/test-availability', { schema: { response: { 200: testAvailabilityResponse } } }, async (request, reply) => {
    const query = parse(availabilityQuerySchema, request.query);
    const clock = kiosk.clock();
    const vip = await resolveVipToken(docs, query.vip_token, clock.now);
    const result = await availability(docs, { date: query.date, pizzas: query.pizzas, vip: vip.access, clock });
    if (!query.vip_token) return reply.type(JSON_UTF8).send(anonymousAvailabilityJson(result));
    return { ...result, is_vip: vip.access !== null, vip_customer: vipCustomerView(vip), ...(vip.error ? { error: vip.error } : {}) };
  });

  app.get<{ Params: { token: string } }>('/vip/access/:token', async (request) => {
    const { access, customer } = await kiosk.vipAccess(request.params.token);
    // Anyone holding the link sees this: the customer's e-mail address is not part of it.
    const view = { id: customer?.id ?? null, name: access.customerName, vip_date: access.date };
    return { ...view, customer: view, message: msg.vipWelcome };
  });

  // An Idempotency-Key header makes retries safe (rule: idempotent-booking): a retry gets the
  // first answer again, also when the booking has been confirmed or cancelled since.
  app.post('/bookings', limitedBy(limiters.bookings), async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const idempotencyKey = header === undefined ? null : parse(idempotencyKeySchema, header);
    const payload = parse(bookingPayloadSchema, request.body);
    // The key and the bonus-use reference are bookkeeping, not part of the answer.
    const { idempotency_key: _key, bonus_ref: _ref, ...booking } = await kiosk.placeBooking(payload, idempotencyKey);
    return reply.status(201).send({
      booking_id: booking.booking_id,
      status: 'pending',
      booking: { ...booking, id: booking.booking_id, status: 'pending' },
    });
  });

  app.post('/validate-bonus-code', limitedBy(limiters.lookups), async (request, reply) => {
    const { code } = parse(validateBonusCodeSchema, request.body);
    const bonus = await kiosk.bonusCode(code);
    const problem = bonusCodeProblem(bonus, kiosk.clock());
    if (problem || !bonus) return reply.status(400).send({ valid: false, error: problem ?? msg.bonusCodeInvalid });
    return { valid: true, code: bonus.code, description: bonus.description, discount_percentage: bonus.discount_percentage };
  });

  app.post('/bookings/lookup', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const input = parse(lookupSchema, request.body);
    const found = await lookupBooking(docs, { bookingId: input.booking_id, email: input.email, clock: kiosk.clock() });
    if (!found) throw new DomainError(msg.bookingNotFound, 'not_found');
    return found;
  });

  // "Lägg till i kalendern" on the confirmation and lookup pages: the e-mail guards it like lookup.
  app.get<{ Params: { id: string } }>('/bookings/:id/calendar.ics', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email } = parse(calendarQuerySchema, request.query);
    const booking = await customerBooking(docs, { bookingId: request.params.id, email });
    if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
    const settings = await getSettings(docs);
    const clock = kiosk.clock();
    const ics = bookingIcs(booking, { timeZone: clock.timeZone, slotMinutes: settings.slot_length_minutes, now: clock.now });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${calendarFileName(booking.id)}"`)
      .send(ics);
  });

  app.post<{ Params: { id: string } }>('/bookings/:id/cancel-public', limitedBy(limiters.lookups), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email } = parse(publicCancelSchema, request.body);
    await kiosk.cancelBookingByCustomer(request.params.id, email);
    return { success: true, message: msg.bookingCancelledByCustomer };
  });

  app.post('/notifications/subscribe', limitedBy(limiters.bookings), async (request, reply) => {
    const subscription = parse(pushSubscriptionSchema, request.body);
    const keys = Object.fromEntries(Object.entries(subscription.keys ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const id = await kiosk.subscribePush(subscription.endpoint, keys);
    return reply.status(201).send({ success: true, id });
  });
};
