// The kitchen board (rule: kitchen-steps): the day's orders, and each order's way through the
// kitchen, I ugnen → Klar → Hämtad/Serverad or Uteblev, with the last step undoable.
import { idParams, kitchenQuerySchema, kitchenStepSchema } from '../../../domain/payloads.js';
import { bookingChangedSchema, kitchenDaySchema } from '../../../domain/answers/index.js';
import { kitchenDay } from '../../../read-models/queries/kitchen.js';
import { bookingAsWritten } from '../../../projections/asWritten.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const kitchenRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Kök');

  const daySchema = {
    summary: 'Dagens väntande och bekräftade beställningar i tidsordning (köksvyn); utan datum: idag',
    querystring: kitchenQuerySchema,
    response: { 200: kitchenDaySchema, ...refusals },
  };
  app.get('/kitchen', { schema: daySchema }, async (request) => {
    const [day, menu] = await Promise.all([
      kitchenDay(docs, { date: request.query.date, clock: services.clock() }),
      services.menu.forLines(),
    ]);
    // Rule allergen-change: today's declarations beside the lines' own, read from the menu stream.
    const declarations = {
      pizzas: [...menu.pizzas].map(([id, p]) => ({ id, allergens: p.allergens })),
      extras: [...menu.extras].map(([id, e]) => ({ id, allergens: e.allergens })),
    };
    return { ...day, declarations };
  });

  // A step sent again (a retried request) appends nothing and answers the booking as it is; the
  // answer shows the booking as the write left it, as confirm's does (projections/asWritten.ts).
  const stepSchema = {
    summary: 'Nästa steg i köket för en bekräftad bokning (baking, ready, picked_up, no_show) eller undo',
    params: idParams,
    body: kitchenStepSchema,
    response: { 200: bookingChangedSchema, ...refusals },
  };
  app.put('/bookings/:id/kitchen', { schema: stepSchema }, async (request) => {
    const { id } = request.params;
    const position = await services.bookings.kitchenStep(id, request.body.step, actorOf(request));
    const booking = (await bookingAsWritten(docs, id, position, () => services.bookings.dayEvents(id)))!;
    return { success: true as const, booking };
  });
};
