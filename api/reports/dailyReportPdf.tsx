// GET /admin/daily-report: one day's figures, what to bake and the bookings in time order, as a PDF.
import { renderToBuffer } from '@react-pdf/renderer';
import { sortByTime, summarise, type DailyReportInput } from './reportData.js';
import { BookingTable, Notice, PizzaQuantities, ReportDocument, Summary, swedishDate } from './pdfParts.js';

export async function renderDailyReport(input: DailyReportInput): Promise<Buffer> {
  const bookings = sortByTime(input.bookings);
  const summary = summarise(bookings);
  return renderToBuffer(
    <ReportDocument
      title="Dagsrapport"
      subtitle={swedishDate(input.date)}
      generatedAt={input.generatedAt}
      timeZone={input.timeZone}
      seller={input.seller}
    >
      {bookings.length === 0 ? (
        <Notice>Inga bokningar denna dag.</Notice>
      ) : (
        <>
          <Summary summary={summary} />
          <PizzaQuantities title="Bakningslista" summary={summary} />
          <BookingTable caption="Bokningar" bookings={bookings} />
        </>
      )}
    </ReportDocument>,
  );
}
