// The counter's evening for staff (issue 29): mark a pizza sold out today, list and mail the
// bookings holding it, set a daily stock, pause web bookings, delay a slot and undo it.
import { dailyStockInputSchema } from '../../../domain/menu/dailyStock.js';
import { stockPoolInputSchema } from '../../../domain/menu/stockPools.js';
import {
  dayStatusQuerySchema,
  delayInputSchema,
  pauseInputSchema,
  soldOutInputSchema,
  undoDelayInputSchema,
} from '../../../domain/kioskDay/counterPayloads.js';
import { msg } from '../../../domain/messages.js';
import { numericIdParams } from '../../../domain/payloads.js';
import {
  slotDelayAnswerSchema,
  soldOutBookingsSchema,
  stockPoolSavedSchema,
  successAnswerSchema,
  swapOffersAnswerSchema,
} from '../../../domain/answers/index.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import type { Services } from '../../services/index.js';
import { actorOf } from './actor.js';

/** The plugin's instance, as each group of the counter's routes is declared on it. */
type CounterApp = Parameters<RoutePlugin>[0];
type Counter = Services['counter'];

const success = { success: true as const };

// One plugin (its capability, rule: admin-roles, is named per plugin in ./index.ts), its routes
// in three groups, declared in this order: the sold-out pizzas, the stock, the web pause and delays.
export const counterRoutes: RoutePlugin = async (app, { deps: { services } }) => {
  describeRoutes(app, 'Kvällen vid disken (personal)');
  soldOutRoutes(app, services.counter);
  stockRoutes(app, services.counter);
  pauseAndDelayRoutes(app, services.counter);
};

/** A pizza sold out today (until a time, or closing), back in stock, the bookings holding it and their offers. */
function soldOutRoutes(app: CounterApp, counter: Counter) {
  const params = numericIdParams(msg.pizzaNotFound);
  app.put(
    '/sold-out/:id',
    {
      schema: {
        summary: 'Markera en pizza som slut (until: TT:MM, eller null till stängning; utan datum: idag)',
        params,
        body: soldOutInputSchema,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { date, until } = request.body;
      await counter.markSoldOut(date, request.params.id, until, actorOf(request));
      return success;
    },
  );

  app.delete(
    '/sold-out/:id',
    {
      schema: {
        summary: 'Pizzan finns igen (utan datum: idag)',
        params,
        querystring: dayStatusQuerySchema,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await counter.backInStock(request.query.date, request.params.id, actorOf(request));
      return success;
    },
  );

  app.get(
    '/sold-out/:id/bookings',
    {
      schema: {
        summary: 'Bokningarna som har en slutsåld pizza (utan datum: idag)',
        params,
        querystring: dayStatusQuerySchema,
        response: { 200: soldOutBookingsSchema, ...refusals },
      },
    },
    async (request) => counter.soldOutBookings(request.query.date, request.params.id),
  );

  app.post(
    '/sold-out/:id/offers',
    {
      schema: {
        summary: 'Mejla varje bokning med pizzan ett erbjudande om byte eller avbokning (en gång per bokning)',
        params,
        querystring: dayStatusQuerySchema,
        response: { 200: swapOffersAnswerSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      offered: await counter.offerSwaps(request.query.date, request.params.id, actorOf(request)),
    }),
  );
}

/** A pizza's daily stock, and the daily stocks per base the pizzas on that base draw from (rule: daily-stock). */
function stockRoutes(app: CounterApp, counter: Counter) {
  app.put(
    '/pizzas/:id/daily-stock',
    {
      schema: {
        summary: 'Dagligt lager för en pizza (per_day: antal per dag, null för obegränsat)',
        params: numericIdParams(msg.pizzaNotFound),
        body: dailyStockInputSchema,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await counter.setDailyStock(request.params.id, request.body.per_day, actorOf(request));
      return success;
    },
  );

  // A daily stock per base (rule: daily-stock): a named pool the pizzas on that base draw from.
  const poolParams = numericIdParams(msg.stockPoolNotFound);
  app.post(
    '/stock-pools',
    {
      schema: {
        summary: 'Nytt dagligt lager per botten (t.ex. Glutenfri botten: 6 per dag) och pizzorna som görs på den',
        body: stockPoolInputSchema,
        response: { 201: stockPoolSavedSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const id = await counter.setStockPool(null, request.body, actorOf(request));
      return reply.status(201).send({ success: true as const, id });
    },
  );
  app.put(
    '/stock-pools/:id',
    {
      schema: {
        summary: 'Ändra ett dagligt lager per botten',
        params: poolParams,
        body: stockPoolInputSchema,
        response: { 200: stockPoolSavedSchema, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      id: await counter.setStockPool(request.params.id, request.body, actorOf(request)),
    }),
  );
  app.delete(
    '/stock-pools/:id',
    {
      schema: {
        summary: 'Ta bort ett dagligt lager per botten',
        params: poolParams,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await counter.removeStockPool(request.params.id, actorOf(request));
      return success;
    },
  );
}

/** Today's web bookings paused and opened again; a slot's orders delayed, and the delay undone. */
function pauseAndDelayRoutes(app: CounterApp, counter: Counter) {
  app.put(
    '/web-pause',
    {
      schema: {
        summary: 'Pausa dagens webbokningar i 15, 30 eller 60 minuter (null: resten av dagen) med en anledning',
        body: pauseInputSchema,
        response: { 200: successAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      await counter.pause(request.body.minutes, request.body.reason, actorOf(request));
      return success;
    },
  );

  app.delete(
    '/web-pause',
    { schema: { summary: 'Öppna webbokningen igen', response: { 200: successAnswerSchema, ...refusals } } },
    async (request) => {
      await counter.resume(actorOf(request));
      return success;
    },
  );

  app.post(
    '/slot-delays',
    {
      schema: {
        summary:
          'Skjut upp en tids beställningar 10, 15 eller 20 minuter (varje kund får ett besked: push, SMS eller mejl)',
        body: delayInputSchema,
        response: { 200: slotDelayAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { date, time, minutes } = request.body;
      return { success: true as const, orders: await counter.delay(date, time, minutes, actorOf(request)) };
    },
  );

  app.post(
    '/slot-delays/undo',
    {
      schema: {
        summary: 'Ångra en tids uppskjutning (varje kund får ett besked: push, SMS eller mejl)',
        body: undoDelayInputSchema,
        response: { 200: slotDelayAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { date, time } = request.body;
      return { success: true as const, orders: await counter.undoDelay(date, time, actorOf(request)) };
    },
  );
}
