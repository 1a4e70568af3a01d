// The PDF reports: the daily report (palombo-rapport-{date}.pdf) and the bookings report for a
// period; and the record of the sale of one order, printed for an order without an e-mail (rule:
// staff-order-record).
import { withKioskName } from '../../../domain/settings/kiosk.js';
import { bookingsReportQuerySchema, dailyReportQuerySchema, idParams } from '../../../domain/payloads.js';
import { bookingsBetween, getBooking } from '../../../read-models/queries/admin.js';
import { receiptVat } from '../../../domain/accounting/saleRecord.js';
import { printedRecordRefusal } from '../../../domain/accounting/staffOrderRecord.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { msg } from '../../../domain/messages.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

export const reportRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Rapporter');
  const pdf = { 200: fileAnswer('application/pdf', 'PDF'), ...refusals };

  app.get(
    '/daily-report',
    { schema: { summary: 'Dagsrapport (PDF)', querystring: dailyReportQuerySchema, response: pdf } },
    async (request, reply) => {
      const { date } = request.query;
      // @react-pdf/renderer is heavy: it loads with the first report, not at start.
      const { renderDailyReport } = await import('../../reports/dailyReportPdf.js');
      const clock = services.clock();
      const file = await renderDailyReport({
        date,
        generatedAt: clock.now.toISOString(),
        timeZone: clock.timeZone,
        bookings: await bookingsBetween(docs, date, date),
        seller: withKioskName(await services.settings.current()),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="palombo-rapport-${date}.pdf"`)
        .send(file);
    },
  );

  app.get(
    '/bookings/:id/confirmation.pdf',
    {
      schema: {
        summary:
          'Orderbekräftelse (PDF) för en beställning: säljaren, raderna, totalen inkl. moms och momsen per sats; för en beställning i disken eller på telefon utan e-post',
        params: idParams,
        response: pdf,
      },
    },
    async (request, reply) => {
      const booking = await getBooking(docs, request.params.id);
      if (!booking) throw new DomainError(msg.bookingNotFound, 'not_found');
      const refusal = printedRecordRefusal(booking);
      if (refusal || booking.status === 'cancelled') throw new DomainError(refusal ?? msg.bookingNotFound, 'rejected');
      const { renderOrderConfirmation } = await import('../../reports/orderConfirmationPdf.js');
      const clock = services.clock();
      const file = await renderOrderConfirmation({
        booking: { ...booking, status: booking.status },
        vat: receiptVat(booking, await services.accounting.settings()),
        seller: withKioskName(await services.settings.current()),
        generatedAt: clock.now.toISOString(),
        timeZone: clock.timeZone,
      });
      // Inline: it opens in the browser's viewer, to be printed from there.
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="orderbekraftelse-${booking.id}.pdf"`)
        .send(file);
    },
  );

  app.get(
    '/bookings/report',
    {
      schema: { summary: 'Bokningsrapport för en period (PDF)', querystring: bookingsReportQuerySchema, response: pdf },
    },
    async (request, reply) => {
      const { startDate, endDate } = request.query;
      const bookings = await bookingsBetween(docs, startDate, endDate);
      const { renderBookingsReport } = await import('../../reports/bookingsReportPdf.js');
      const clock = services.clock();
      const file = await renderBookingsReport({
        startDate,
        endDate,
        generatedAt: clock.now.toISOString(),
        timeZone: clock.timeZone,
        bookings,
        seller: withKioskName(await services.settings.current()),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="bokningsrapport-${startDate}-${endDate}.pdf"`)
        .send(file);
    },
  );
};
