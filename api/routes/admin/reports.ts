// The PDF reports: the daily report (palombo-rapport-{date}.pdf) and the bookings report for a period.
import { bookingsReportQuerySchema, dailyReportQuerySchema } from '../../../domain/payloads.js';
import { bookingsBetween } from '../../../read-models/queries/admin.js';
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
        seller: (await services.settings.current()).seller,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="palombo-rapport-${date}.pdf"`)
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
        seller: (await services.settings.current()).seller,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="bokningsrapport-${startDate}-${endDate}.pdf"`)
        .send(file);
    },
  );
};
