// GET /admin/daily-report: the day's bookings, what to bake, and the figures, as a PDF.
import { renderToBuffer } from '@react-pdf/renderer';
import { summarise, type DailyReportInput } from './reportData.js';
import { BakingList, BookingTable, Empty, Heading, ReportDocument, Summary, swedishDate } from './pdfParts.js';

export async function renderDailyReport(input: DailyReportInput): Promise<Buffer> {
  const bookings = [...input.bookings].sort((a, b) => a.booking_time.localeCompare(b.booking_time));
  const summary = summarise(bookings);
  return renderToBuffer(
    <ReportDocument title="Dagsrapport" subtitle={swedishDate(input.date)} generatedAt={input.generatedAt}>
      {bookings.length === 0 ? (
        <Empty>Inga bokningar denna dag.</Empty>
      ) : (
        <>
          <Summary summary={summary} />
          <BakingList summary={summary} />
          <Heading>Bokningar</Heading>
          <BookingTable bookings={bookings} />
        </>
      )}
    </ReportDocument>,
  );
}
