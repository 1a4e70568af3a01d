// What is held about the customer, counted by kind, their bookings, and the whole as one JSON file.
import { toast } from '../../../lib/toast.js';
import { formatDateShort } from '../../../lib/format.js';
import type { CustomerExport } from '../api/customers.js';
import { countsOf, isEmpty, whoOf } from '../lib/customerLookup.js';
import { customerTexts as texts } from '../texts.js';

function download(data: CustomerExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: texts.fileName(data.email || data.phone || data.booking_id || ''),
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  toast.success(texts.downloaded);
}

export function CustomerResult({ found }: { found: CustomerExport }) {
  return (
    <section className="card customers__result" aria-labelledby="customer-result-title" aria-live="polite">
      <h2 id="customer-result-title">{texts.resultTitle(whoOf(found))}</h2>
      {isEmpty(found) ? (
        <p>{found.phone ? texts.nothingPhone : found.booking_id ? texts.nothingNumber : texts.nothing}</p>
      ) : (
        <>
          <dl className="customers__counts">
            {countsOf(found).map(([label, n]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{n}</dd>
              </div>
            ))}
          </dl>
          {found.bookings.length > 0 && (
            <ul className="customers__bookings">
              {found.bookings.map(({ booking }) => (
                <li key={booking.id}>
                  {booking.id}: {formatDateShort(booking.booking_date)} {booking.booking_time}, {booking.name},{' '}
                  {booking.pizza_summary}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn--secondary" onClick={() => download(found)}>
            {texts.download}
          </button>
        </>
      )}
    </section>
  );
}
