// Staff order entry (rule: staff-orders): "Ny beställning" on the kitchen board and the bookings
// screen places a counter or phone order, confirmed at once.
import { bookingHeadersSchema, staffOrderPayloadSchema } from '../../../domain/payloads.js';
import { bookingChangedSchema } from '../../../domain/answers/index.js';
import { bookingAsWritten } from '../../../projections/asWritten.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const staffOrderRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Bokningar (personal)');

  const placeSchema = {
    summary:
      'Ny beställning i disken eller per telefon (201, bekräftad direkt); en full tid tas bara med override_capacity (409 utan); med Idempotency-Key bokas ett omförsök inte två gånger',
    headers: bookingHeadersSchema,
    body: staffOrderPayloadSchema,
    response: { 201: bookingChangedSchema, ...refusals },
  };
  app.post('/staff-orders', { schema: placeSchema }, async (request, reply) => {
    const admin = request.admin!;
    const { booking_id, position } = await services.staffOrders.place(
      request.body,
      { admin_id: admin.id, email: admin.email },
      request.headers['idempotency-key'] ?? null,
    );
    // The answer shows the order as the write left it (projections/asWritten.ts).
    const booking = (await bookingAsWritten(docs, booking_id, position, () =>
      services.bookings.dayEvents(booking_id),
    ))!;
    return reply.status(201).send({ success: true as const, booking });
  });
};
