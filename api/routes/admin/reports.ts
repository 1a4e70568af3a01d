// The PDF reports: the daily report (palombo-rapport-{date}.pdf) and the bookings report for a period.
import { bookingsReportQuerySchema, dailyReportQuerySchema } from '../../../domain/payloads.js';
import { bookingsBetween } from '../../../read-models/queries/admin.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';

export const reportRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/daily-report', async (request, reply) => {
    const { date } = parse(dailyReportQuerySchema, request.query);
    // @react-pdf/renderer is heavy: it loads with the first report, not at start.
    const { renderDailyReport } = await import('../../reports/dailyReportPdf.js');
    const clock = services.clock();
    const pdf = await renderDailyReport({ date, generatedAt: clock.now.toISOString(), timeZone: clock.timeZone, bookings: await bookingsBetween(docs, date, date) });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="palombo-rapport-${date}.pdf"`).send(pdf);
  });

  app.get('/bookings/report', async (request, reply) => {
    const { startDate, endDate } = parse(bookingsReportQuerySchema, request.query);
    const bookings = await bookingsBetween(docs, startDate, endDate);
    const { renderBookingsReport } = await import('../../reports/bookingsReportPdf.js');
    const clock = services.clock();
    const pdf = await renderBookingsReport({ startDate, endDate, generatedAt: clock.now.toISOString(), timeZone: clock.timeZone, bookings });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="bokningsrapport-${startDate}-${endDate}.pdf"`)
      .send(pdf);
  });
};
