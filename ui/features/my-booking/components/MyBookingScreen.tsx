// /my-booking (SPEC 2): look a booking up by e-mail and booking number, see it, cancel it while
// that is allowed. ?id=&email= fill the form and look up after 100 ms. The lookup's fields and the
// booking's state are the hooks'; what is shown of the booking is BookingResult.
import { myBookingTexts } from '../texts.js';
import { LookupForm } from './LookupForm.js';
import { BookingResult } from './BookingResult.js';
import { useLookupFields } from '../hooks/useLookupFields.js';
import { useMyBooking } from '../hooks/useMyBooking.js';
import '../my-booking.css';

export function MyBookingScreen() {
  const fields = useLookupFields();
  const my = useMyBooking(fields);
  return (
    <>
      <section className="hero hero--small">
        <h1>{myBookingTexts.title}</h1>
        <p>{myBookingTexts.intro}</p>
      </section>
      {!my.result ? (
        <LookupForm
          email={fields.email}
          bookingId={fields.bookingId}
          error={my.error}
          busy={my.busy}
          onEmail={fields.setEmail}
          onBookingId={fields.setBookingId}
          onSubmit={() => void my.lookup(fields.bookingId, fields.email)}
        />
      ) : (
        <BookingResult result={my.result} my={my} />
      )}
    </>
  );
}
