// GET /admin/bookings/report (SPEC 7): the bookings between two dates as a PDF, saved under
// SPEC's file name; the query is checked with the schema the server uses.
import type { z } from 'zod';
import { downloadFile } from '../../../lib/download.js';
import { bookingsReportQuerySchema } from '../../../../domain/payloads.js';

export { bookingsReportQuerySchema };
export type BookingsReportQuery = z.output<typeof bookingsReportQuerySchema>;

export function downloadBookingsReport({ startDate, endDate }: BookingsReportQuery) {
  const query = new URLSearchParams({ startDate, endDate });
  return downloadFile(`/admin/bookings/report?${query}`, `bokningsrapport-${startDate}-${endDate}.pdf`);
}
