// GET /admin/bookings/report: bookings of a date range, grouped by date, as a PDF.
import { renderToBuffer } from '@react-pdf/renderer';
import { summarise, type BookingsReportInput, type ReportBooking } from './reportData.js';
import { BakingList, BookingTable, Empty, Heading, ReportDocument, Summary, swedishDate } from './pdfParts.js';

export async function renderBookingsReport(input: BookingsReportInput): Promise<Buffer> {
  const byDate = new Map<string, ReportBooking[]>();
  for (const b of input.bookings) byDate.set(b.booking_date, [...(byDate.get(b.booking_date) ?? []), b]);
  const dates = [...byDate.keys()].sort();
  const summary = summarise(input.bookings);
  return renderToBuffer(
    <ReportDocument title="Bokningsrapport" subtitle={`${input.startDate} – ${input.endDate}`} generatedAt={input.generatedAt}>
      {input.bookings.length === 0 ? (
        <Empty>Inga bokningar i perioden.</Empty>
      ) : (
        <>
          <Summary summary={summary} />
          <BakingList summary={summary} />
          {dates.map((date) => (
            <DateSection key={date} date={date} bookings={byDate.get(date)!} />
          ))}
        </>
      )}
    </ReportDocument>,
  );
}

function DateSection({ date, bookings }: { date: string; bookings: ReportBooking[] }) {
  const sorted = [...bookings].sort((a, b) => a.booking_time.localeCompare(b.booking_time));
  return (
    <>
      <Heading>{swedishDate(date)}</Heading>
      <BookingTable bookings={sorted} />
    </>
  );
}
