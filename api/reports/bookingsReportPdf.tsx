// GET /admin/bookings/report: a date range's figures and its bookings grouped by date, as a PDF.
import { renderToBuffer } from '@react-pdf/renderer';
import { groupByDate, summarise, type BookingsReportInput } from './reportData.js';
import { BookingTable, Notice, PizzaQuantities, ReportDocument, Summary, swedishDate } from './pdfParts.js';

export async function renderBookingsReport(input: BookingsReportInput): Promise<Buffer> {
  const days = groupByDate(input.bookings);
  const summary = summarise(input.bookings);
  return renderToBuffer(
    <ReportDocument
      title="Bokningsrapport"
      subtitle={`${input.startDate} – ${input.endDate}`}
      generatedAt={input.generatedAt}
      timeZone={input.timeZone}
      seller={input.seller}
    >
      {days.length === 0 ? (
        <Notice>Inga bokningar i perioden.</Notice>
      ) : (
        <>
          <Summary summary={summary} />
          {/* Over a period this is a sales mix, not a baking list, hence the other title. */}
          <PizzaQuantities title="Pizzor per sort" summary={summary} />
          {days.map((day) => (
            <BookingTable key={day.date} caption={swedishDate(day.date)} bookings={day.bookings} />
          ))}
        </>
      )}
    </ReportDocument>,
  );
}
